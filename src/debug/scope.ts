// What the debugger shows about a step, as plain data: the CEL scope of breakpoint conditions
// and console expressions (step, tool, args, px, thought, app, screenText, …) and the
// Variables view's scopes (Action, Model, Observation, Task, App state, Verifiers).
import type { Device, ScreenInfo, SqlRow } from '../device/device';
import type { Decision, Observation, StepRecord, StepTimings } from '../agent/events';
import type { Action } from '../protocol/action';
import { actionToCall } from '../protocol/action';
import { toPixels } from '../protocol/coords';
import type { HistoryStep } from '../protocol/history';
import { buildMessages, IMAGE_PLACEHOLDER } from '../protocol/messages';
import type { ToolCall } from '../protocol/tools';
import type { TaskInstance, VerifierResult, VerifyReport } from '../task/runnable';
import { nodeAt, parseUiTree, type UiNode, type UiTree } from '../device/ui-tree';

/** One step as the debugger sees it: pending (from the loop) or past (from its record). */
export interface StepView {
  step: number;
  observation?: Observation;
  decision?: Decision;
  /** The action that runs (or ran): the edited one when corrected. */
  action?: Action;
  record?: StepRecord;
  timings?: StepTimings;
  corrected?: { by: string; original?: Action };
}

function safeTree(xml: string | undefined): UiTree | undefined {
  if (!xml) return undefined;
  try {
    return parseUiTree(xml);
  } catch {
    return undefined;
  }
}

function callOf(v: StepView): ToolCall | undefined {
  return v.action ? actionToCall(v.action) : v.decision?.call;
}

/** Every point the call names, in 0–1000. */
function pointsOf(call: ToolCall | undefined): [number, number][] {
  const p = call?.args.points;
  if (!Array.isArray(p)) return [];
  const list = Array.isArray(p[0]) ? (p as unknown[]) : [p];
  return list.filter((x): x is [number, number] => Array.isArray(x) && x.length >= 2 && x.every((n) => typeof n === 'number')).map((x) => [x[0], x[1]]);
}

/** The args with points in device pixels instead of 0–1000. */
function argsInPixels(call: ToolCall | undefined, screen: ScreenInfo | undefined): Record<string, unknown> {
  if (!call) return {};
  const px = pointsOf(call).map(([x, y]) => (screen ? toPixels({ x, y }, screen) : { x, y })).map((p) => [p.x, p.y]);
  return { ...call.args, ...(px.length ? { points: px } : {}) };
}

export function screenText(xml: string | undefined): string {
  const tree = safeTree(xml);
  if (!tree) return '';
  return tree.nodes.flatMap((n) => [n.text, n.contentDesc]).filter((t) => t && t.trim()).join('\n');
}

/** The CEL scope of conditions: flat names for the common cases. */
export function conditionScope(v: StepView, task?: TaskInstance): Record<string, unknown> {
  const call = callOf(v);
  const screen = v.observation?.screen;
  const points = pointsOf(call);
  return {
    step: v.step,
    tool: call?.name ?? '',
    args: call?.args ?? {},
    px: argsInPixels(call, screen),
    points,
    pixels: points.map(([x, y]) => (screen ? toPixels({ x, y }, screen) : { x, y })).map((p) => [p.x, p.y]),
    thought: v.decision?.thought ?? '',
    raw: v.decision?.raw ?? '',
    app: v.observation?.foregroundApp ?? '',
    screenText: screenText(v.observation?.uiXml),
    error: v.decision?.error ?? v.record?.error ?? '',
    goal: task?.goal ?? '',
    params: task?.params ?? {},
  };
}

function nodeSummary(n: UiNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (n.text) out.text = n.text;
  if (n.resourceId) out['resource-id'] = n.resourceId;
  if (n.contentDesc) out['content-desc'] = n.contentDesc;
  out.class = n.className;
  out.bounds = [n.bounds.x1, n.bounds.y1, n.bounds.x2, n.bounds.y2];
  if (n.clickable) out.clickable = true;
  if (n.focused) out.focused = true;
  if (n.checked) out.checked = true;
  return out;
}

export function actionScope(v: StepView): Record<string, unknown> {
  const call = callOf(v);
  const screen = v.observation?.screen;
  const points = pointsOf(call);
  const tree = safeTree(v.observation?.uiXml);
  const px = points.map(([x, y]) => (screen ? toPixels({ x, y }, screen) : { x, y }));
  const under = tree && px[0] ? nodeAt(tree, px[0].x, px[0].y) : undefined;
  return {
    tool: call?.name ?? '(none)',
    args: call?.args ?? {},
    argsPx: argsInPixels(call, screen),
    ...(under ? { node: nodeSummary(under) } : {}),
    ...(v.record ? { status: v.record.status, ...(v.record.error ? { error: v.record.error } : {}) } : { status: 'pending' }),
    ...(v.decision?.error && !v.action ? { error: v.decision.error } : {}),
    ...(v.corrected ? { corrected: { by: v.corrected.by, original: v.corrected.original ? actionToCall(v.corrected.original) : '(no action)' } } : {}),
  };
}

