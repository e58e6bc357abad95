// A Python-free stand-in for PhoneBuddy's AndroidWorld runner (eval/run_android_world.py in
// the public PhoneBuddy repository), for CI: the same HTTP calls in the same order with the
// same query values (Python's requests writes True/False), the same real-time pauses (3 s
// before each screenshot, --step-delay 2 s after each non-final step), `wait` sent without a
// duration, `type` sent as `input_text` (which the server follows with Enter), the same
// screenshot decoding (an image/* body, {image_base64}, or the {"pixels"} JSON turned into an
// H×W×3 array), the same 0–1000 → pixel scaling and action mapping, seed 30 and --limit.
// It is written from the runner's behaviour, not from its code.
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { buildMessages, jpegDataUrl } from '../../../protocol/messages';
import type { HistoryStep } from '../../../protocol/history';
import { lenientJsonParse } from '../../../protocol/lenient-json';

export interface ReferenceRunnerOptions {
  awServer: string;
  modelBaseUrl: string;
  /** --seed (the runner's default is 30). */
  seed?: number;
  /** --limit: only the first N task types. */
  limit?: number;
  /** --tasks: a subset of task types. */
  tasks?: string[];
  /** --max-steps (default 50). */
  maxSteps?: number;
  /** --step-delay in ms (default 2000). */
  stepDelayMs?: number;
  /**
   * The pause before each screenshot, fixed at 3 s in the runner. Tests may shorten it only
   * where waiting does not matter; at least one test keeps the runner's length.
   */
  settleMs?: number;
  taskIdx?: number;
  /** Each finished record (the runner appends it to results.jsonl). */
  onRecord?: (r: ReferenceRecord) => void;
}

export interface ReferenceStep {
  step: number;
  action: string;
  args: Record<string, unknown>;
  json_action: Record<string, unknown> | null;
  is_terminal: boolean;
  exec_ok: boolean;
  exec_error: string | null;
  /** How the screenshot came (ours: to check both decodings ran). */
  screenshot: { kind: 'pixels' | 'image' | 'image_base64'; width: number; height: number; ms: number };
}

export interface ReferenceRecord {
  task_type: string;
  task_idx: number;
  seed: number;
  goal: string;
  score: number;
  steps: number;
  success: boolean;
  terminated_by: string | null;
  error: string | null;
  trajectory: ReferenceStep[];
  answer_text?: string;
}

type Query = Record<string, string | number | boolean>;

/** requests' rendering of a query value: Python booleans are True/False. */
const pyValue = (v: string | number | boolean): string => (typeof v === 'boolean' ? (v ? 'True' : 'False') : String(v));

class AwHttp {
  constructor(private readonly base: string) {}

  async request(method: 'GET' | 'POST', path: string, params?: Query, body?: unknown, timeoutS = 120): Promise<Response> {
    const url = new URL(this.base.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(params ?? {})) url.searchParams.set(k, pyValue(v));
    const res = await fetch(url, {
      method, signal: AbortSignal.timeout(timeoutS * 1000),
      ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
    });
    if (!res.ok) throw new Error(`${res.status} ${res.statusText} for ${method} ${path}. Server said: ${(await res.text()).slice(0, 500)}`);
    return res;
  }

  json(method: 'GET' | 'POST', path: string, params?: Query, body?: unknown, timeoutS?: number): Promise<Record<string, unknown>> {
    return this.request(method, path, params, body, timeoutS).then((r) => r.json() as Promise<Record<string, unknown>>);
  }
}

