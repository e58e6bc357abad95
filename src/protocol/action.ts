// The normalised action every other layer uses (loop, devices, recorder, debugger, panel).
// Points stay in the model's 0–1000 space here; src/protocol/coords.ts maps them to pixels
// for a given screen. `toAction` turns a parsed tool call into one of these, or explains why
// it cannot (unknown tool, missing points) — the loop records that as a failed step.
import type { ButtonName, ToolCall } from './tools';
import { BUTTONS, isTerminalTool } from './tools';

export interface NormPoint {
  x: number;
  y: number;
}

export type Action =
  | { type: 'click'; point: NormPoint }
  | { type: 'double_click'; point: NormPoint; intervalMs?: number }
  | { type: 'long_press'; point: NormPoint; durationMs?: number }
  | { type: 'type'; text: string }
  /** `tool` keeps which gesture the model named: scroll, swipe or drag. */
  | { type: 'scroll'; from: NormPoint; to: NormPoint; durationMs?: number; tool: 'scroll' | 'swipe' }
  | { type: 'drag'; from: NormPoint; to: NormPoint; durationMs?: number }
  | { type: 'button_press'; button: ButtonName }
  | { type: 'open_app'; app: string }
  | { type: 'close_app'; app: string }
  | { type: 'wait'; ms: number }
  /** finish / output / answer / terminate / call_user: ends the episode with `text`. */
  | { type: 'finish'; text: string; tool: string };

export type ActionType = Action['type'];

export type ActionResult = { ok: true; action: Action } | { ok: false; reason: string };

const POINT_KEYS = ['points', 'coordinate', 'point', 'coordinates'] as const;

/** Python's int() on what a model may put in a coordinate: numbers truncate, numeric strings parse. */
export function pyInt(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v)) return Number.parseInt(v, 10);
  return undefined;
}

/** The reference's _extract_point: [[x,y],…] or [x,y] under any of the known keys. */
export function extractPoint(args: Record<string, unknown>, index = 0): NormPoint | undefined {
  let coord: unknown;
  for (const k of POINT_KEYS) {
    if (args[k] !== undefined && args[k] !== null) { coord = args[k]; break; }
  }
  if (!Array.isArray(coord) || coord.length === 0) return undefined;
  let pair: unknown[] | undefined;
  if (Array.isArray(coord[0])) {
    const p = coord[index];
    if (Array.isArray(p) && p.length >= 2) pair = p;
  } else if (index === 0 && coord.length >= 2) {
    pair = coord;
  } else if (index === 1 && coord.length >= 4) {
    // A flat [x1, y1, x2, y2] — not in the reference, but unambiguous.
    pair = coord.slice(2);
  }
  if (!pair) return undefined;
  const x = pyInt(pair[0]);
  const y = pyInt(pair[1]);
  return x === undefined || y === undefined ? undefined : { x, y };
}

function optionalMs(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.trunc(v) : undefined;
}

function str(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

const CARDINAL: Record<string, [number, number]> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

/** Converts a parsed tool call to the normalised action, following the reference runner. */
export function toAction(call: ToolCall): ActionResult {
  const { name, args } = call;
  const needPoint = (): NormPoint | string => extractPoint(args) ?? `${name} needs a point: "points": [[x, y]] in 0–1000`;
  switch (name) {
    case 'click': {
      const p = needPoint();
      return typeof p === 'string' ? { ok: false, reason: p } : { ok: true, action: { type: 'click', point: p } };
    }
    case 'double_click': {
      const p = needPoint();
      return typeof p === 'string' ? { ok: false, reason: p } : { ok: true, action: { type: 'double_click', point: p, intervalMs: optionalMs(args.interval) } };
    }
    case 'long_press':
    case 'longpress': {
      const p = needPoint();
      return typeof p === 'string' ? { ok: false, reason: p } : { ok: true, action: { type: 'long_press', point: p, durationMs: optionalMs(args.duration) } };
    }
    case 'type':
      return { ok: true, action: { type: 'type', text: str(args.text) } };
    case 'scroll':
    case 'swipe':
    case 'drag': {
      const from = extractPoint(args, 0);
      const to = extractPoint(args, 1);
      const durationMs = optionalMs(args.duration);
      if (from && to) {
        return name === 'drag'
          ? { ok: true, action: { type: 'drag', from, to, durationMs } }
          : { ok: true, action: { type: 'scroll', from, to, durationMs, tool: name } };
      }
      // The reference's fallback: a bare finger direction, swiped across the screen centre.
      const dir = typeof args.direction === 'string' ? CARDINAL[args.direction.toLowerCase()] : undefined;
      if (dir && name !== 'drag') {
        const start = from ?? { x: 500, y: 500 };
        const end = { x: clampNorm(start.x + dir[0] * 300), y: clampNorm(start.y + dir[1] * 300) };
        return { ok: true, action: { type: 'scroll', from: start, to: end, durationMs, tool: name } };
      }
      return { ok: false, reason: `${name} needs two points: "points": [[x1, y1], [x2, y2]] in 0–1000` };
    }
    case 'button_press': {
      const b = str(args.type).toLowerCase();
      return (BUTTONS as readonly string[]).includes(b)
        ? { ok: true, action: { type: 'button_press', button: b as ButtonName } }
        : { ok: false, reason: `button_press type must be one of ${BUTTONS.join('/')}, got ${JSON.stringify(args.type)}` };
    }
    case 'open_app':
    case 'close_app': {
      const app = str(args.app ?? args.package).trim();
      if (!app) return { ok: false, reason: `${name} needs "package": the app's package name` };
      return { ok: true, action: { type: name, app } };
    }
    case 'wait': {
      const t = pyInt(args.time);
      return { ok: true, action: { type: 'wait', ms: t !== undefined && t >= 0 ? t : 1000 } };
    }
    default:
      if (isTerminalTool(name)) return { ok: true, action: { type: 'finish', text: str(args.text), tool: name } };
      return { ok: false, reason: `unknown tool '${name}'` };
  }
}

function clampNorm(v: number): number {
  return Math.max(0, Math.min(1000, v));
}

/** The tool call a normalised action corresponds to (for recording human / solution steps). */
export function actionToCall(a: Action): ToolCall {
  const pts = (...ps: NormPoint[]): number[][] => ps.map((p) => [p.x, p.y]);
  switch (a.type) {
    case 'click': return { name: 'click', args: { points: pts(a.point) } };
    case 'double_click': return { name: 'double_click', args: { points: pts(a.point), ...(a.intervalMs !== undefined ? { interval: a.intervalMs } : {}) } };
    case 'long_press': return { name: 'long_press', args: { points: pts(a.point), ...(a.durationMs !== undefined ? { duration: a.durationMs } : {}) } };
    case 'type': return { name: 'type', args: { text: a.text } };
    case 'scroll': return { name: a.tool, args: { points: pts(a.from, a.to), ...(a.durationMs !== undefined ? { duration: a.durationMs } : {}) } };
    case 'drag': return { name: 'drag', args: { points: pts(a.from, a.to), ...(a.durationMs !== undefined ? { duration: a.durationMs } : {}) } };
    case 'button_press': return { name: 'button_press', args: { type: a.button } };
    case 'open_app': return { name: 'open_app', args: { app: a.app } };
    case 'close_app': return { name: 'close_app', args: { app: a.app } };
    case 'wait': return { name: 'wait', args: { time: a.ms } };
    case 'finish': return { name: a.tool, args: { text: a.text } };
  }
}
