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
  | { navigate: string; params?: CelMap; fields?: CelMap; focus?: string }
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
  | ThreadScreenSpec | CalendarScreenSpec | TabsScreenSpec | BookingScreenSpec) & { at?: string };

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
}

/** Rows a seed may write in all (a seed that runs away is refused at load). */
export const MAX_SEED_ROWS = 10_000;
