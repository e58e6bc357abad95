// Diagnostics shared by the CLI (`phonebuddy check`), the editor and loadTasks. Positions are
// 1-based; the end column is exclusive, so a one-character range has endColumn = column + 1.
export type Severity = 'error' | 'warning';

export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  message: string;
}

export interface SourceRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