/** The runner's get_screenshot: an H×W×3 uint8 array, here as packed RGB. */
export async function decodeScreenshot(res: Response): Promise<{ rgb: Buffer; width: number; height: number; kind: ReferenceStep['screenshot']['kind'] }> {
  const ctype = (res.headers.get('content-type') ?? '').toLowerCase();
  const image = async (bytes: Buffer) => {
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { rgb: data, width: info.width, height: info.height };
  };
  if (ctype.includes('image/')) return { ...(await image(Buffer.from(await res.arrayBuffer()))), kind: 'image' };
  const data = await res.json() as { pixels?: number[][][]; image_base64?: string };
  if (typeof data.image_base64 === 'string') return { ...(await image(Buffer.from(data.image_base64, 'base64'))), kind: 'image_base64' };
  const px = data.pixels;
  if (!Array.isArray(px) || !Array.isArray(px[0])) throw new Error('screenshot JSON has neither pixels nor image_base64');
  // np.array(pixels, dtype=np.uint8): every row the same width, every pixel three channels.
  const height = px.length;
  const width = px[0].length;
  const rgb = Buffer.alloc(width * height * 3);
  let o = 0;
  for (const row of px) {
    if (row.length !== width) throw new Error('screenshot pixels rows differ in width');
    for (const p of row) { rgb[o++] = p[0]; rgb[o++] = p[1]; rgb[o++] = p[2]; }
  }
  return { rgb, width, height, kind: 'pixels' };
}

interface Parsed { action: string; cot: string; args: Record<string, unknown> }

/** The runner's parse_model_response: <think>, then the first <tool_call> JSON. */
export function parseResponse(response: string): Parsed | null {
  if (!response) return null;
  const think = /<think>([\s\S]*?)<\/think>/.exec(response)?.[1]?.trim() ?? '';
  const remaining = response.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  const tc = /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/.exec(remaining) ?? /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/.exec(response) ?? /<tool_call>\s*(\{[\s\S]*\})/.exec(response);
  if (!tc) return null;
  const thought = remaining.includes('<tool_call>') ? remaining.split('<tool_call>')[0].trim() : '';
  const obj = lenientJsonParse(tc[1].trim())?.value as { name?: string; arguments?: Record<string, unknown> } | undefined;
  if (!obj || typeof obj !== 'object') return null;
  const name = String(obj.name ?? '').trim();
  const args = { ...(obj.arguments && typeof obj.arguments === 'object' ? obj.arguments : {}) };
  if ((name === 'open_app' || name === 'close_app') && 'package' in args) { args.app = args.package; delete args.package; }
  return { action: name.toLowerCase(), cot: [think, thought].filter(Boolean).join('\n').trim(), args };
}

function point(args: Record<string, unknown>, index = 0): [number, number] | null {
  const coord = ['points', 'coordinate', 'point', 'coordinates'].map((k) => args[k]).find((v) => v !== undefined && v !== null);
  if (!Array.isArray(coord) || coord.length === 0) return null;
  if (Array.isArray(coord[0])) {
    const p = coord[index] as unknown[] | undefined;
    return p && p.length >= 2 ? [Math.trunc(Number(p[0])), Math.trunc(Number(p[1]))] : null;
  }
  return coord.length >= 2 ? [Math.trunc(Number(coord[0])), Math.trunc(Number(coord[1]))] : null;
}

const scale = (p: [number, number], w: number, h: number): [number, number] => [
  Math.max(0, Math.min(Math.trunc((p[0] * w) / 1000), w - 1)), Math.max(0, Math.min(Math.trunc((p[1] * h) / 1000), h - 1)),
];

const TERMINAL = ['finish', 'answer', 'output', 'terminate', 'call_user'];
const REVERSE: Record<string, string> = { up: 'down', down: 'up', left: 'right', right: 'left' };