export function modelScope(v: StepView, goal: string, history: readonly HistoryStep[]): Record<string, unknown> {
  const d = v.decision;
  const t = v.record?.timings ?? v.timings;
  let prompt: string | undefined;
  try {
    const msgs = buildMessages(goal, IMAGE_PLACEHOLDER, history.slice(0, Math.max(0, v.step - 1)));
    const parts = msgs[1]?.content;
    prompt = Array.isArray(parts) ? parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text).join('\n') : String(parts ?? '');
  } catch {
    prompt = undefined;
  }
  return {
    source: d?.source ?? '',
    thought: d?.thought ?? '',
    ...(d?.raw !== undefined ? { raw: d.raw } : {}),
    ...(d?.parseError ? { parseError: { kind: d.parseError.kind, message: d.parseError.message } } : {}),
    ...(d?.error ? { error: d.error } : {}),
    ...(prompt !== undefined ? { prompt } : {}),
    latencyMs: t ? Math.round(t.model * 100) / 100 : undefined,
    ...(d?.usage ? { tokens: { prompt: d.usage.promptTokens, completion: d.usage.completionTokens } } : {}),
  };
}

export function observationScope(o: Observation | undefined): Record<string, unknown> {
  if (!o) return { note: 'not observed yet' };
  const tree = safeTree(o.uiXml);
  return {
    screen: { width: o.screen.width, height: o.screen.height, density: o.screen.density },
    foregroundApp: o.foregroundApp ?? '(unknown)',
    screenshot: o.screenshot ? `${o.screenshot.format} ${o.screenshot.width}×${o.screenshot.height}, ${Math.round(o.screenshot.data.length / 1024)} KiB` : '(not taken)',
    elements: tree ? tree.nodes.filter((n) => n.text || n.contentDesc || n.resourceId || n.clickable).map(nodeSummary) : [],
  };
}

export function taskScope(task: TaskInstance | undefined, goal: string, step: number, maxSteps: number): Record<string, unknown> {
  return {
    id: task?.taskId ?? '(no task)',
    instance: task?.instanceId ?? '',
    ...(task?.file ? { file: task.file } : {}),
    goal,
    params: task?.params ?? {},
    seed: task?.seed,
    step,
    budget: maxSteps,
  };
}

/** The tables and rows (first `limit` of each) of the apps' databases. */
export async function appStateScope(device: Device, apps: readonly string[], limit = 50): Promise<Record<string, unknown>> {
  if (!device.queryApp) return { note: `${device.id} gives no database access` };
  const out: Record<string, unknown> = {};
  for (const app of apps) {
    try {
      const tables = (await device.queryApp(app, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")).map((r) => String(r.name));
      const db: Record<string, SqlRow[] | string> = {};
      for (const t of tables) db[t] = await device.queryApp(app, `SELECT * FROM "${t.replace(/"/g, '""')}" LIMIT ${limit}`);
      out[app] = db;
    } catch (e) {
      out[app] = `(${e instanceof Error ? e.message : String(e)})`;
    }
  }
  return out;
}

export function verifierScope(report: VerifyReport | undefined, error?: string): Record<string, unknown> {
  if (!report) return { note: error ?? 'no verifier' };
  const node = (r: VerifierResult): Record<string, unknown> => ({
    path: r.path, kind: r.kind, passed: r.passed, reason: r.reason,
    ...(r.observed !== undefined ? { observed: r.observed } : {}),
    ...(r.children?.length ? { children: r.children.map(node) } : {}),
  });
  return { passed: report.passed, score: report.score, ...(report.error ? { error: report.error } : {}), results: report.results.map(node) };
}

/** "click [500, 175] "Save"" — a frame's label. */
export function actionLabel(v: StepView): string {
  const call = callOf(v);
  if (!call) return v.decision?.error ? `✗ ${v.decision.error.slice(0, 60)}` : '…';
  const pts = pointsOf(call);
  let label = call.name;
  if (pts.length) label += ` ${pts.map((p) => `[${p[0]}, ${p[1]}]`).join(' → ')}`;
  for (const k of ['text', 'app', 'type', 'time'] as const) if (call.args[k] !== undefined) label += ` ${JSON.stringify(call.args[k])}`;
  const tree = safeTree(v.observation?.uiXml);
  const screen = v.observation?.screen;
  if (tree && screen && pts[0]) {
    const p = toPixels({ x: pts[0][0], y: pts[0][1] }, screen);
    const n = nodeAt(tree, p.x, p.y);
    const name = n?.text || n?.contentDesc || n?.resourceId.split('/').pop();
    if (name) label += ` on "${name}"`;
  }
  return v.corrected ? `${label} (corrected)` : label;
}

/**
 * Whole numbers as CEL ints (the loop's numbers are JS doubles), so `step * 10` and
 * `args.points[0][1] > 500` read as written; fractions stay doubles.
 */
export function celInts(v: unknown, depth = 0): unknown {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : v;
  if (depth > 32 || v === null || typeof v !== 'object' || v instanceof Uint8Array) return v;
  if (Array.isArray(v)) return v.map((x) => celInts(x, depth + 1));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, celInts(x, depth + 1)]));
}
