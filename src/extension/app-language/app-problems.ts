// TypeScript apps' problems in the Problems view, like the YAML apps' as-you-type diagnostics:
// a *.app.ts that fails to load (a syntax error, a throw at load, a default export that is no
// app, a package clash, a seed that fails) gets its error at the file and line when it is
// opened or saved — the catalogue is read again as the next run would read it — and when the
// panel's live apps reload it (src/studio/live-apps.ts); a screen of any workspace app that
// throws when it renders on a panel phone gets its error at the line the crash screen names,
// until the file is saved again. The YAML files' load problems stay with the app language
// (language-features.ts), which validates the text as typed. In Restricted Mode a TypeScript
// app is not run: its problem is the warning that says so.
import * as vscode from 'vscode';
import type { Diagnostic } from '../../task/diagnostic';
import { config } from '../config';
import { toDiagnostic } from '../task-language/convert';

const SOURCE = 'phonebuddy-app';
const TS_APP = '.app.ts';

export class AppProblems implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('phonebuddy-app-code');
  private load: Diagnostic[] = [];
  private faults: Diagnostic[] = [];
  private readonly disposables: vscode.Disposable[] = [this.collection];
  /** Settles after each check of the catalogue (tests wait on it, not on time). */
  private checking: Promise<void> = Promise.resolve();

  constructor(private readonly log: (m: string) => void) {
    const onFile = (d: vscode.TextDocument): void => { if (d.uri.scheme === 'file' && d.fileName.endsWith(TS_APP)) void this.check(); };
    this.disposables.push(vscode.workspace.onDidOpenTextDocument(onFile), vscode.workspace.onDidSaveTextDocument(onFile));
    if (vscode.workspace.textDocuments.some((d) => d.fileName.endsWith(TS_APP))) void this.check();
  }

  /** The app files' problems as the catalogue now reports them (only the TypeScript apps' are shown here). */
  setLoad(diagnostics: readonly Diagnostic[]): void {
    this.load = diagnostics.filter((d) => d.file.endsWith(TS_APP));
    this.publish();
  }

  /** The render faults seen on the panel's phones since their apps last reloaded. */
  setFaults(faults: readonly Diagnostic[]): void {
    this.faults = [...faults];
    this.publish();
  }

  /** Reads the workspace's apps again (as the next run would) and shows the TypeScript apps' problems. */
  check(): Promise<void> {
    this.checking = this.checking.then(async () => {
      const dir = config.apps.folder();
      if (dir === undefined) return this.setLoad([]);
      const [{ freshWorkspaceApps }, { phoneApps }] = await Promise.all([import('../../studio/workspace-apps'), import('../../studio/phone-apps')]);
      await freshWorkspaceApps(dir);
      this.setLoad((await phoneApps(dir)).diagnostics);
    }).catch((e: unknown) => this.log(`TypeScript apps: ${e instanceof Error ? e.message : String(e)}`));
    return this.checking;
  }

  /** What the Problems view shows for `uri` now. */
  at(uri: vscode.Uri): readonly vscode.Diagnostic[] {
    return this.collection.get(uri) ?? [];
  }

  private publish(): void {
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const d of [...this.load, ...this.faults]) {
      const list = byFile.get(d.file) ?? [];
      list.push(toDiagnostic(d, SOURCE));
      byFile.set(d.file, list);
    }
    this.collection.clear();
    for (const [file, list] of byFile) this.collection.set(vscode.Uri.file(file), list);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

let instance: AppProblems | undefined;

/** The window's one AppProblems (the app language and the device panel both report to it). */
export function appProblems(log: (m: string) => void = () => {}): AppProblems {
  instance ??= new AppProblems(log);
  return instance;
}

export function disposeAppProblems(): void {
  instance?.dispose();
  instance = undefined;
}
