// Where `phonebuddy check` problems belong in the editor: on the task's `verify:` key (or the
// solution's, for a failing solution), so the proof's verdict sits next to what it is about.
import type { InstanceCheck } from '../check/check-task';
import type { Diagnostic } from '../diagnostic';
import { parseTaskFile } from '../parse-task-file';
import { diagnosticAt, mapKey, offsetsOf } from '../yaml-source';

export function checkDiagnostics(text: string, file: string, checks: readonly InstanceCheck[]): Diagnostic[] {
  const parsed = parseTaskFile(text, file);
  const out: Diagnostic[] = [];
  for (const c of checks) {
    const task = parsed.tasks.find((t) => t.def.id === c.taskId);
    for (const p of c.problems) {
      const key = p.kind === 'solution-fails' || p.kind === 'no-solution' ? (mapKey(task?.node, 'solution') ?? mapKey(task?.node, 'verify')) : mapKey(task?.node, 'verify');
      out.push(diagnosticAt(parsed.source, offsetsOf(key ?? mapKey(task?.node, 'id')), `check ${c.instanceId}: ${p.kind}: ${p.message}`, 'error'));
    }
  }
  return out;
}
