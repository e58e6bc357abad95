// The parameters of the person and personForm modules (a person's page and its editor),
// extracted from Contacts' detail and editor. Kept beside spec.ts, which joins them into
// ScreenSpec, so the shapes of one module family sit in one file.
import type { ActionSpec, Cel, CelMap, QuerySpec, Text } from './spec';

/** An app-bar icon button (its description may be `=CEL`, e.g. a star's favourite / unfavourite). */
export interface PersonBarActionSpec {
  icon: string;
  desc?: Text;
  id: string;
  do: ActionSpec[];
}

/** A round button under the name (call, text, e-mail): shown only while `when` holds. */
export interface PersonButtonSpec {
  icon: string;
  label: Text;
  id: string;
  when?: Cel;
  do: ActionSpec[];
}

/** A line of the info card: hidden while its value is empty. */
export interface PersonInfoRowSpec {
  value: Cel;
  label: Text;
  icon?: string;
  id: string;
  /** An icon button at the row's end (text this number). */
  button?: { icon: string; desc?: Text; id: string; do: ActionSpec[] };
}

/** An overflow-menu entry; with `confirm` its actions run only once a dialog is confirmed. */
export interface PersonMenuItemSpec {
  label: Text;
  id: string;
  do: ActionSpec[];
  confirm?: { title: Text; message?: Text; cancel?: Text; ok: Text; id?: string };
}

export interface PersonScreenSpec {
  module: 'person';
  /** The person: one row (usually `WHERE id = ?` with params.id). */
  query: QuerySpec;
  /** The name under the avatar (the avatar's letter and colour come from it). */
  name: Cel;
  nameId?: string;
  /** Shown when the query finds no row. */
  empty?: { icon?: string; text: Text };
  actions?: PersonBarActionSpec[];
  buttons?: PersonButtonSpec[];
  info?: { title?: Text; rows: PersonInfoRowSpec[] };
  /** The ⋮ button and its menu; `{name}` in its texts is the person's name. */
  menu?: { desc?: Text; id?: string; items: PersonMenuItemSpec[] };
}

/** A field of the editor (with a leading icon), or a divider between groups. */
export type PersonFieldSpec = { key: string; column: string; label: Text; icon?: string; id?: string } | { divider: true };

export interface PersonFormScreenSpec {
  module: 'personForm';
  /** The table written: a new row without params.id, else the row params.id names. */
  table: string;
  /** The title while creating; `editTitle` while editing. */
  title: Text;
  editTitle?: Text;
  /** The ✕ that leaves without saving. */
  cancel?: { desc?: Text; id?: string };
  fields: PersonFieldSpec[];
  /** At least one of these fields must be filled in, or `toast` shows and nothing is written. */
  requireAny?: { fields: string[]; toast: Text };
  /** Columns computed on save from `input` (the fields' trimmed text by key), e.g. a name built per locale. */
  computed?: CelMap;
  /** Columns written only on insert, or on every save (`now` is the phone's time). */
  stamps?: { insert?: CelMap; update?: CelMap };
  /** The Save button; `afterInsert` sees `id` (the new row's), `afterUpdate` runs after an edit. */
  save: { label: Text; id?: string; afterInsert?: ActionSpec[]; afterUpdate?: ActionSpec[] };
}
