// Diagnostics as you type, completion, hover, go to definition and CodeLenses for
// `phonebuddy-task` documents. All decisions live in src/task/; this file only translates.
import * as vscode from 'vscode';
import type { AppCatalog } from '../../task/app-catalog';
import { completeAt } from '../../task/language/completion';
import { definitionAt, hoverAt, taskLensSites } from '../../task/language/navigation';
import { quickFixFor } from '../../task/language/quick-fixes';
import { untrustedNotes } from '../../task/language/trust';
import { parseTaskFile } from '../../task/parse-task-file';
import { offsetRange, quickFixActions, toCompletionItem, toDiagnostic } from './convert';
import { InstanceCounts } from './instance-counts';
import { config } from '../config';
import { isAppDocument } from '../app-language/language-features';

export const LANGUAGE_ID = 'phonebuddy-task';
const SELECTOR: vscode.DocumentSelector = [{ language: LANGUAGE_ID }, { pattern: '**/*.task.yaml' }];

export function isTaskDocument(doc: vscode.TextDocument): boolean {
  return doc.languageId === LANGUAGE_ID || doc.fileName.endsWith('.task.yaml');
}

export class TaskLanguageFeatures implements vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection(LANGUAGE_ID);
  private readonly disposables: vscode.Disposable[] = [this.diagnostics];
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** The app catalogue of each apps folder ('' : the built-ins alone), once loaded. */
  private readonly catalogs = new Map<string, AppCatalog>();
  /** Folders whose catalogue is being read (again). */
  private readonly catalogLoading = new Set<string>();
  private readonly lensChanged = new vscode.EventEmitter<void>();
  readonly instanceCounts: InstanceCounts;

  constructor(private readonly log: vscode.LogOutputChannel) {
    this.instanceCounts = new InstanceCounts(log);
    const appFiles = vscode.workspace.createFileSystemWatcher('**/*.app.yaml');
    this.disposables.push(
      this.lensChanged,
      this.instanceCounts,
      this.instanceCounts.onDidChange(() => this.lensChanged.fire()),
      vscode.workspace.onDidOpenTextDocument((d) => { this.schedule(d, 0); this.countInstances(d); }),
      vscode.workspace.onDidSaveTextDocument((d) => this.countInstances(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document, 250)),
      vscode.workspace.onDidCloseTextDocument((d) => this.diagnostics.delete(d.uri)),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refreshAll()),
      // A saved, added or removed app file changes what task files may name: check them again
      // (validate reads the catalogue afresh), and recount their instances.
      appFiles,
      appFiles.onDidChange(() => this.appsChanged()),
      appFiles.onDidCreate(() => this.appsChanged()),
      appFiles.onDidDelete(() => this.appsChanged()),
      // An app file saved in the editor says so itself: file watchers drop events (a loaded
      // machine, a network file system, the inotify limit), a save event is not lost.
      vscode.workspace.onDidSaveTextDocument((d) => { if (isAppDocument(d)) this.appsChanged(); }),
      config.onDidChange('apps', () => this.appsChanged()),
      vscode.languages.registerCompletionItemProvider(SELECTOR, {
        provideCompletionItems: (doc, pos) => this.safe(() => completeAt(doc.getText(), doc.offsetAt(pos), this.catalogFor(doc)).map(toCompletionItem), []),
      }, ':', '{', '.', ' ', '-'),
      vscode.languages.registerHoverProvider(SELECTOR, {
        provideHover: (doc, pos) => this.safe(() => {
          const h = hoverAt(doc.getText(), doc.offsetAt(pos), this.catalogFor(doc));
          return h ? new vscode.Hover(new vscode.MarkdownString(h.markdown), offsetRange(doc, h.range)) : undefined;
        }, undefined),
      }),
      vscode.languages.registerDefinitionProvider(SELECTOR, {
        provideDefinition: (doc, pos) => this.safe(() => {
          const r = definitionAt(doc.getText(), doc.offsetAt(pos));
          return r ? new vscode.Location(doc.uri, offsetRange(doc, r)) : undefined;
        }, undefined),
      }),
      // "did you mean 'x'?" → a quick fix that writes x over the misspelt word.
      vscode.languages.registerCodeActionsProvider(SELECTOR, {
        provideCodeActions: (doc, _range, ctx) => this.safe(() => quickFixActions(doc, ctx.diagnostics, quickFixFor), []),
      }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
      vscode.languages.registerCodeLensProvider(SELECTOR, {
        onDidChangeCodeLenses: this.lensChanged.event,
        provideCodeLenses: (doc) => this.safe(() => taskLensSites(doc.getText()).flatMap((site) => {
          const range = offsetRange(doc, site.range);
          const args = [doc.uri, site.taskId];
          // A task with several parameter instances says so: Run runs them all, Debug and
          // Record ask which one.
          const n = this.instanceCounts.of(doc.uri, site.taskId);
          const many = n !== undefined && n > 1;
          // Codicons rather than emoji: ▶ Run · 🐞 Debug · ⏺ Record · ✓ Check verifiers, rendered
          // the same on every platform (emoji fonts are often missing, e.g. in code-server).
          return [
            new vscode.CodeLens(range, { title: many ? `$(play) Run ${n} instances` : '$(play) Run', command: 'phonebuddy.task.run', arguments: args, tooltip: many ? `Run all ${n} parameter instances on mock phones, then verify each` : 'Run the task on a mock phone with its reference solution, then verify' }),
            new vscode.CodeLens(range, { title: '$(debug-alt) Debug', command: 'phonebuddy.task.debug', arguments: args, tooltip: 'Step through an agent run' }),
            new vscode.CodeLens(range, { title: '$(record) Record', command: 'phonebuddy.task.record', arguments: args, tooltip: 'Record a demonstration' }),
            new vscode.CodeLens(range, { title: '$(pass) Check verifiers', command: 'phonebuddy.task.check', arguments: args, tooltip: 'Prove the verifiers: solution passes, untouched state and removed step fail' }),
          ];
        }), []),
      }),
    );
    this.refreshAll();
    for (const d of vscode.workspace.textDocuments) this.countInstances(d);
  }

  /** Providers must never throw into the editor: log and return a neutral answer. */
  private safe<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch (e) {
      this.log.error(`task language: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      return fallback;
    }
  }

  /**
   * The app catalogue of the document's workspace folder (its phonebuddy.apps.folder), as
   * ▶ Run loads it; undefined until loaded. Each call also checks, in the background, whether
   * an app file changed since it was read; a new catalogue re-runs the diagnostics.
   */
  private catalogFor(doc: vscode.TextDocument): AppCatalog | undefined {
    const dir = doc.uri.scheme === 'file' ? config.apps.folderFor(doc.uri) : config.apps.folder();
    const key = dir ?? '';
    if (!this.catalogLoading.has(key)) {
      this.catalogLoading.add(key);
      void Promise.all([import('../../studio/workspace-apps'), import('../../studio/app-catalog')])
        .then(async ([w, c]) => { await w.freshWorkspaceApps(dir); return c.mockAppCatalog(dir); })
        .then((catalog) => {
          if (this.catalogs.get(key) === catalog) return;
          this.catalogs.set(key, catalog);
          this.refreshAll();
        })
        .catch((e: unknown) => this.log.warn(`app schemas unavailable: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => this.catalogLoading.delete(key));
    }
    return this.catalogs.get(key);
  }

  private appsChanged(): void {
    this.refreshAll();
    for (const d of vscode.workspace.textDocuments) this.countInstances(d);
  }

  refreshAll(): void {
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
    this.lensChanged.fire();
  }

  private countInstances(doc: vscode.TextDocument): void {
    if (isTaskDocument(doc) && doc.uri.scheme === 'file') void this.instanceCounts.refresh(doc.uri);
  }

  private schedule(doc: vscode.TextDocument, delayMs: number): void {
    if (!isTaskDocument(doc)) return;
    const key = doc.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      this.validate(doc);
    }, delayMs));
  }

  validate(doc: vscode.TextDocument): vscode.Diagnostic[] {
    const catalog = this.catalogFor(doc);
    const diags = this.safe(() => {
      const parsed = parseTaskFile(doc.getText(), doc.uri.fsPath, catalog ? { catalog } : {});
      const all = parsed.diagnostics.map((d) => toDiagnostic(d));
      if (!vscode.workspace.isTrusted) all.push(...untrustedNotes(parsed).map((d) => toDiagnostic(d, 'workspace-trust')));
      return all;
    }, []);
    this.diagnostics.set(doc.uri, diags);
    return diags;
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }
}
