// The "# History of Previous Actions" section: one `name(JSON)` string per earlier step, with
// the reference runner's per-tool key filtering (action_to_history_str).
import type { ToolCall } from './tools';
import { pyInt } from './action';
import { pyJsonDumps } from './pyjson';

export interface HistoryStep {
  thought: string;
  /** The tool call as the model emitted it (lower-cased name, `package` renamed to `app`). */
  call: ToolCall;
}

function get(args: Record<string, unknown>, key: string, fallback: unknown): unknown {
  return Object.prototype.hasOwnProperty.call(args, key) ? args[key] : fallback;
}

export function actionString(call: ToolCall): string {
  const { name, args } = call;
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(args, k);
  const params: Record<string, unknown> = {};
  let shown = name;
  if (name === 'click' || name === 'double_click' || name === 'long_press') {
    if (has('points')) params.points = args.points;
    if (name === 'long_press' && has('duration')) params.duration = args.duration;
  } else if (name === 'type') {
    params.text = get(args, 'text', '');
  } else if (name === 'scroll' || name === 'swipe' || name === 'drag') {
    if (has('points')) params.points = args.points;
    if (has('duration')) params.duration = args.duration;
  } else if (name === 'button_press') {
    params.type = get(args, 'type', '');
  } else if (name === 'open_app' || name === 'close_app') {
    params.app = get(args, 'app', '');
  } else if (name === 'wait') {
    params.time = has('time') ? (pyInt(args.time) ?? 1000) : 1000;
  } else if (name === 'finish' || name === 'answer' || name === 'output') {
    shown = 'finish';
    params.text = get(args, 'text', '');
  }
  // `time` went through int(); every other kept key is echoed as the model wrote it.
  const floats = new Set((call.floats ?? []).filter((p) => p !== 'time' && !p.startsWith('time.')));
  return `${shown}(${pyJsonDumps(params, floats)})`;
}

/** "" on the first step, else "\n\n# History of Previous Actions\n" + the stripped lines. */
export function historySection(steps: readonly HistoryStep[]): string {
  let lines = '';
  steps.forEach((s, i) => {
    lines += `- Step ${i + 1}:\nThought: ${s.thought}\nAction: ${actionString(s.call)}\n`;
  });
  const stripped = pyStrip(lines);
  return stripped ? `\n\n# History of Previous Actions\n${stripped}` : '';
}

// str.isspace() in Python: like JS \s but with \x1c-\x1f and \x85, and without U+FEFF.
function isPySpace(c: number): boolean {
  return (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x20) || c === 0x85 || c === 0xa0 || c === 0x1680
    || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/**
 * Python's str.strip(): removes whitespace as Python defines it (a superset of JS trim for
 * ASCII). A loop, not `/[ws]+$/`: that regex is quadratic in each run of inner spaces.
 */
export function pyStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isPySpace(s.charCodeAt(start))) start++;
  while (end > start && isPySpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}
