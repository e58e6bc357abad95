// The parameters of the products and product modules (a shop's storefront / search results, and
// a product page), extracted from Shop's home, results and product screens. Kept beside
// spec.ts, which joins them into ScreenSpec.
import type { ActionSpec, Cel, CommerceLook, QuerySpec, Text } from './spec';

/** A text with a count in it: `{n}` of `text` is the value of `n` (e.g. "{n} sold"). */
export interface CountTextSpec {
  text: Text;
  n: Cel;
}

/** The search bar in the accent colour: a field, its Search button, and icon buttons beside it. */
export interface ShopSearchSpec {
  key?: string;
  hint?: Text;
  id?: string;
  button: { label: Text; id?: string };
  /** Run when the search is submitted, with `query` (the trimmed text); nothing runs while it is blank. */
  do: ActionSpec[];
  icons?: { icon: string; desc?: Text; id: string; do: ActionSpec[] }[];
}

export interface ProductCardSpec {
  id?: string;
  title: Cel;
  subtitle?: Cel;
  price: Cel;
  /** The hue (0–359) of the photo placeholder. */
  hue?: Cel;
  icon?: string;
  note?: CountTextSpec;
  tap?: ActionSpec[];
}

export interface ProductsScreenSpec extends CommerceLook {
  module: 'products';
  /** A back arrow beside the search bar (a results screen). */
  back?: boolean;
  search: ShopSearchSpec;
  /** Filter chips (categories): the chosen one's value is `chip` (null for `all`). */
  chips?: { id?: string; all: Text; options: { label: Text; value: string }[] };
  /** Sort tabs: the chosen one's value is `sort` (the first at the start). */
  sort?: { tabs: { label: Text; value: string; id?: string }[] };
  /** The products; its args see `chip`, `sort` and `words` (the words of params.q, as a JSON list for json_each). */
  query: QuerySpec;
  /** A line above the list: `{n}` is the number of products. */
  count?: Text;
  item: ProductCardSpec;
  empty?: { icon?: string; text: Text };
}

export interface ProductScreenSpec extends CommerceLook {
  module: 'product';
  /** The product: one row, read as `row`. */
  query: QuerySpec;
  photo?: { hue: Cel; icon?: string; id?: string };
  price: Cel;
  /** The price before the discount, beside it. */
  was?: Cel;
  note?: CountTextSpec;
  title: Cel;
  subtitle?: Cel;
  /** The options to choose, `[{ name, values: [...] }]` (or its JSON text): a group of chips each. */
  options?: Cel;
  /** The toast when an option is not chosen yet; `{name}` is the option's. */
  needOption?: Text;
  quantity?: { label: Text; id?: string; min?: number; max?: number };
  actions?: { icon: string; desc?: Text; id: string; do: ActionSpec[] }[];
  /** The buy bar's buttons; their actions see `options` ("Colour: Black; Size: M") and `qty`, once every option is chosen. */
  buttons: { label: Text; id: string; color?: string; do: ActionSpec[] }[];
  empty?: { icon?: string; text: Text };
}
