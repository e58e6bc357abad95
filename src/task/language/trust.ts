// Workspace Trust: in an untrusted workspace `shell` setup steps and verifiers do not run.
// These notes let the editor say so on the very lines concerned.
import { isMap, isSeq, type Node } from 'yaml';
import type { Diagnostic } from '../diagnostic';
import type { ParsedTaskFile } from '../parse-task-file';
import { diagnosticAt, mapGet, mapKey, offsetsOf } from '../yaml-source';

export const UNTRUSTED_SHELL_MESSAGE = 'does not run in an untrusted workspace: shell commands on the phone need Workspace Trust (the task can still run; this check is skipped)';

export function untrustedNotes(parsed: ParsedTaskFile): Diagnostic[] {
  const out: Diagnostic[] = [];
  const visitVerifier = (v: Node | undefined): void => {
    if (isSeq(v)) return v.items.forEach((x) => visitVerifier(x as Node));
    if (!isMap(v)) return;
    const shellKey = mapKey(v, 'shell');
    if (shellKey) out.push(diagnosticAt(parsed.source, offsetsOf(shellKey), `shell verifier ${UNTRUSTED_SHELL_MESSAGE}`, 'warning'));
    for (const k of ['all', 'any']) visitVerifier(mapGet(v, k));
    visitVerifier(mapGet(v, 'not'));
  };
  for (const t of parsed.tasks) {
    const setupShell = mapKey(mapGet(t.node, 'setup'), 'shell');
    if (setupShell) out.push(diagnosticAt(parsed.source, offsetsOf(setupShell), `setup.shell ${UNTRUSTED_SHELL_MESSAGE}`, 'warning'));
    visitVerifier(mapGet(t.node, 'verify'));
  }
  return out;
}
