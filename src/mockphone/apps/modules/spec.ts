// An app declared as data (a workspace's *.app.yaml, schemas/app.schema.json): what the module
// runtime builds a manifest from. Validated before it gets here (src/studio/app-files/), so
// these types are the schema's shapes; `at` is "file:line" of the part, for errors at run time.
// A text is literal, `@key` (a string of the app's locale) or `=expr` (CEL); no code runs.
import type { Locale } from '../app';

export type Cel = string;
export type Text = string;
export type CelMap = Record<string, Cel>;

export interface QuerySpec {
  sql: string;
  args?: Cel[];
}

export type ActionSpec =
  | { navigate: string; params?: CelMap; fields?: CelMap; focus?: string; replace?: boolean }
  | { back: boolean }
  | { insert: { table: string; values: CelMap } }
  | { update: { table: string; set: CelMap; where: CelMap } }
  | { delete: { table: string; where: CelMap } }
  | { toast: Text }
  | { share: Text }
  | { openApp: string }
  | { setField: { key: string; value: Cel } };

export const ACTION_KINDS = ['navigate', 'back', 'insert', 'update', 'delete', 'toast', 'share', 'openApp', 'setField'] as const;

export interface MenuItemSpec {
  label: Text;
  id?: string;
  do: ActionSpec[];
}

export interface ListScreenSpec {
  module: 'list';
  title?: Text;
  back?: boolean;
  search?: { hint?: Text; id?: string };
  query: QuerySpec;
  item: { style?: 'card' | 'row'; id?: string; title: Cel; body?: Cel; desc?: Cel; icon?: string; tap?: ActionSpec[]; menu?: MenuItemSpec[] };
  sections?: { when: Cel; labels: [Text, Text] };
  empty?: { icon?: string; text: Text };
  fab?: { icon: string; desc?: Text; id?: string; do: ActionSpec[] };
}

export interface FieldSpec {
  key: string;
  hint?: Text;
  label?: Text;
  id?: string;
  style?: 'plain' | 'outlined';
  multiline?: boolean;
  large?: boolean;
  minHeight?: number;
  required?: boolean;
  pattern?: string;
  maxLength?: number;
  message?: Text;
}

export interface FormScreenSpec {
  module: 'form';
  title?: Text;
  table: string;
  fields: FieldSpec[];
  saveOnBack?: boolean;
  discardEmpty?: boolean;
  stamps?: { insert?: CelMap; update?: CelMap };
  save?: { id?: string; desc?: Text; toast?: Text };
  delete?: { id?: string; desc?: Text; title?: Text; message?: Text; cancel?: Text; confirmId?: string; toast?: Text };
  footer?: { text: Text; time: string; id?: string };
  after?: ActionSpec[];
}

export interface DetailScreenSpec {
  module: 'detail';
  title?: Text;
  query: QuerySpec;
  fields: { label: Text; value: Cel; id?: string }[];
  actions?: MenuItemSpec[];
}

export interface SettingsScreenSpec {
  module: 'settings';
  title?: Text;
  back?: boolean;
  table: string;
  toggles: { key: string; title: Text; summary?: Text; id?: string }[];
}

export interface PeopleScreenSpec {
  module: 'people';
  search?: { hint?: Text; id?: string };
  query: QuerySpec;
  item: { id?: string; name: Cel; desc?: Cel; tap?: ActionSpec[] };
  favorites?: { when: Cel; labels: [Text, Text] };
  /** The text whose first letter heads each group (while not searching). */
  letters?: Cel;
  empty?: { icon?: string; text: Text; searching?: Text };
  fab?: { icon: string; desc?: Text; id?: string; do: ActionSpec[] };
}

/** A line of a cart or an order: how its row reads (the shop modules share it). */
export interface LineItemSpec {
  id?: string;
  title: Cel;
  price: Cel;
  qty: Cel;
  options?: Cel;
  /** The hue (0–359) of the line's photo placeholder. */
  hue?: Cel;
}

/** What the shop modules share: the brand colour of prices and buttons, and the money sign. */
export interface CommerceLook {
  title?: Text;
  accent?: string;
  currency?: string;
}

