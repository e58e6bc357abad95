// An app declared as data (a workspace's *.app.yaml, schemas/app.schema.json): what the module
// runtime builds a manifest from. Validated before it gets here (src/studio/app-files/), so
// these types are the schema's shapes; `at` is "file:line" of the part, for errors at run time.
// A text is literal, `@key` (a string of the app's locale) or `=expr` (CEL); no code runs.
import type { Locale } from '../app';
import type { PersonFormScreenSpec, PersonScreenSpec } from './person-spec';
import type { ProductScreenSpec, ProductsScreenSpec } from './shop-spec';

export type Cel = string;
export type Text = string;
export type CelMap = Record<string, Cel>;

export interface QuerySpec {
  sql: string;
  args?: Cel[];
  /** Every word of `words` in one of `columns` (LIKE '%word%'), where the SQL says `{match}` (match.ts). */
  match?: { words: Cel; columns: string[] };
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
  /** The ids of the lines to buy (a list, e.g. params.itemIds): the query's other rows are left out (cheaper than filtering in SQL). */
  only?: Cel;
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

/** An app-bar button: its icon, its description (content-desc), its resource-id, what it does. */
export interface BarActionSpec {
  icon: string;
  desc?: Text;
  id: string;
  do: ActionSpec[];
}

export interface ThreadScreenSpec {
  module: 'thread';
  title?: Text;
  back?: boolean;
  /** The messages, oldest first. */
  query: QuerySpec;
  message: { body: Cel; mine: Cel; time?: Cel; id?: string };
  /** A label where the day changes (today: the time; yesterday; else the date); needs message.time. */
  days?: { yesterday: Text };
  composer?: { key?: string; hint?: Text; id?: string; sendId?: string; sendDesc?: Text };
  /** Run on send with `text`, the composer's text (then it is cleared). */
  send: ActionSpec[];
  actions?: BarActionSpec[];
  copy?: { label: Text; id?: string; toast?: Text };
}

export interface CalendarScreenSpec {
  module: 'calendar';
  /** Events overlapping [from, to) (ms, variables of the query's args). */
  query: QuerySpec;
  item: { title: Cel; start: Cel; end: Cel; place?: Cel; color?: Cel; bell?: Cel; id?: string; tap?: ActionSpec[] };
  accent?: string;
  labels?: { prev?: Text; next?: Text; today?: Text; empty?: Text };
  /** Run when a day is tapped, with `day` (YYYY-MM-DD): a date picker writes it somewhere. */
  select?: ActionSpec[];
  actions?: BarActionSpec[];
  fab?: { icon: string; desc?: Text; id?: string; do: ActionSpec[] };
}

export interface TabsScreenSpec {
  module: 'tabs';
  accent?: string;
  tabs: { label: Text; icon: string; id?: string; screen: string }[];
}

export interface FilterSpec {
  key: string;
  label: Text;
  id?: string;
  options: { label: Text; value: string | number }[];
}

export interface BookingScreenSpec {
  module: 'booking';
  title?: Text;
  back?: boolean;
  accent?: string;
  /** The results; `filter.<key>` (a chosen option's value, or null) and `sort` are variables of its args. */
  query: QuerySpec;
  filters?: FilterSpec[];
  sort?: { label: Text; id?: string; options: { label: Text; value: string }[] };
  item: { title: Cel; subtitle?: Cel; price?: Cel; id?: string; tap?: ActionSpec[] };
  book?: { label: Text; id?: string; title: Text; message?: Text; confirm: Text; cancel?: Text; confirmId?: string; do: ActionSpec[] };
  empty?: { icon?: string; text: Text };
}

export type ScreenSpec = (ListScreenSpec | FormScreenSpec | DetailScreenSpec | SettingsScreenSpec | PeopleScreenSpec
  | ThreadScreenSpec | CalendarScreenSpec | TabsScreenSpec | BookingScreenSpec | SocialScreenSpec | CommerceScreenSpec
  | PersonScreenSpec | PersonFormScreenSpec | ProductsScreenSpec | ProductScreenSpec) & { at?: string };

/** A set of screens mounted under a name prefix, with its own tables (Travel inside Chat). */
export interface MountSpec {
  /** SQL creating the mount's tables in the app's database. */
  schema?: string;
  screens: Record<string, ScreenSpec>;
}

export type SeedValue =
  | string | number | boolean | null
  | { pick: (string | number)[] | Partial<Record<Locale, (string | number)[]>> }
  | { int: [number, number] }
  | { price: [number, number] }
  | { name: 'full' | 'first' | 'last' }
  /** The row's own person (row n: the seed's n-th, as Contacts' n-th contact). */
  | { person: 'full' | 'first' | 'last' | 'phone' | 'email' }
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
  /** Screen sets mounted by prefix: `hotel_` + their names (see modules/mount.ts). */
  mounts?: Record<string, MountSpec>;
  /** A mini-program inside `host`, not a launcher app (see modules/mini-program.ts). */
  miniProgram?: { host: string; key: string; name?: string | Partial<Record<Locale, string>>; icon?: string };
}

