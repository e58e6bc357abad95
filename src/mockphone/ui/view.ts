// The view tree every screen's render function returns: plain objects with layout, paint and
// semantics. One tree is laid out once per frame and then drawn, hit-tested and dumped as
// uiautomator XML, so what the model sees and what it can click always agree.
import type { IconName } from './icons';
import type { TypeRole } from './theme';

/** dp; 'fill' takes the parent's size (or a flex share along the main axis); undefined wraps content. */
export type Dim = number | 'fill';
export type Insets = number | [number, number] | [number, number, number, number]; // all | [v, h] | [t, r, b, l]

export interface TextFieldSpec {
  /** Key of the field's value in the screen's `fields` (the phone owns values, focus and selection). */
  key: string;
  hint?: string;
  multiline?: boolean;
  password?: boolean;
  /** Called after the value changed by typing, deleting or pasting. */
  onChange?: (value: string) => void;
  /** Called on the keyboard's enter key (single-line fields); multi-line fields get a newline. */
  onSubmit?: (value: string) => void;
  /** 'outlined' (box with border), 'filled' (M3 filled), 'plain' (no decoration, e.g. note body). */
  style?: 'outlined' | 'filled' | 'plain' | 'search';
}

export interface View {
  dir?: 'column' | 'row' | 'stack';
  children?: (View | null | undefined | false)[];

  // layout (dp)
  width?: Dim;
  height?: Dim;
  flex?: number; // share of the remaining space along the parent's main axis
  minHeight?: number;
  padding?: Insets;
  margin?: Insets;
  gap?: number;
  align?: 'start' | 'center' | 'end' | 'stretch'; // cross axis for children
  justify?: 'start' | 'center' | 'end' | 'between';
  /** Absolute position inside a 'stack' parent (dp from that edge). */
  pos?: { left?: number; top?: number; right?: number; bottom?: number };
  /** Scrolls vertically; the key stores the offset in the screen's `scroll`. */
  scrollKey?: string;

  // paint
  bg?: string;
  /** Vertical gradient [top, bottom] instead of bg. */
  gradient?: [string, string];
  radius?: number;
  border?: string;
  borderWidth?: number;
  elevation?: number; // dp of shadow
  text?: string;
  type?: TypeRole;
  textSize?: number; // dp, overrides type
  weight?: number;
  color?: string;
  textAlign?: 'left' | 'center' | 'right';
  maxLines?: number;
  icon?: IconName;
  iconSize?: number; // dp
  /** A letter avatar or coloured circle: the view is drawn as a filled circle of bg. */
  circle?: boolean;
  /** A bitmap (a canvas) drawn scaled into the view, clipped to its radius (recents thumbnails). */
  image?: unknown;
  /** Fraction 0–1 drawn as a slider track (Settings brightness). */
  slider?: number;

  // semantics (uiautomator)
  cls?: string; // Android class name
  id?: string; // resource-id without the package
  desc?: string; // content-desc
  checkable?: boolean;
  checked?: boolean;
  selected?: boolean;
  enabled?: boolean;
  /** Text that long-press can copy (a TextView with textIsSelectable). */
  selectable?: boolean;
  field?: TextFieldSpec;
  /** Drawn as a switch / checkbox / radio button. */
  control?: 'switch' | 'checkbox' | 'radio';

  /** Taps that land here stop here even without a handler (dialog cards over a scrim). */
  absorb?: boolean;
  onClick?: () => void;
  onLongClick?: () => void;
  /** Tap position inside the view as a fraction 0–1 of its width (sliders). */
  onClickAt?: (fx: number, fy: number) => void;
}

export function col(props: View, ...children: View['children'] & unknown[]): View {
  return { dir: 'column', ...props, children };
}

export function row(props: View, ...children: View['children'] & unknown[]): View {
  return { dir: 'row', ...props, children };
}

export function stack(props: View, ...children: View['children'] & unknown[]): View {
  return { dir: 'stack', ...props, children };
}
