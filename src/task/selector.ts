// Task files write selectors in UIAutomator's kebab-case (`resource-id`); the runtime's
// `Selector` is camelCase. One conversion, used by verifiers and the solution policy.
import type { SelectorDef } from './model';
import type { Selector } from './runnable';
import { fillTemplate } from './template';

export function toSelector(def: SelectorDef, params: Record<string, unknown> = {}): Selector {
  const fill = (s: string | undefined) => (s === undefined ? undefined : fillTemplate(s, params));
  const s: Selector = {};
  if (def.text !== undefined) s.text = fill(def.text);
  if (def['text-contains'] !== undefined) s.textContains = fill(def['text-contains']);
  if (def['resource-id'] !== undefined) s.resourceId = fill(def['resource-id']);
  if (def['content-desc'] !== undefined) s.contentDesc = fill(def['content-desc']);
  if (def.class !== undefined) s.className = fill(def.class);
  if (def.instance !== undefined) s.instance = def.instance;
  return s;
}
