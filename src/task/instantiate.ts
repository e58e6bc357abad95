// A parsed task → its runnable instances, one per param combination (or a seeded sample).
import { compileCel } from './cel';
import { DEFAULT_MAX_STEPS, type StepDef, type TaskDef } from './model';
import { combinations, instanceIdOf, paramDomain, sampleOf, type ParamSet } from './params';
import type { SolutionStep, TaskInstance } from './runnable';
import { POINT_TOOLS } from '../protocol/tools';
import { toSelector } from './selector';
import { runSetup } from './setup';
import { fillTemplate } from './template';
import type { Device, SqlRow } from '../device/device';
import { captureBefore, evaluateVerifiers } from './verifiers/evaluate';

/** Initial-state rows per device, for `before.*` (the device is the episode's identity). */
const initialRows = new WeakMap<Device, Map<string, SqlRow[]>>();

export interface InstantiateOptions {
  seed?: number;
  /** Keep at most this many combinations, chosen with the seed. */
  sample?: number;
  file?: string;
}

export function paramSets(task: TaskDef, seed: number): ParamSet[] {
  const domains = Object.fromEntries(Object.entries(task.params ?? {}).map(([name, def]) => [name, paramDomain(name, def, seed)]));
  let sets = combinations(domains);
  for (const c of task.constraints ?? []) {
    const program = compileCel(c);
    sets = sets.filter((p) => program.evaluate({ ...p, params: p }) === true);
  }
  return sets;
}

const SELECTOR_KEYS = ['text', 'text-contains', 'resource-id', 'content-desc', 'class', 'instance'];

/** Solution steps from the Maestro-style YAML form to the tool-call form the policy replays. */
export function solutionSteps(task: TaskDef, params: Record<string, unknown>): SolutionStep[] {
  return toSteps(task.solution ?? [], params);
}

/** Steps as written (solution, counterexamples) → tool calls with params filled. */
export function toSteps(steps: readonly StepDef[], params: Record<string, unknown>): SolutionStep[] {
  return steps.map((step) => {
    const [tool, value] = Object.entries(step)[0] as [string, unknown];
    if ((POINT_TOOLS as readonly string[]).includes(tool)) {
      const v = (value ?? {}) as Record<string, unknown>;
      const args: Record<string, unknown> = {};
      if (v.points) args.points = v.points;
      if (v.duration !== undefined) args.duration = v.duration;
      if (v.interval !== undefined) args.interval = v.interval;
      const inline = Object.fromEntries(Object.entries(v).filter(([k]) => SELECTOR_KEYS.includes(k)));
      const target = (v.target as Record<string, unknown> | undefined) ?? (Object.keys(inline).length ? inline : undefined);
      return {
        tool, args,
        ...(target ? { target: toSelector(target, params) } : {}),
        ...(v.to ? { to: toSelector(v.to as Record<string, unknown>, params) } : {}),
      };
    }
    const text = (x: unknown) => fillTemplate(String(x), params);
    switch (tool) {
      case 'type': return { tool, args: { text: text(value) } };
      case 'button_press': return { tool, args: { type: value } };
      case 'open_app':
      case 'close_app': return { tool, args: { app: value } };
      case 'wait': return { tool, args: { time: value } };
      default: return { tool, args: { text: text(value) } }; // finish, output
    }
  });
}

export function instantiate(task: TaskDef, options: InstantiateOptions = {}): TaskInstance[] {
  const seed = task.seed ?? options.seed ?? 0;
  let sets = paramSets(task, seed);
  if (options.sample !== undefined) sets = sampleOf(sets, options.sample, seed);
  const domains = Object.fromEntries(Object.entries(task.params ?? {}).map(([name, def]) => [name, paramDomain(name, def, seed)]));
  const constraints = (task.constraints ?? []).map((c) => compileCel(c));
  const one = (params: ParamSet): TaskInstance => {
    const goal = fillTemplate(task.goal, params);
    const instance: TaskInstance = {
      taskId: task.id,
      instanceId: instanceIdOf(task.id, params),
      title: task.title ? fillTemplate(task.title, params) : task.id,
      family: task.category ?? 'custom',
      goal,
      template: task.goal,
      params,
      maxSteps: task.max_steps ?? DEFAULT_MAX_STEPS,
      tags: task.tags ?? [],
      device: task.device ?? 'any',
      ...(task.apps?.length ? { apps: task.apps } : {}),
      ...((task.setup?.locale ?? task.locale) ? { locale: task.setup?.locale ?? task.locale } : {}),
      ...(options.file ? { file: options.file } : {}),
      seed,
      setup: async (device, context) => {
        await runSetup(device, task.setup, params, seed, task.locale, context, options.file);
        // `before.*`: the same queries on the initial state, kept for this device's verify.
        const before = await captureBefore(device, task.verify, params);
        // A pooled phone may be reused: never leave another run's rows behind.
        if (before) initialRows.set(device, before);
        else initialRows.delete(device);
      },
      verify: (device, outcome, context) => evaluateVerifiers(task.verify, { device, outcome, context, params, before: initialRows.get(device), ...(task.queries ? { queries: task.queries } : {}) }),
      ...(task.solution ? { solution: solutionSteps(task, params) } : {}),
      variant: (other) => {
        const merged = { ...params, ...other } as ParamSet;
        return constraints.every((p) => p.evaluate({ ...merged, params: merged }) === true) ? one(merged) : undefined;
      },
      paramDomains: domains,
      verifyDef: task.verify,
      ...(task.counterexamples?.length ? { counterexamples: task.counterexamples.filter((c) => Array.isArray(c.steps)).map((c) => ({ reason: fillTemplate(c.reason, params), solution: toSteps(c.steps!, params), ...(c.violates ? { violates: c.violates } : {}) })) } : {}),
      ...(task.setup?.clipboard !== undefined ? { setupClipboard: fillTemplate(task.setup.clipboard, params) } : {}),
    };
    return instance;
  };
  return sets.map(one);
}
