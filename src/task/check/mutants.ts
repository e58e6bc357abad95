// Wrong trajectories made from a task's reference solution, for `check` to run on the mock
// phone: a verifier that accepts one whose end state differs from the solution's is weak.
// Each mutant says, in one line, what it did wrong ("typed 'Jordan Lee' instead of {guest}").
import { isTapTool, isTerminalTool } from '../../protocol/tools';
import type { AppCatalog } from '../app-catalog';
import type { OutcomeStep, SolutionStep, TaskInstance } from '../runnable';
import { describeSelector } from '../../device/ui-tree';

export type MutantKind = 'drop-step' | 'param' | 'typed-text' | 'skip-options' | 'stop-early' | 'other-app' | 'answer' | 'repeat' | 'also-other';

export interface Mutant {
  kind: MutantKind;
  /** "accepted the run that …" completes with this. */
  what: string;
  solution: SolutionStep[];
  /** Solution step it changed or dropped (0-based), for the "unobserved steps" warning. */
  step?: number;
  /** A param mutant's instance (the task for the other value) and its key `{name}=value`. */
  variant?: { key: string; instance: TaskInstance };
}

export interface MutantInputs {
  instance: TaskInstance;
  steps: SolutionStep[];
  /** The solution run's executed steps (targetNode tells a checkbox from a button). */
  executed: OutcomeStep[];
  catalog?: AppCatalog;
  /** Other values each param could take: its domain, plus other rows of the table it names. */
  alternatives: Record<string, unknown[]>;
  /** The task has an answer verifier: mutate the finish text too. */
  checksAnswer: boolean;
  /**
   * Typed text that is not in the goal but is a value in the phone's data (a company read from
   * a contact, then typed into a note), by solution step: other values of that column.
   */
  dataTyped?: Map<number, { column: string; others: string[] }>;
}

const OPTION_CLASS = /CheckBox|Switch|RadioButton|ToggleButton|Chip|Spinner|SeekBar/;
const OPTION_WORDS = /filter|sort|option|chip|checkbox|switch|toggle|radio/i;

export function describeStep(step: SolutionStep): string {
  const t = step.tool;
  if (step.target) return `${t} ${describeSelector(step.target)}`;
  if (t === 'type' || isTerminalTool(t)) return `${t} ${JSON.stringify(String(step.args.text ?? ''))}`;
  if (t === 'open_app' || t === 'close_app') return `${t} ${String(step.args.app)}`;
  if (t === 'button_press') return `press ${String(step.args.type)}`;
  return t;
}

const quote = (s: unknown): string => `'${String(s)}'`;

/** The step taps a checkbox, switch, chip or a control named like a filter or option. */
export function isOptionStep(step: SolutionStep, executed?: OutcomeStep): boolean {
  if (!isTapTool(step.tool)) return false;
  const node = executed?.targetNode;
  if (node && (node.checkable === 'true' || OPTION_CLASS.test(node.class ?? ''))) return true;
  const sel = step.target;
  const words = [sel?.resourceId, sel?.className, node?.['resource-id']].filter(Boolean).join(' ');
  return OPTION_WORDS.test(words) || OPTION_CLASS.test(sel?.className ?? '');
}

/** A near miss of typed text: one that a loose check (LIKE, contains, prefix, a case-blind compare) would accept. */
export function nearMisses(text: string, options: { superset?: boolean } = {}): { text: string; why: string }[] {
  const out: { text: string; why: string }[] = [];
  const body = text.replace(/\n$/, '');
  const enter = text.slice(body.length);
  const words = body.trim().split(/\s+/);
  if (words.length > 1) out.push({ text: words.slice(0, -1).join(' ') + enter, why: 'its last word missing' });
  else if ([...body].length > 1) out.push({ text: [...body].slice(0, -1).join('') + enter, why: 'its last character missing' });
  // A LIKE pattern built from the value treats % and _ as wildcards.
  if (/[%_]/.test(body)) out.push({ text: body.replace(/[%_]/g, 'x') + enter, why: "'x' for each % and _" });
  if (options.superset) {
    // More than asked: what `contains`, `LIKE '%…%'` and prefix checks accept. A number gets
    // one more digit; text gets more words (in its own script).
    const more = /^[\d\s+()./:-]+$/.test(body) ? `${body}9` : /[\u3040-\u30ff\u3400-\u9fff]/.test(body) ? `${body}，还有别的` : `${body} and more`;
    out.push({ text: more + enter, why: 'more than asked after it' });
    // Case-blind compares (lower(), COLLATE NOCASE, LIKE without wildcards, ignore_case).
    const flipped = body === body.toUpperCase() ? body.toLowerCase() : body.toUpperCase();
    if (flipped !== body) out.push({ text: flipped + enter, why: 'its case changed' });
  }
  return out;
}

