// Quick fixes from diagnostics, editor-agnostic. Every "did you mean 'x'?" the checks write
// (unknown key, app, tool, table, column, variable, query, perturbation) sits on the word it
// is about, so one fix serves them all: replace that range with the suggestion.

export interface QuickFix {
  title: string;
  /** Replaces the diagnostic's range. */
  replacement: string;
}

const DID_YOU_MEAN = /\(did you mean '([^']+)'\?\)/;

export function quickFixFor(message: string): QuickFix | undefined {
  const m = DID_YOU_MEAN.exec(message);
  return m ? { title: `Change to '${m[1]}'`, replacement: m[1] } : undefined;
}
