// The debug console's commands, parsed and completed here (executed by the runtime):
//   tap x y · type "text" · key back|home|enter|menu · open <package> · swipe x1 y1 x2 y2 ·
//   finish "text" · wait <ms> · sql <app> <query> · ui <selector> · fork [<action command>] · help
// Anything else is a CEL expression over the debugger's scope. Coordinates are the model's
// 0–1000, as in the Action scope.
import { toAction, type Action } from '../protocol/action';
import { BUTTONS } from '../protocol/tools';
import type { Selector } from '../task/runnable';

export type ConsoleCommand =
  | { kind: 'action'; action: Action; text: string }
  | { kind: 'sql'; app: string; query: string }
  | { kind: 'ui'; selector: Selector; text: string }
  | { kind: 'fork'; action?: Action }
  | { kind: 'help' };

export const COMMAND_HELP: Record<string, string> = {
  tap: 'tap <x> <y> — replace the pending action by a click at x, y (0–1000)',
  type: 'type "<text>" — replace the pending action by typing text',
  key: `key <${BUTTONS.join('|')}> — replace the pending action by a button press`,
  open: 'open <package> — replace the pending action by open_app',
  swipe: 'swipe <x1> <y1> <x2> <y2> — replace the pending action by a scroll (0–1000)',
  finish: 'finish "<text>" — replace the pending action by finish',
  wait: 'wait <ms> — replace the pending action by a wait',
  sql: 'sql <app> <query> — read the app\'s database (SELECT …)',
  ui: 'ui <selector> — find UI nodes: text="Save", resource-id=save, desc=…, class=…, or words (text contains)',
  fork: 'fork [<action command>] — branch a new episode from this step with the pending (or the given) action',
  help: 'help — list the commands',
};

export const COMMANDS = Object.keys(COMMAND_HELP);

/** Splits on spaces, keeping "quoted strings" (with \" escapes) together. */
function words(s: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const m of s.matchAll(re)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]);
  return out;
}

