// What parse-app-file checks of the person and personForm modules beyond their JSON Schema:
// the parameters that are CEL though their key is no CEL key elsewhere (a person's `name`, a
// form's computed columns and stamps), and the table and columns an editor writes.
import { isMap, isScalar, type Node } from 'yaml';
import type { ScreenSpec } from '../../mockphone/apps/modules/spec';
import { mapGet } from '../../task/yaml-source';

export const PERSON_MODULES = ['person', 'personForm'];

const keysOf = (m: Node | undefined): [string, Node][] => (isMap(m) ? m.items.map((p) => [String((p.key as { value: unknown }).value), p.key as Node]) : []);
const valuesOf = (m: Node | undefined): Node[] => (isMap(m) ? m.items.map((p) => p.value as Node) : []);

/** The CEL scalars of a person / personForm screen that the generic walk does not know by their key. */
export function personCelNodes(s: ScreenSpec, node: Node): Node[] {
  const stamps = mapGet(node, 'stamps');
  const out = s.module === 'person' ? [mapGet(node, 'name')]
    : s.module === 'personForm' ? [...valuesOf(mapGet(node, 'computed')), ...valuesOf(mapGet(stamps, 'insert')), ...valuesOf(mapGet(stamps, 'update'))]
      : [];
  return out.filter((n): n is Node => isScalar(n) && typeof n.value === 'string');
}

/** The table a personForm writes, with the columns it names (`id` keys the row edited). */
export function personTables(s: ScreenSpec, node: Node): [Node | undefined, string, string[], (Node | undefined)[]][] {
  if (s.module !== 'personForm') return [];
  const fields = (mapGet(node, 'fields') as { items?: Node[] } | undefined)?.items ?? [];
  const cols: [string, Node | undefined][] = [
    ...fields.flatMap((f): [string, Node | undefined][] => { const c = mapGet(f, 'column'); return isScalar(c) ? [[String(c.value), c]] : []; }),
    ...keysOf(mapGet(node, 'computed')),
    ...keysOf(mapGet(mapGet(node, 'stamps'), 'insert')),
    ...keysOf(mapGet(mapGet(node, 'stamps'), 'update')),
    ['id', undefined],
  ];
  return [[mapGet(node, 'table'), s.table, cols.map((c) => c[0]), cols.map((c) => c[1])]];
}
