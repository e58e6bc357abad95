// How many parameter instances each task of a file has, for its CodeLenses ("Run 3
// instances"). Counted from the saved file with the same loader Run uses (params drawn from
// app data need the app catalogue), when a task file is opened or saved — not per keystroke.
import * as vscode from 'vscode';
import { config } from '../config';

export class InstanceCounts implements vscode.Disposable {
  private readonly counts = new Map<string, Map<string, number>>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** The task's instance count, once known. */
  of(uri: vscode.Uri, taskId: string): number | undefined {
    return this.counts.get(uri.toString())?.get(taskId);
  }

  async refresh(uri: vscode.Uri): Promise<void> {
    try {
      const { instanceCountsOf } = await import('../../studio/task-runner');
      this.counts.set(uri.toString(), await instanceCountsOf(uri.fsPath, { appsDir: config.apps.folderFor(uri) }));
    } catch (e) {
      // A file with errors has no instances to count: its diagnostics say why.
      this.counts.delete(uri.toString());
      this.log.debug(`instance count of ${uri.fsPath}: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