/** The command in `text`, undefined when it is an expression, or a message saying what is wrong. */
export function parseCommand(text: string): ConsoleCommand | string | undefined {
  const trimmed = text.trim();
  const m = /^([a-z]+)(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (!m || !COMMANDS.includes(m[1])) return undefined;
  const [, name, rest = ''] = m;
  // `type` alone, `key == 1` … are CEL: only a command-shaped line is a command.
  if (name !== 'help' && name !== 'fork' && rest.trim() === '') return `${COMMAND_HELP[name]}`;
  if (/^(==|!=|&&|\|\||[<>+\-*/%.[(?])/.test(rest.trim())) return undefined;
  switch (name) {
    case 'help':
      return { kind: 'help' };
    case 'sql': {
      const sm = /^(\S+)\s+([\s\S]+)$/.exec(rest.trim());
      if (!sm) return COMMAND_HELP.sql;
      return { kind: 'sql', app: sm[1], query: sm[2].trim() };
    }
    case 'ui':
      return { kind: 'ui', selector: parseSelector(rest), text: rest.trim() };
    case 'fork': {
      if (!rest.trim()) return { kind: 'fork' };
      const inner = parseCommand(rest);
      if (typeof inner === 'string') return inner;
      if (!inner || inner.kind !== 'action') return `fork takes an action command (${['tap', 'type', 'key', 'open', 'swipe', 'finish', 'wait'].join(', ')}), got '${rest.trim()}'`;
      return { kind: 'fork', action: inner.action };
    }
    default:
      return actionCommand(name, words(rest), trimmed);
  }
}

function num(s: string | undefined, what: string): number | string {
  const n = Number(s);
  return s !== undefined && Number.isFinite(n) ? n : `${what} must be a number, got ${s === undefined ? 'nothing' : `'${s}'`}`;
}

function actionCommand(name: string, w: string[], text: string): ConsoleCommand | string {
  let call: { name: string; args: Record<string, unknown> };
  switch (name) {
    case 'tap': {
      const x = num(w[0], 'x');
      const y = num(w[1], 'y');
      if (typeof x === 'string') return x;
      if (typeof y === 'string') return y;
      call = { name: 'click', args: { points: [[x, y]] } };
      break;
    }
    case 'swipe': {
      const n = w.slice(0, 4).map((s, i) => num(s, ['x1', 'y1', 'x2', 'y2'][i]));
      if (n.length < 4) return COMMAND_HELP.swipe;
      const bad = n.find((x) => typeof x === 'string');
      if (bad !== undefined) return bad as string;
      call = { name: 'scroll', args: { points: [[n[0], n[1]], [n[2], n[3]]] } };
      break;
    }
    case 'type': call = { name: 'type', args: { text: w.join(' ') } }; break;
    case 'finish': call = { name: 'finish', args: { text: w.join(' ') } }; break;
    case 'open': call = { name: 'open_app', args: { app: w[0] } }; break;
    case 'wait': {
      const ms = num(w[0], 'ms');
      if (typeof ms === 'string') return ms;
      call = { name: 'wait', args: { time: ms } };
      break;
    }
    case 'key':
      if (!(BUTTONS as readonly string[]).includes(w[0])) return `key must be one of ${BUTTONS.join(', ')}, got '${w[0]}'`;
      call = { name: 'button_press', args: { type: w[0] } };
      break;
    default:
      return `unknown command ${name}`;
  }
  const a = toAction(call);
  return a.ok ? { kind: 'action', action: a.action, text } : `${name}: ${a.reason}`;
}

/** `text="Save" resource-id=save` → a selector; bare words are a text-contains match. */
export function parseSelector(s: string): Selector {
  const sel: Selector = {};
  const loose: string[] = [];
  for (const m of s.matchAll(/([a-z-]+)(=|~)("(?:[^"\\]|\\.)*"|\S+)|("(?:[^"\\]|\\.)*"|\S+)/gi)) {
    if (m[4] !== undefined) { loose.push(unquote(m[4])); continue; }
    const key = m[1].toLowerCase();
    const v = unquote(m[3]);
    if (key === 'text') { if (m[2] === '~') sel.textContains = v; else sel.text = v; }
    else if (key === 'text-contains') sel.textContains = v;
    else if (key === 'resource-id' || key === 'id') sel.resourceId = v;
    else if (key === 'desc' || key === 'content-desc') sel.contentDesc = v;
    else if (key === 'class') sel.className = v;
    else if (key === 'instance') sel.instance = Number(v);
    else loose.push(m[0]);
  }
  if (loose.length) sel.textContains = loose.join(' ');
  return sel;
}

function unquote(s: string): string {
  return s.startsWith('"') && s.endsWith('"') && s.length >= 2 ? s.slice(1, -1).replace(/\\(.)/g, '$1') : s;
}

export interface Completion {
  label: string;
  /** Replaces the word under the cursor (start offset, length in the text). */
  start: number;
  length: number;
  detail?: string;
  type: 'keyword' | 'value' | 'variable' | 'property';
}

/** Completions at `column` (0-based offset) of a console line. */
export function completeConsole(text: string, column: number, ctx: { apps: string[]; variables: string[]; selectorKeys?: string[] }): Completion[] {
  const before = text.slice(0, column);
  const wordStart = before.search(/[^\s"=]*$/);
  const word = before.slice(wordStart);
  const head = before.slice(0, wordStart).trim().split(/\s+/).filter(Boolean);
  const mk = (labels: string[], type: Completion['type'], detail?: (l: string) => string | undefined): Completion[] =>
    labels.filter((l) => l.startsWith(word)).map((label) => ({ label, start: wordStart, length: word.length, type, ...(detail?.(label) ? { detail: detail(label) } : {}) }));
  if (head.length === 0) return [...mk(COMMANDS, 'keyword', (l) => COMMAND_HELP[l]), ...mk(ctx.variables, 'variable')];
  const cmd = head[0] === 'fork' ? head[1] : head[0];
  const argIndex = head[0] === 'fork' ? head.length - 2 : head.length - 1;
  if (head[0] === 'fork' && head.length === 1) return mk(['tap', 'type', 'key', 'open', 'swipe', 'finish', 'wait'], 'keyword', (l) => COMMAND_HELP[l]);
  if (cmd === 'key' && argIndex === 0) return mk([...BUTTONS], 'value');
  if ((cmd === 'sql' || cmd === 'open') && argIndex === 0) return mk(ctx.apps, 'value');
  if (cmd === 'sql' && argIndex >= 1) return mk(['SELECT', '*', 'FROM', 'WHERE', 'ORDER BY', 'LIMIT', 'count(*)'], 'keyword');
  if (cmd === 'ui') return mk(ctx.selectorKeys ?? ['text=', 'text~', 'resource-id=', 'desc=', 'class=', 'instance='], 'property');
  if (!COMMANDS.includes(head[0])) {
    // Inside an expression: member names after a dot, else variables.
    const dot = /([A-Za-z_][\w]*)\.$/.exec(before.slice(0, wordStart));
    return dot ? [] : mk(ctx.variables, 'variable');
  }
  return [];
}