/** Rows a seed may write in all (a seed that runs away is refused at load). */
export const MAX_SEED_ROWS = 10_000;

// ---- Feed, comments, media player, places, notifications, profile (modules/feed.ts …).

/** A feed of cards (a social or news feed): author, time, text, an image placeholder, like and comment counts. */
export interface FeedScreenSpec {
  module: 'feed';
  title?: Text;
  back?: boolean;
  query: QuerySpec;
  item: { id?: string; author: Cel; time?: Cel; text: Cel; image?: Cel; comments?: Cel; tap?: ActionSpec[]; comment?: ActionSpec[] };
  /** The like toggle: flips `flag` (0/1) of the row's `id` in `table` and moves `count` by one. */
  like?: { table: string; flag: string; count: string; id?: string };
  /** Icon buttons in the app bar. */
  actions?: { icon: string; desc: Text; id: string; do: ActionSpec[] }[];
  empty?: { icon?: string; text: Text };
  fab?: { icon: string; desc?: Text; id?: string; do: ActionSpec[] };
}

/** A post's comments with a composer at the bottom. */
export interface CommentsScreenSpec {
  module: 'comments';
  title?: Text;
  /** The post on top (one row), optional. */
  post?: { query: QuerySpec; author: Cel; text: Cel; id?: string };
  query: QuerySpec;
  item: { id?: string; author: Cel; text: Cel; time?: Cel };
  /** The composer: `send` runs with `text` (the typed comment) in scope; blank text is not sent. */
  composer: { hint?: Text; id?: string; sendId?: string; send: ActionSpec[] };
  empty?: { text: Text };
}

/** A media player: the current track, play/pause, seek, previous/next, and the queue; its state lives in `state` (key, value). */
export interface PlayerScreenSpec {
  module: 'player';
  title?: Text;
  back?: boolean;
  /** The queue, in play order; each row needs an `id`. */
  query: QuerySpec;
  item: { title: Cel; artist?: Cel; duration: Cel; id?: string };
  /** A table (key TEXT PRIMARY KEY, value) holding `track` (id), `playing` (0/1) and `position` (seconds). */
  state: string;
  /** Image placeholder hue for the cover, per track (default from its id). */
  cover?: Cel;
}

/** Places with distance and rating, a map-like panel with pins, and a pick action on the selected place. */
export interface PlacesScreenSpec {
  module: 'places';
  title?: Text;
  back?: boolean;
  search?: { hint?: Text; id?: string };
  query: QuerySpec;
  /** x, y: the pin's position on the map panel, each 0–1. */
  item: { id?: string; name: Cel; desc?: Cel; distance?: Cel; rating?: Cel; x: Cel; y: Cel };
  pick?: { label: Text; id?: string; do: ActionSpec[] };
  empty?: { icon?: string; text: Text };
}

/** An app's notifications: unread ones marked, tap marks read (then runs `tap`), mark all read, clear all. */
export interface NotificationsScreenSpec {
  module: 'notifications';
  title?: Text;
  back?: boolean;
  /** The notifications' table: rows with `id` and the `read` column (0/1). */
  table: string;
  read: string;
  query: QuerySpec;
  item: { id?: string; title: Cel; text?: Cel; time?: Cel; icon?: string; tap?: ActionSpec[] };
  markAll?: { desc?: Text; id?: string };
  clear?: { desc?: Text; id?: string; title?: Text; message?: Text; confirm?: Text; cancel?: Text; confirmId?: string };
  empty?: { icon?: string; text: Text };
}

/** A profile: a header (avatar, name, subtitle), stats, account rows and a log-out with confirmation. */
export interface ProfileScreenSpec {
  module: 'profile';
  title?: Text;
  back?: boolean;
  /** One row the header, stats and rows read as `row`. */
  query: QuerySpec;
  header: { name: Cel; subtitle?: Cel; id?: string };
  stats?: { label: Text; value: Cel; id?: string }[];
  rows?: { label: Text; value?: Cel; icon?: string; id?: string; do?: ActionSpec[] }[];
  logout?: { label: Text; id?: string; title?: Text; message?: Text; confirm?: Text; cancel?: Text; confirmId?: string; do: ActionSpec[] };
}

export type SocialScreenSpec = FeedScreenSpec | CommentsScreenSpec | PlayerScreenSpec | PlacesScreenSpec | NotificationsScreenSpec | ProfileScreenSpec;
