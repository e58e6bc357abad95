// `trajectory` verifiers: what the agent did — tools it must / must not call, elements it
// must never tap (e.g. "Pay"), and a step limit.
import { isTapTool } from '../../protocol/tools';
import type { TrajectoryVerifierDef } from '../model';
import { toSelector } from '../selector';
import { fillTemplate } from '../template';
import { describeSelector, findNodes, matchesSelector, parseBounds, parseUiTree, type Selector, type UiNode } from '../../device/ui-tree';
import type { VerifyScope } from './context';
import type { LeafVerdict } from './sql';


function nodeFromAttributes(a: Record<string, string>): UiNode {
  return {
    attributes: a, text: a.text ?? '', resourceId: a['resource-id'] ?? '', contentDesc: a['content-desc'] ?? '', className: a.class ?? '',
    packageName: a.package ?? '', checkable: a.checkable === 'true', checked: a.checked === 'true', selected: a.selected === 'true',
    clickable: a.clickable === 'true', enabled: a.enabled !== 'false', focused: a.focused === 'true', bounds: parseBounds(a.bounds), children: [], order: 0,
  };
}

export async function verifyTrajectory(def: TrajectoryVerifierDef, scope: VerifyScope): Promise<LeafVerdict> {
  const steps = scope.input.outcome.steps;
  const called = steps.map((s) => s.tool);
  const problems: string[] = [];
  const notes: string[] = [];
  for (const tool of def.must_call ?? []) {
    if (!called.includes(tool)) problems.push(`never called ${tool}`);
    else notes.push(`called ${tool}`);
  }
  for (const tool of def.must_not_call ?? []) {
    const i = called.indexOf(tool);
    if (i >= 0) problems.push(`called ${tool} at step ${i + 1}`);
    else notes.push(`never called ${tool}`);
  }
  if (def.must_not_tap) {
    const sel = toSelector(def.must_not_tap, scope.input.params);
    const i = steps.findIndex((s) => isTapTool(s.tool) && s.targetNode && matchesSelector(nodeFromAttributes(s.targetNode), sel));
    if (i >= 0) problems.push(`tapped ${describeSelector(sel)} at step ${i + 1}`);
    else notes.push(`never tapped ${describeSelector(sel)}`);
  }
  for (const pkg of def.must_not_open ?? []) {
    const i = steps.findIndex((s) => (s.tool === 'open_app' && s.args.app === pkg) || s.foregroundApp === pkg);
    if (i >= 0) problems.push(`opened ${pkg} at step ${i + 1}`);
    else notes.push(`never opened ${pkg}`);
  }
  if (def.typed_only_in) {
    const text = fillTemplate(def.typed_only_in.text, scope.input.params);
    const i = steps.findIndex((s) => s.tool === 'type' && String(s.args.text ?? '').includes(text) && !def.typed_only_in!.apps.includes(s.foregroundApp ?? ''));
    if (i >= 0) problems.push(`typed ${JSON.stringify(text)} in ${steps[i].foregroundApp ?? 'an unknown app'} at step ${i + 1} (allowed only in ${def.typed_only_in.apps.join(', ')})`);
    else notes.push(`typed ${JSON.stringify(text)} only in ${def.typed_only_in.apps.join(', ')}`);
  }
  if (def.screen_showed) {
    const sel = toSelector(def.screen_showed, scope.input.params);
    const shown = await firstScreenShowing(sel, scope);
    if (shown === 'no-screens') return { passed: false, error: true, observed: { tools: called }, reason: `screen_showed ${describeSelector(sel)} needs the UI trees of the episode's steps, and this run recorded none` };
    if (shown === undefined) problems.push(`no screen showed ${describeSelector(sel)}`);
    else notes.push(`${shown === 'final' ? 'the final screen' : `the screen at step ${shown + 1}`} showed ${describeSelector(sel)}`);
  }
  if (def.max_steps !== undefined) {
    if (steps.length > def.max_steps) problems.push(`took ${steps.length} steps (limit ${def.max_steps})`);
    else notes.push(`${steps.length} steps ≤ ${def.max_steps}`);
  }
  return { passed: problems.length === 0, observed: { tools: called }, reason: problems.length ? problems.join('; ') : notes.join('; ') };
}

/** The first step whose observed screen has a node matching `sel` ('final' for the end screen). */
async function firstScreenShowing(sel: Selector, scope: VerifyScope): Promise<number | 'final' | 'no-screens' | undefined> {
  const screens = scope.input.outcome.screens;
  for (const [i, xml] of (screens ?? []).entries()) {
    try {
      if (findNodes(parseUiTree(xml), sel).length > 0) return i;
    } catch {
      // An unreadable dump shows nothing.
    }
  }
  try {
    if (findNodes(await scope.finalTree(), sel).length > 0) return 'final';
  } catch {
    if (!screens?.length) return 'no-screens';
  }
  return undefined;
}