/** The runner's map_action_to_jsonaction. */
export function mapAction(action: string, args: Record<string, unknown>, w: number, h: number): [Record<string, unknown> | null, boolean, string] {
  const at = (type: string): [Record<string, unknown> | null, boolean, string] => {
    const p = point(args);
    if (!p) return [null, false, ''];
    const [x, y] = scale(p, w, h);
    return [{ action_type: type, x, y }, false, ''];
  };
  switch (action) {
    case 'click': return at('click');
    case 'double_click': return at('double_tap');
    case 'long_press': case 'longpress': return at('long_press');
    case 'type': return [{ action_type: 'input_text', text: String(args.text ?? '') }, false, ''];
    case 'scroll': case 'swipe': case 'drag': {
      const p1 = point(args, 0);
      const p2 = point(args, 1);
      if (p1 && p2) {
        const [x, y] = scale(p1, w, h);
        const [x2, y2] = scale(p2, w, h);
        const ja: Record<string, unknown> = { action_type: 'swipe', x, y, x2, y2 };
        if (typeof args.duration === 'number' && args.duration > 0) ja.duration = Math.trunc(args.duration);
        return [ja, false, ''];
      }
      const d = args.direction;
      if (typeof d === 'string' && REVERSE[d]) return [{ action_type: 'scroll', direction: REVERSE[d] }, false, ''];
      return [null, false, ''];
    }
    case 'button_press': {
      const b = String(args.type ?? '').toLowerCase();
      if (b === 'back') return [{ action_type: 'navigate_back' }, false, ''];
      if (b === 'home') return [{ action_type: 'navigate_home' }, false, ''];
      if (b === 'enter') return [{ action_type: 'keyboard_enter' }, false, ''];
      return [null, false, ''];
    }
    case 'open_app': case 'start_app': {
      let app = String(args.app ?? args.package ?? '');
      if (app === 'File Manager' || app === 'file_management') app = 'Files';
      return app ? [{ action_type: 'open_app', app_name: app }, false, ''] : [null, false, ''];
    }
    case 'close_app': return [{ action_type: 'navigate_home' }, false, ''];
    case 'wait': return [{ action_type: 'wait' }, false, ''];
    default:
      if (TERMINAL.includes(action)) {
        const text = String(args.text ?? '');
        return [{ action_type: 'answer', text }, true, text];
      }
      return [null, false, ''];
  }
}

/** The served model: GET /models, POST /chat/completions with the runner's sampling. */
class ModelClient {
  model = '';
  constructor(private readonly base: string) {}

  async discover(): Promise<void> {
    const res = await fetch(`${this.base.replace(/\/+$/, '')}/models`, { headers: { authorization: 'Bearer EMPTY' } });
    const data = await res.json() as { data?: { id: string }[] };
    if (!data.data?.length) throw new Error(`No models served at ${this.base}`);
    this.model = data.data[0].id;
  }

