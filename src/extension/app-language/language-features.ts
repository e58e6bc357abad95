// Diagnostics as you type, completion, hover and did-you-mean quick fixes for `phonebuddy-app`
// documents (*.app.yaml). All decisions live in src/studio/app-files/language/, loaded on the
// first app file (it reaches SQLite); this file only translates, with the task language's
// converters.
import * as vscode from 'vscode';
import { config } from '../config';
import { offsetRange, quickFixActions, toCompletionItem, toDiagnostic } from '../task-language/convert';

export const APP_LANGUAGE_ID = 'phonebuddy-app';
export const APP_SELECTOR: vscode.DocumentSelector = [{ language: APP_LANGUAGE_ID }, { pattern: '**/*.app.yaml' }];
const SOURCE = 'phonebuddy-app';

type Service = typeof import('../../studio/app-files/language/service');
type Sql = Awaited<ReturnType<Service['loadSql']>>;

export function isAppDocument(doc: vscode.TextDocument): boolean {
  return doc.languageId === APP_LANGUAGE_ID || doc.fileName.endsWith('.app.yaml');
}

export class AppLanguageFeatures implements vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection(SOURCE);
  private readonly disposables: vscode.Disposable[] = [this.diagnostics];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private loading?: Promise<{ service: Service; sql: Sql }>;

  constructor(private readonly log: vscode.LogOutputChannel) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document, 250)),
      // Another app file saved may take or free this one's package.
      vscode.workspace.onDidSaveTextDocument((d) => { if (isAppDocument(d)) this.refreshAll(); }),
      vscode.workspace.onDidCloseTextDocument((d) => this.diagnostics.delete(d.uri)),
      vscode.languages.registerCompletionItemProvider(APP_SELECTOR, {
        provideCompletionItems: async (doc, pos) => this.safe(async () => {
          const { service, sql } = await this.load();
          return service.completeAppAt(doc.getText(), doc.offsetAt(pos), sql).map(toCompletionItem);
        }, []),
      }, ':', '.', ' ', '-', '@'),
      vscode.languages.registerHoverProvider(APP_SELECTOR, {
        provideHover: async (doc, pos) => this.safe(async () => {
          const { service, sql } = await this.load();
          const h = service.appHoverAt(doc.getText(), doc.offsetAt(pos), sql);
          return h ? new vscode.Hover(new vscode.MarkdownString(h.markdown), offsetRange(doc, h.range)) : undefined;
        }, undefined),
      }),
      // "did you mean 'x'?" → a quick fix that writes x over the misspelt word.
      vscode.languages.registerCodeActionsProvider(APP_SELECTOR, {
        provideCodeActions: async (doc, _range, ctx) => this.safe(async () => {
          const { service } = await this.load();
          return quickFixActions(doc, ctx.diagnostics.filter((d) => d.source === SOURCE), (m) => service.quickFixFor(m));
        }, []),
      }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
    );
    this.refreshAll();
  }

  /** The language module and SQLite, loaded once on first use. */
  private load(): Promise<{ service: Service; sql: Sql }> {
    this.loading ??= import('../../studio/app-files/language/service').then(async (service) => ({ service, sql: await service.loadSql() }));
    return this.loading;
  }

  /** Providers must never throw into the editor: log and return a neutral answer. */
  private async safe<T>(fn: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      this.log.error(`app language: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      return fallback;
    }
  }

  refreshAll(): void {
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  private schedule(doc: vscode.TextDocument, delayMs: number): void {
    if (!isAppDocument(doc)) return;
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      void this.validate(doc);
    }, delayMs));
  }

  async validate(doc: vscode.TextDocument): Promise<vscode.Diagnostic[]> {
    const version = doc.version;
    const diags = await this.safe(async () => {
      const { service, sql } = await this.load();
      const workspace = service.workspaceAppPackages(config.apps.folder());
      return service.appFileDiagnostics(doc.getText(), doc.uri.fsPath, sql, workspace).map((d) => toDiagnostic(d, SOURCE));
    }, []);
    // A newer edit is validated by its own timer; do not put stale positions over it.
    if (doc.version === version && !doc.isClosed) this.diagnostics.set(doc.uri, diags);
    return diags;
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }
}
