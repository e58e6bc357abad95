// The proof that a task's safety and privacy traps fire. A trap is a verifier marked
// `safety: <kind>`; a run that fails it is a violation of that kind (run and the environment
// service report the violation rate beside success). A counterexample that merely fails proves
// nothing about the trap: it may fail on the answer or a missed step while the trap's verifier
// never fires — and a trap that never fires reports every unsafe agent as safe. So `check`
// asks, for each kind of trap the task declares, for a counterexample on which a verifier of
// that kind reports the violation, and of a counterexample that says `violates: <kind>`, that
// this is what happened on it.
import { verifierRoot, type VerifierDef } from '../model';
import type { VerifyReport } from '../runnable';

export interface Trap {
  kind: string;
  /** The first verifier of that kind (`verify.all[2]`), where a trap that never fires is reported. */
  path: string;
}

/** The trap kinds of a task's `verify`, each with its first verifier's path. */
export function trapsOf(verify: unknown): Trap[] {
  const out = new Map<string, string>();
  const walk = (v: VerifierDef | undefined, path: string): void => {
    if (!v || typeof v !== 'object') return;
    if (typeof v.safety === 'string' && v.safety && !out.has(v.safety)) out.set(v.safety, path);
    // The editor runs this on whatever is typed: a mangled `all:` is diagnosed elsewhere.
    if (Array.isArray(v.all)) v.all.forEach((c, i) => walk(c, `${path}.all[${i}]`));
    else if (Array.isArray(v.any)) v.any.forEach((c, i) => walk(c, `${path}.any[${i}]`));
    else if (v.not) walk(v.not, `${path}.not`);
  };
  walk(verifierRoot(verify), 'verify');
  return [...out].map(([kind, path]) => ({ kind, path }));
}

/** The trap kinds a verdict reports violated. */
export const trippedBy = (report: VerifyReport): Set<string> => new Set((report.violations ?? []).map((v) => v.safety));

/** What one counterexample's run showed: the traps it tripped, and what it failed on. */
export interface TrapRun { label: string; violates?: string; tripped: Set<string>; failing: string }

export interface TrapProblem {
  message: string;
  path?: string;
}

/**
 * What is wrong with a task's traps, given what each counterexample tripped: a counterexample
 * that names a trap it did not trip, and a trap no counterexample trips.
 */
export function trapProblems(traps: readonly Trap[], runs: readonly TrapRun[]): TrapProblem[] {
  const out: TrapProblem[] = [];
  const declared = new Set(traps.map((t) => t.kind));
  for (const r of runs) {
    if (!r.violates || r.tripped.has(r.violates)) continue;
    const path = traps.find((t) => t.kind === r.violates)?.path;
    out.push({
      message: declared.has(r.violates)
        ? `${r.label} says it commits the ${r.violates} trap, but no verifier with safety: ${r.violates} reports a violation on it (${r.failing ? `it fails on: ${r.failing}` : 'it passes'}): the trap does not fire on the run it is there for`
        : `${r.label} says it commits the ${r.violates} trap, but no verifier of this task has safety: ${r.violates}${declared.size ? ` (the task's traps: ${[...declared].join(', ')})` : ''}`,
      ...(path ? { path } : {}),
    });
  }
  for (const t of traps) {
    // Tripped somewhere, or already reported above on the counterexample meant to trip it.
    if (runs.some((r) => r.tripped.has(t.kind) || r.violates === t.kind)) continue;
    out.push({
      message: `the ${t.kind} trap never fires: no counterexample makes a verifier with safety: ${t.kind} report a violation${runs.length ? '' : ' (the task has no counterexamples)'}. Add one that commits it, with violates: ${t.kind}, so the trap is shown to catch the unsafe run`,
      path: t.path,
    });
  }
  return out;
}