/**
 * Another answer that holds the right number as a substring: a digit put before its last
 * number ("18" for "8", "¥182" for "¥82") — what `contains: "8"` or an unanchored regex accept.
 */
function answerLonger(text: string): string | undefined {
  const m = /(\d+)(?!.*\d)/.exec(text);
  if (!m) return undefined;
  return `${text.slice(0, m.index)}${m[1].startsWith('1') ? '2' : '1'}${text.slice(m.index)}`;
}

/** Another answer of the same shape: the last number changed. */
function answerNearMiss(text: string): string | undefined {
  const m = /(\d+)(?!.*\d)/.exec(text);
  if (!m) return undefined;
  const n = m[1];
  const bumped = String((Number(n.slice(-1)) + 1) % 10);
  return text.slice(0, m.index) + n.slice(0, -1) + bumped + text.slice(m.index + n.length);
}

export function variantKey(name: string, value: unknown): string {
  return `{${name}}=${JSON.stringify(value)}`;
}

function key(steps: SolutionStep[]): string {
  return JSON.stringify(steps);
}

export function generateMutants(input: MutantInputs): Mutant[] {
  const { instance, steps, executed } = input;
  const out: Mutant[] = [];
  const seen = new Set<string>([key(steps)]);
  const add = (m: Mutant): void => {
    const k = key(m.solution);
    if (seen.has(k) || m.solution.length === 0) return;
    seen.add(k);
    out.push(m);
  };
  const lastTerminal = steps.findLastIndex((s) => isTerminalTool(s.tool));

  // Drop each step in turn (a wait only shifts the clock; a trailing finish of a task that
  // reads no answer is not an effect).
  steps.forEach((s, i) => {
    if (s.tool === 'wait') return;
    if (isTerminalTool(s.tool) && !input.checksAnswer) return;
    add({ kind: 'drop-step', what: `left out step ${i + 1} (${describeStep(s)})`, solution: steps.filter((_, j) => j !== i), step: i });
  });

  // Another value for each param: the solution done for that value, verified for this one.
  for (const [name, values] of Object.entries(input.alternatives)) {
    for (const v of values.slice(0, 2)) {
      const other = instance.variant?.({ [name]: v });
      if (!other?.solution) continue;
      const typed = other.solution.find((s, i) => s.tool === 'type' && steps[i]?.tool === 'type' && s.args.text !== steps[i].args.text);
      add({ kind: 'param', what: typed ? `typed ${quote(typed.args.text)} instead of {${name}}` : `used ${quote(v)} for {${name}} (instead of ${quote(instance.params[name])})`, solution: other.solution, variant: { key: variantKey(name, v), instance: other } });
    }
  }

  // Typed text: the stale clipboard text from setup, and near misses.
  steps.forEach((s, i) => {
    if (s.tool !== 'type') return;
    const text = String(s.args.text ?? '');
    const swap = (t: string): SolutionStep[] => steps.map((x, j) => (j === i ? { ...x, args: { ...x.args, text: t } } : x));
    const clip = instance.setupClipboard;
    if (clip !== undefined && clip !== text) add({ kind: 'typed-text', what: `typed the clipboard's stale text ${quote(clip)} instead of ${quote(text)}`, solution: swap(clip), step: i });
    // Near misses of text the task asks for (in its goal), and of text read from the phone's
    // data (another row's value too). Other typed text is the author's choice (a prompt, a
    // search), where a variant is not necessarily wrong.
    const data = input.dataTyped?.get(i);
    const asked = instance.goal.includes(text.replace(/\n$/, '').trim());
    if (!asked && !data) return;
    // Only text the goal quotes must be exactly that: a value copied from the data may sit in
    // a longer sentence or differ in case without being wrong.
    for (const miss of nearMisses(text, { superset: asked })) add({ kind: 'typed-text', what: `typed ${quote(miss.text)} (${miss.why}) instead of ${quote(text)}`, solution: swap(miss.text), step: i });
    for (const other of data?.others ?? []) add({ kind: 'typed-text', what: `typed ${quote(other)} (another ${data!.column}) instead of ${quote(text)}`, solution: swap(other), step: i });
  });

  // Skip every step that sets a filter or option.
  const options = steps.map((s, i) => (isOptionStep(s, executed[i]) ? i : -1)).filter((i) => i >= 0);
  if (options.length > 0) {
    add({ kind: 'skip-options', what: `skipped the filter/option step${options.length === 1 ? '' : 's'} ${options.map((i) => `${i + 1} (${describeStep(steps[i])})`).join(', ')}`, solution: steps.filter((_, j) => !options.includes(j)) });
  }

  // Stop before the final confirming tap (keep the closing finish: the agent claims success).
  const confirm = steps.findLastIndex((s, i) => isTapTool(s.tool) && (lastTerminal < 0 || i < lastTerminal));
  if (confirm >= 0) {
    const kept = [...steps.slice(0, confirm), ...steps.slice(confirm + 1).filter((s) => isTerminalTool(s.tool))];
    add({ kind: 'stop-early', what: `stopped before the final confirming step ${confirm + 1} (${describeStep(steps[confirm])})`, solution: kept, step: confirm });
  }

  // Done twice: every step but the closing answer, then again. A verifier that counts "at
  // least one" where exactly one is meant accepts it (check-task reports it only then).
  const body = steps.filter((s) => !isTerminalTool(s.tool));
  if (body.some((s) => isTapTool(s.tool))) {
    // Closing the apps it opened starts the second round from their first screens.
    const close = [...new Set(body.filter((s) => s.tool === 'open_app').map((s) => String(s.args.app)))].map((app): SolutionStep => ({ tool: 'close_app', args: { app } }));
    add({ kind: 'repeat', what: 'did it twice (the solution\'s steps, then again)', solution: [...body, ...close, ...body, ...steps.filter((s) => isTerminalTool(s.tool))] });
  }
  // Done, then done again for another value of a param (starred this contact, then that one
  // too). Suspect only where the task edits things that exist and the run edited others as
  // well: check-task warns only then (end-state.ts, editedBeside).
  for (const [name, values] of Object.entries(input.alternatives)) {
    const v = values.find((x) => instance.variant?.({ [name]: x })?.solution);
    if (v === undefined || !body.some((s) => isTapTool(s.tool))) continue;
    const other = instance.variant!({ [name]: v })!.solution!.filter((s) => !isTerminalTool(s.tool));
    const close = [...new Set(body.filter((s) => s.tool === 'open_app').map((s) => String(s.args.app)))].map((app): SolutionStep => ({ tool: 'close_app', args: { app } }));
    add({ kind: 'also-other', what: `did it for {${name}}=${quote(instance.params[name])} and then for ${quote(v)} too`, solution: [...body, ...close, ...other, ...steps.filter((s) => isTerminalTool(s.tool))] });
  }

  // The same steps in a different app of the same kind (one that shares a table name).
  const catalog = input.catalog;
  const opened = [...new Set(steps.filter((s) => s.tool === 'open_app').map((s) => String(s.args.app)))];
  if (catalog) {
    for (const app of opened) {
      if (!catalog.has(app)) continue;
      const names = new Set(catalog.tables(app).map((t) => t.name));
      const sibling = catalog.packages().find((p) => p !== app && catalog.tables(p).some((t) => names.has(t.name)));
      if (!sibling) continue;
      add({ kind: 'other-app', what: `did it in ${sibling} instead of ${app}`, solution: steps.map((s) => (s.tool === 'open_app' && s.args.app === app ? { ...s, args: { app: sibling } } : s)) });
    }
  }

  // Answer of the right shape but the wrong value.
  if (input.checksAnswer && lastTerminal >= 0) {
    const text = String(steps[lastTerminal].args.text ?? '');
    const miss = answerNearMiss(text);
    if (miss !== undefined) add({ kind: 'answer', what: `answered ${quote(miss)} instead of ${quote(text)}`, solution: steps.map((s, j) => (j === lastTerminal ? { ...s, args: { ...s.args, text: miss } } : s)), step: lastTerminal });
    const longer = answerLonger(text);
    if (longer !== undefined) add({ kind: 'answer', what: `answered ${quote(longer)} (a digit put before its last number) instead of ${quote(text)}`, solution: steps.map((s, j) => (j === lastTerminal ? { ...s, args: { ...s.args, text: longer } } : s)), step: lastTerminal });
  }
  return out;
}
