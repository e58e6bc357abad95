// `ui` verifiers: a selector on the final screen's UI tree and the state it must be in.
import type { UiVerifierDef } from '../model';
import { toSelector } from '../selector';
import { describeSelector, findNodes } from '../../device/ui-tree';
import type { VerifyScope } from './context';
import type { LeafVerdict } from './sql';

export async function verifyUi(def: UiVerifierDef, scope: VerifyScope): Promise<LeafVerdict> {
  const selector = toSelector(def, scope.input.params);
  let tree;
  try {
    tree = await scope.finalTree();
  } catch (e) {
    return { passed: false, error: true, reason: `could not read the UI tree: ${(e as Error).message}` };
  }
  const nodes = findNodes(tree, selector);
  const state = def.state ?? 'exists';
  const desc = describeSelector(selector);
  const observed = nodes.slice(0, 3).map((n) => ({ text: n.text, 'resource-id': n.resourceId, class: n.className, checked: n.checked, selected: n.selected, bounds: n.attributes.bounds }));
  if (state === 'absent') return { passed: nodes.length === 0, observed, reason: nodes.length === 0 ? `no node matches ${desc}` : `${nodes.length} node(s) match ${desc}; expected none` };
  if (nodes.length === 0) return { passed: false, observed, reason: `no node matches ${desc}` };
  const n = nodes[0];
  switch (state) {
    case 'exists': return { passed: true, observed, reason: `found ${nodes.length} node(s) matching ${desc}` };
    case 'checked': return { passed: n.checked, observed, reason: `${desc} is ${n.checked ? '' : 'not '}checked` };
    case 'unchecked': return { passed: !n.checked, observed, reason: `${desc} is ${n.checked ? '' : 'not '}checked` };
    case 'selected': return { passed: n.selected, observed, reason: `${desc} is ${n.selected ? '' : 'not '}selected` };
    case 'unselected': return { passed: !n.selected, observed, reason: `${desc} is ${n.selected ? '' : 'not '}selected` };
  }
}
