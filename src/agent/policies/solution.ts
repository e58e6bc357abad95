// The task's reference solution as a policy. A step may name `target` (and `to`) selectors
// instead of points; they are resolved on the UI tree observed at that step, to the centre of
// the matching node, then written as 0–1000 points like the model would. A selector that
// matches nothing is a failed step and the same solution step is tried again next time (the
// screen may still be changing); the loop's error policy bounds the retries.
import type { Selector, SolutionStep } from '../../task/runnable';
import { toNormalized } from '../../protocol/coords';
import type { Observation } from '../events';
import type { Policy, PolicyContext, PolicyDecision } from '../policy';
import { centerOf, describeSelector, findNodes, parseUiTree } from '../../device/ui-tree';

export class SolutionPolicy implements Policy {
  readonly name = 'solution';
  private steps: SolutionStep[] = [];
  private index = 0;

  begin({ task }: { task?: { solution?: SolutionStep[]; instanceId: string } }): void {
    this.steps = task?.solution ?? [];
    this.index = 0;
  }

  async next(ctx: PolicyContext): Promise<PolicyDecision> {
    if (!ctx.task) return { kind: 'exhausted', message: 'the solution policy needs a task' };
    if (this.steps.length === 0) return { kind: 'exhausted', message: `task ${ctx.task.instanceId} has no solution` };
    const step = this.steps[this.index];
    if (!step) return { kind: 'exhausted', message: `the solution's ${this.steps.length} steps are done without a finish` };
    const resolved = resolveStep(step, ctx.observation);
    if (typeof resolved === 'string') return { kind: 'error', message: resolved };
    const origin = { solutionStep: this.index };
    this.index++;
    return { kind: 'call', call: resolved, thought: `Solution step ${this.index} of ${this.steps.length}.`, origin };
  }

  /** The next solution step to take (0-based). */
  get position(): number {
    return this.index;
  }

  snapshot(): { index: number } {
    return { index: this.index };
  }

  restore(state: unknown): void {
    this.index = policyIndex(state, 'solution');
  }
}

/** The `{index}` state of the solution and replay policies, checked. */
export function policyIndex(state: unknown, policy: string): number {
  const index = (state as { index?: unknown } | null)?.index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) throw new TypeError(`${policy} policy: cannot restore ${JSON.stringify(state)} (expected {index: n})`);
  return index;
}

/** A solution step as the tool call the model would have emitted on this screen. */
export function resolveStep(step: SolutionStep, obs: Observation): { name: string; args: Record<string, unknown> } | string {
  const args: Record<string, unknown> = { ...step.args };
  const name = step.tool.toLowerCase();
  if (!step.target && !step.to) return { name, args };
  if (!obs.uiXml) return `solution step ${name} names a target but the device gave no UI tree`;
  let tree: ReturnType<typeof parseUiTree>;
  try {
    tree = parseUiTree(obs.uiXml);
  } catch (e) {
    return `cannot resolve the solution's target: ${e instanceof Error ? e.message : String(e)}`;
  }
  const point = (sel: Selector): [number, number] | string => {
    const node = findNodes(tree, { ...sel, instance: sel.instance ?? 0 })[0];
    if (!node) return `no UI node matches ${describeSelector(sel)}`;
    const n = toNormalized(centerOf(node.bounds), obs.screen);
    return [n.x, n.y];
  };
  const pts: [number, number][] = [];
  if (step.target) {
    const p = point(step.target);
    if (typeof p === 'string') return p;
    pts.push(p);
  }
  if (step.to) {
    const p = point(step.to);
    if (typeof p === 'string') return p;
    if (pts.length === 0 && Array.isArray(args.points) && Array.isArray(args.points[0])) pts.push(args.points[0] as [number, number]);
    pts.push(p);
  }
  args.points = pts;
  return { name, args };
}
