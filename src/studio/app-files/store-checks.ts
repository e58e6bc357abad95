// What parse-app-file checks of the products and product modules beyond their JSON Schema: the
// parameters that are CEL though their key is no CEL key elsewhere (a product's price, title,
// options…, a count's `n`, the photo's hue). The tables they write are their actions' (checked
// with every insert).
import { isScalar, type Node } from 'yaml';
import type { ScreenSpec } from '../../mockphone/apps/modules/spec';
import { mapGet } from '../../task/yaml-source';

export const STORE_MODULES = ['products', 'product'];

const PRODUCT_CEL = ['price', 'was', 'title', 'subtitle', 'options'];

/** The CEL scalars of a products / product screen that the generic walk does not know by their key. */
export function storeCelNodes(s: ScreenSpec, node: Node): Node[] {
  const out = s.module === 'products' ? [mapGet(mapGet(mapGet(node, 'item'), 'note'), 'n')]
    : s.module === 'product' ? [...PRODUCT_CEL.map((k) => mapGet(node, k)), mapGet(mapGet(node, 'note'), 'n'), mapGet(mapGet(node, 'photo'), 'hue')]
      : [];
  return out.filter((n): n is Node => isScalar(n) && typeof n.value === 'string');
}
