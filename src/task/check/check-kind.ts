// What a problem found by `check` is about (CheckProblem.kind), for check-task.ts and the proofs it calls.
export type CheckKind =
  | 'solution-fails' | 'vacuous' | 'weak' | 'counterexample-passes' | 'cannot-fail' | 'selector-matches-nothing'
  | 'verifier-error' | 'no-effective-step' | 'no-solution' | 'trap-not-shown' | 'error';
