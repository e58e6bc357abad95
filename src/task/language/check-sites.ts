// Where `phonebuddy check` problems belong in the editor (and in the CLI's file:line): on the
// verifier they are about when check names one (the one that errored, the clause that cannot
// fail, the only verifier that accepted a wrong run), else on the task's `verify:` key (or the
// solution's, for a failing solution), so the proof's verdict sits next to what it is about.
import type { InstanceCheck } from '../check/check-task';
import type { Diagnostic } from '../diagnostic';
import { parseTaskFile } from '../parse-task-file';
import { flattenResults } from '../verifiers/evaluate';
import { isMap, isSeq, type Node } from 'yaml';
import { diagnosticAt, firstLineOf, mapGet, mapKey, offsetsOf, seqItems } from '../yaml-source';

export function checkDiagnostics(text: string, file: string, checks: readonly InstanceCheck[]): Diagnostic[] {
  const parsed = parseTaskFile(text, file);
  const out: Diagnostic[] = [];
  for (const c of checks) {
    const task = parsed.tasks.find((t) => t.def.id === c.taskId);
    for (const p of c.problems) {
      const key = p.kind === 'solution-fails' || p.kind === 'no-solution' ? (mapKey(task?.node, 'solution') ?? mapKey(task?.node, 'verify')) : mapKey(task?.node, 'verify');
      const at = p.path && p.path !== 'verify' ? verifierNode(mapGet(task?.node, 'verify'), p.path) : undefined;
      const range = at ? firstLineOf(parsed.source, at) : offsetsOf(key ?? mapKey(task?.node, 'id'));
      // Not proven because the deciding verifiers were left out (shell ones in an untrusted
      // workspace) is no fault of the task: a warning, not an error.
      const open = flattenResults(p.results ?? []).filter((r) => !r.children && !r.passed);
      const leftOut = open.length > 0 && open.every((r) => r.skipped);
      out.push(diagnosticAt(parsed.source, range, `check ${c.instanceId}: ${p.kind}: ${p.message}`, leftOut ? 'warning' : 'error'));
    }
  }
  return out;
}

/**
 * The YAML node of a verifier path as evaluate names it (`verify.all[1].not`): a list under
 * `verify:` is an implicit `all` (one item: that item itself).
 */
export function verifierNode(verify: Node | undefined, path: string): Node | undefined {
  let node: Node | undefined = isSeq(verify) && verify.items.length === 1 ? seqItems(verify)[0] : verify;
  for (const m of path.replace(/^verify/, '').matchAll(/\.(all|any)\[(\d+)\]|\.not/g)) {
    if (!node) return undefined;
    if (m[1]) node = isSeq(node) && m[1] === 'all' ? seqItems(node)[Number(m[2])] : isMap(node) ? seqItems(mapGet(node, m[1]))[Number(m[2])] : undefined;
    else node = isMap(node) ? mapGet(node, 'not') : undefined;
  }
  return node;
}
