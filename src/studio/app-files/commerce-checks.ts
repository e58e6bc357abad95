// What parse-app-file checks of the shop modules beyond their JSON Schema: which of their
// parameters are CEL (by the key they sit under), and the tables and columns they write —
// each one of the app's own (a cart's lines, an order and its lines, a new address).
import { isMap, type Node } from 'yaml';
import type { ScreenSpec } from '../../mockphone/apps/modules/spec';
import { mapGet } from '../../task/yaml-source';

export const COMMERCE_MODULES = ['cart', 'checkout', 'addresses', 'addressForm', 'payment', 'orders'];

/** CEL parameters, by the key of the mapping they sit in (`status` of an order is a text, not here). */
const CEL_UNDER: Record<string, ReadonlySet<string>> = {
  item: new Set(['price', 'qty', 'options', 'hue', 'isDefault', 'tapWhen', 'total']),
  address: new Set(['title', 'body']),
};

/** Whether a shop module's parameter `key` (in a mapping under `parentKey`) is a CEL expression. */
export function isCommerceCel(key: string, parentKey: string): boolean {
  return key === 'amount' || key === 'only' || CEL_UNDER[parentKey]?.has(key) === true;
}

type TableCheck = [tableNode: Node | undefined, table: string, columns: string[], columnNodes: (Node | undefined)[]];

const keysOf = (m: Node | undefined): [string, Node][] => (isMap(m) ? m.items.map((p) => [String((p.key as { value: unknown }).value), p.key as Node]) : []);

function written(node: Node | undefined, table: string, valuesKey: string): TableCheck {
  const cols = keysOf(mapGet(node, valuesKey));
  return [mapGet(node, 'table'), table, cols.map((c) => c[0]), cols.map((c) => c[1])];
}

/** The tables a shop module's screen writes, with the columns it names (`id` is the key of each). */
export function commerceTables(s: ScreenSpec, node: Node): TableCheck[] {
  switch (s.module) {
    case 'cart': return [[mapGet(node, 'table'), s.table, ['id', s.qtyColumn ?? 'qty'], [undefined, mapGet(node, 'qtyColumn')]]];
    case 'checkout': {
      const sub = mapGet(node, 'submit');
      return [
        written(mapGet(sub, 'order'), s.submit.order.table, 'values'),
        written(mapGet(sub, 'line'), s.submit.line.table, 'values'),
        ...(s.submit.remove ? [[mapGet(mapGet(sub, 'remove'), 'table'), s.submit.remove.table, ['id'], []] as TableCheck] : []),
      ];
    }
    case 'addressForm': {
      const fields = mapGet(node, 'fields') as { items?: Node[] } | undefined;
      return [[mapGet(node, 'table'), s.table,
        [...s.fields.map((f) => f.key), ...(s.defaultToggle ? [s.defaultToggle.column] : [])],
        [...(fields?.items ?? []).map((f) => mapGet(f, 'key')), mapGet(mapGet(node, 'defaultToggle'), 'column')]]];
    }
    default: return [];
  }
}
