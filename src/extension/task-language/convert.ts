// Task-language positions (1-based lines/columns, offsets) ↔ VS Code positions (0-based).
import * as vscode from 'vscode';
import type { CompletionEntry } from '../../task/language/completion';
import type { Diagnostic } from '../../task/diagnostic';

export function toRange(d: Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>): vscode.Range {
  const start = new vscode.Position(d.line - 1, d.column - 1);
  const end = new vscode.Position(d.endLine - 1, Math.max(d.endColumn - 1, d.endLine === d.line ? d.column : 0));
  return new vscode.Range(start, end);
}

export function toDiagnostic(d: Diagnostic, source = 'phonebuddy-task'): vscode.Diagnostic {
  const diag = new vscode.Diagnostic(toRange(d), d.message, d.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
  diag.source = source;
  return diag;
}

const KINDS: Record<CompletionEntry['kind'], vscode.CompletionItemKind> = {
  key: vscode.CompletionItemKind.Property,
  value: vscode.CompletionItemKind.EnumMember,
  app: vscode.CompletionItemKind.Module,
  table: vscode.CompletionItemKind.Class,
  column: vscode.CompletionItemKind.Field,
  param: vscode.CompletionItemKind.Variable,
  keyword: vscode.CompletionItemKind.Keyword,
};

export function toCompletionItem(e: CompletionEntry): vscode.CompletionItem {
  const item = new vscode.CompletionItem(e.label, KINDS[e.kind]);
  if (e.detail) item.detail = e.detail;
  if (e.documentation) item.documentation = new vscode.MarkdownString(e.documentation);
  if (e.insertText) item.insertText = e.insertText;
  return item;
}

export function offsetRange(doc: vscode.TextDocument, r: { start: number; end: number }): vscode.Range {
  return new vscode.Range(doc.positionAt(r.start), doc.positionAt(r.end));
}

/** "did you mean 'x'?" diagnostics → quick fixes that write x over the misspelt word. */
export function quickFixActions(doc: vscode.TextDocument, diagnostics: readonly vscode.Diagnostic[], fixFor: (message: string) => { title: string; replacement: string } | undefined): vscode.CodeAction[] {
  return diagnostics.flatMap((d) => {
    const fix = fixFor(d.message);
    if (!fix) return [];
    const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
    action.edit = new vscode.WorkspaceEdit();
    action.edit.replace(doc.uri, d.range, fix.replacement);
    action.diagnostics = [d];
    action.isPreferred = true;
    return [action];
  });
}