  async request(messages: unknown): Promise<string | null> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const res = await fetch(`${this.base.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer EMPTY' },
          body: JSON.stringify({
            model: this.model, messages, temperature: 0, top_p: 1, stream: false, max_completion_tokens: 8192,
            top_k: -1, repetition_penalty: 1, skip_special_tokens: false,
          }),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const msg = ((await res.json()) as { choices: { message: Record<string, unknown> }[] }).choices[0].message;
        return ['content', 'reasoning', 'reasoning_content'].map((k) => msg[k]).filter((v): v is string => typeof v === 'string' && v !== '').join('\n');
      } catch {
        await sleep(Math.min(2000 * attempt, 10_000));
      }
    }
    return null;
  }
}

async function runOneTask(aw: AwHttp, model: ModelClient, taskType: string, o: Required<Pick<ReferenceRunnerOptions, 'seed' | 'maxSteps' | 'stepDelayMs' | 'settleMs' | 'taskIdx'>>): Promise<ReferenceRecord> {
  const record: ReferenceRecord = { task_type: taskType, task_idx: o.taskIdx, seed: o.seed, goal: '', score: 0, steps: 0, success: false, terminated_by: null, error: null, trajectory: [] };
  const task = { task_type: taskType, task_idx: o.taskIdx };
  try {
    await aw.json('POST', '/reset', { go_home: true });
    await aw.json('GET', '/suite/reinitialize', { n_task_combinations: 1, seed: o.seed, task_family: 'android_world' });
    await aw.json('POST', '/task/tear_down', task).catch(() => undefined);
    await aw.json('POST', '/task/initialize', task, undefined, 180);
    const goal = String((await aw.json('GET', '/task/goal', task, undefined, 60)).goal);
    record.goal = goal;
    const context: HistoryStep[] = [];
    let terminalText = '';
    let w = 0;
    let h = 0;
    let ended = false;
    for (let step = 0; step < o.maxSteps; step++) {
      record.steps = step + 1;
      await sleep(o.settleMs);
      let shot: Awaited<ReturnType<typeof decodeScreenshot>>;
      const t0 = performance.now();
      try {
        shot = await decodeScreenshot(await aw.request('GET', '/screenshot', { wait_to_stabilize: false }, undefined, 180));
      } catch (e) {
        record.error = `screenshot_failed: ${(e as Error).message}`;
        ended = true;
        break;
      }
      const shotMs = performance.now() - t0;
      if (!w) { w = shot.width; h = shot.height; }
      const jpeg = await sharp(shot.rgb, { raw: { width: shot.width, height: shot.height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
      const response = await model.request(buildMessages(goal, jpegDataUrl(jpeg), context));
      if (!response) { record.error = 'empty_model_response'; ended = true; break; }
      const parsed = parseResponse(response);
      if (!parsed) { record.error = 'parse_failed'; ended = true; break; }
      const [ja, terminal, text] = mapAction(parsed.action, parsed.args, w, h);
      const rec: ReferenceStep = {
        step, action: parsed.action, args: parsed.args, json_action: ja, is_terminal: terminal, exec_ok: true, exec_error: null,
        screenshot: { kind: shot.kind, width: shot.width, height: shot.height, ms: Math.round(shotMs) },
      };
      if (ja) {
        try {
          await aw.json('POST', '/execute_action', undefined, ja);
        } catch (e) {
          rec.exec_ok = false;
          rec.exec_error = (e as Error).message;
        }
      }
      record.trajectory.push(rec);
      context.push({ thought: parsed.cot, call: { name: parsed.action, args: parsed.args } });
      if (terminal) { terminalText = text; record.terminated_by = parsed.action; ended = true; break; }
      if (step < o.maxSteps - 1) await sleep(o.stepDelayMs);
    }
    if (!ended) record.terminated_by = 'max_steps';
    try {
      record.score = Number((await aw.json('GET', '/task/score', task)).score);
    } catch (e) {
      record.score = 0;
      record.error = `${record.error ?? ''} | score_failed: ${(e as Error).message}`;
    }
    record.success = record.score >= 1;
    record.answer_text = terminalText;
  } catch (e) {
    record.error = `${(e as Error).name}: ${(e as Error).message}`;
  } finally {
    await aw.json('POST', '/task/tear_down', task).catch(() => undefined);
  }
  return record;
}

/** main(): health, model discovery, the live task list (--tasks, --limit), one record per task. */
export async function runReferenceRunner(options: ReferenceRunnerOptions): Promise<ReferenceRecord[]> {
  const aw = new AwHttp(options.awServer);
  await aw.request('GET', '/health', undefined, undefined, 15);
  const model = new ModelClient(options.modelBaseUrl);
  await model.discover();
  let tasks = (await aw.json('GET', '/suite/task_list', { max_index: 100000 }, undefined, 60)).task_list as string[];
  if (options.tasks) tasks = tasks.filter((t) => options.tasks!.includes(t));
  if (options.limit !== undefined) tasks = tasks.slice(0, options.limit);
  const o = {
    seed: options.seed ?? 30, maxSteps: options.maxSteps ?? 50, stepDelayMs: options.stepDelayMs ?? 2000,
    settleMs: options.settleMs ?? 3000, taskIdx: options.taskIdx ?? 0,
  };
  const records: ReferenceRecord[] = [];
  for (const t of tasks) {
    const r = await runOneTask(aw, model, t, o);
    records.push(r);
    options.onRecord?.(r);
  }
  return records;
}