export interface CartScreenSpec extends CommerceLook {
  module: 'cart';
  query: QuerySpec;
  /** The table of the lines (qty − / + update it, remove deletes from it), keyed by id. */
  table: string;
  qtyColumn?: string;
  item: LineItemSpec;
  empty?: { icon?: string; text: Text };
  total?: Text;
  removeDesc?: Text;
  /** Its actions see `ids` (the lines' ids) and `count`; the label gets {n}. */
  checkout: { label: Text; id?: string; do: ActionSpec[] };
}

export interface CheckoutScreenSpec extends CommerceLook {
  module: 'checkout';
  /** The lines being bought. */
  lines: QuerySpec;
  item: LineItemSpec;
  address: { query: QuerySpec; title: Cel; body: Cel; none: Text; id?: string; tap?: ActionSpec[] };
  total?: Text;
  /** Submitting writes the order, a row per line, removes the lines, then runs `after` (scope: `order`, the new id). */
  submit: {
    label: Text; id?: string; needAddress?: Text;
    order: { table: string; values: CelMap };
    line: { table: string; values: CelMap };
    remove?: { table: string };
    after?: ActionSpec[];
  };
}

export interface AddressesScreenSpec extends CommerceLook {
  module: 'addresses';
  query: QuerySpec;
  item: { id?: string; desc?: Cel; title: Cel; body: Cel; isDefault?: Cel; defaultLabel?: Text; tap?: ActionSpec[]; tapWhen?: Cel };
  add: { label: Text; id?: string; do: ActionSpec[] };
}

export interface AddressFormScreenSpec extends CommerceLook {
  module: 'addressForm';
  table: string;
  fields: { key: string; label: Text; id?: string }[];
  /** A switch that makes this the one default row (the column is cleared on the others). */
  defaultToggle?: { column: string; label: Text; id?: string };
  save: { label: Text; id?: string; needAll?: Text; after?: ActionSpec[] };
}

export interface PaymentScreenSpec extends CommerceLook {
  module: 'payment';
  query: QuerySpec;
  amount: Cel;
  amountLabel?: Text;
  method: { label: Text; icon?: string };
  /** Where the bar's back arrow goes (default: back). */
  back?: ActionSpec[];
  confirm: { label: Text; id?: string; do: ActionSpec[]; dialog?: { title: Text; message?: Text; ok: Text; id?: string } };
  later?: { label: Text; id?: string; do: ActionSpec[] };
}

export interface OrdersScreenSpec extends CommerceLook {
  module: 'orders';
  query: QuerySpec;
  item: { id?: string; title: Cel; status: Text; statusId?: string; total: Cel; tap?: ActionSpec[]; tapWhen?: Cel };
  empty?: { icon?: string; text: Text };
}

export type CommerceScreenSpec = CartScreenSpec | CheckoutScreenSpec | AddressesScreenSpec | AddressFormScreenSpec | PaymentScreenSpec | OrdersScreenSpec;

export type ScreenSpec = (ListScreenSpec | FormScreenSpec | DetailScreenSpec | SettingsScreenSpec | PeopleScreenSpec
  | CommerceScreenSpec) & { at?: string };

export type SeedValue =
  | string | number | boolean | null
  | { pick: (string | number)[] | Partial<Record<Locale, (string | number)[]>> }
  | { int: [number, number] }
  | { price: [number, number] }
  | { name: 'full' | 'first' | 'last' }
  | { minutesAgo: [number, number] }
  | { index: number };

export interface GeneratorSpec {
  table: string;
  count: [number, number];
  values: Record<string, SeedValue>;
  at?: string;
}

export interface SeedSpec {
  rows?: Partial<Record<Locale, Record<string, Record<string, string | number | boolean | null>[]>>>;
  generate?: GeneratorSpec[];
  /** "file:line" of each locale's rows, by table, row by row (seed errors name the row). */
  rowsAt?: Partial<Record<Locale, Record<string, string[]>>>;
}

export interface AppSpec {
  /** The file it was read from (errors name it). */
  file: string;
  package: string;
  overrides?: boolean;
  label: string | Partial<Record<Locale, string>>;
  icon?: string;
  accent?: string;
  database?: { file?: string; schema: string; seed?: SeedSpec };
  strings?: Partial<Record<Locale, Record<string, string>>>;
  home: string;
  screens: Record<string, ScreenSpec>;
}

/** Rows a seed may write in all (a seed that runs away is refused at load). */
export const MAX_SEED_ROWS = 10_000;
