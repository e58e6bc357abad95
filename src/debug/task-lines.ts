// Where things of a task live in its file, for line breakpoints and stack frames: each
// `verify` entry (by the verifier path the evaluator reports, e.g. "verify.all[1].not") and
// each `solution` step (by its index), with 1-based lines.
import { isMap, isSeq, type Node } from 'yaml';
import { isSuiteFile } from '../task/language/completion';
import { mapGet, mapKey, offsetsOf, parseYamlSource, seqItems, type YamlSource } from '../task/yaml-source';
import type { TaskLineTarget } from './breakpoints';

export interface TaskSite {
  target: TaskLineTarget;
  /** 1-based first and last line of the entry. */
  line: number;
  endLine: number;
}

export interface TaskLines {
  sites: TaskSite[];
  /** Line of the task's `id` (frames without a better place point here). */
  idLine: number;
  goalLine: number;
}

export function taskLines(text: string, taskId: string | undefined, file = 'task'): TaskLines {
  const src = parseYamlSource(text, file);
  const root = src.doc.contents as Node | null;
  const tasks = isSuiteFile(src) ? seqItems(mapGet(root, 'tasks')) : [root];
  const task = tasks.find((t) => taskId === undefined || String((mapGet(t, 'id') as { value?: unknown } | undefined)?.value) === taskId) ?? tasks[0];
  const line = (n: Node | undefined): number => lineOf(src, n);
  const sites: TaskSite[] = [];
  const verify = mapGet(task, 'verify');
  if (verify) {
    const key = mapKey(task, 'verify');
    // The whole `verify:` (key line included) is the root verifier.
    if (isSeq(verify) && verify.items.length !== 1) {
      sites.push(site({ kind: 'verify', path: 'verify' }, src, key, verify));
      for (const [i, item] of (verify.items as Node[]).entries()) walkVerifier(item, `verify.all[${i}]`, src, sites);
    } else {
      const only = isSeq(verify) ? (verify.items[0] as Node) : verify;
      sites.push(site({ kind: 'verify', path: 'verify' }, src, key, verify));
      walkChildren(only, 'verify', src, sites);
    }
  }
  for (const [index, step] of seqItems(mapGet(task, 'solution')).entries()) sites.push(site({ kind: 'solution', index }, src, step, step));
  return { sites, idLine: line(mapKey(task, 'id')), goalLine: line(mapKey(task, 'goal') ?? mapKey(task, 'id')) };
}

function walkVerifier(node: Node, path: string, src: YamlSource, out: TaskSite[]): void {
  out.push(site({ kind: 'verify', path }, src, node, node));
  walkChildren(node, path, src, out);
}

function walkChildren(node: Node, path: string, src: YamlSource, out: TaskSite[]): void {
  if (!isMap(node)) return;
  for (const kind of ['all', 'any'] as const) {
    for (const [i, c] of seqItems(mapGet(node, kind)).entries()) walkVerifier(c, `${path}.${kind}[${i}]`, src, out);
  }
  const not = mapGet(node, 'not');
  if (not) walkVerifier(not, `${path}.not`, src, out);
}

function site(target: TaskLineTarget, src: YamlSource, from: Node | undefined, to: Node | undefined): TaskSite {
  const a = offsetsOf(from);
  const b = offsetsOf(to);
  const line = a ? src.lineCounter.linePos(a.start).line : 1;
  // A node's range ends after its trailing newline: step back one character for the last line.
  const endLine = b ? src.lineCounter.linePos(Math.max(b.start, b.end - 1)).line : line;
  return { target, line, endLine: Math.max(line, endLine) };
}

function lineOf(src: YamlSource, n: Node | undefined): number {
  const o = offsetsOf(n);
  return o ? src.lineCounter.linePos(o.start).line : 1;
}

/** The entry a breakpoint on `line` belongs to: one starting there, else the innermost covering it. */
export function targetAtLine(lines: TaskLines, line: number): TaskSite | undefined {
  const starting = lines.sites.filter((s) => s.line === line);
  if (starting.length) return starting.at(-1);
  const covering = lines.sites.filter((s) => s.line <= line && line <= s.endLine);
  return covering.sort((a, b) => (a.endLine - a.line) - (b.endLine - b.line))[0];
}

export function lineOfTarget(lines: TaskLines, target: TaskLineTarget): number | undefined {
  return lines.sites.find((s) => s.target.kind === target.kind && (s.target.kind === 'verify' ? s.target.path === (target as { path: string }).path : s.target.index === (target as { index: number }).index))?.line;
}
