// The `phonebuddy.recording.directory` setting: where ▶ Run and Test Explorer runs record
// their episodes (empty: not recorded). A relative path is taken from the first workspace
// folder, so `runs/trajectories` lands beside the task files.
import path from 'node:path';
import * as vscode from 'vscode';
import type { RecordPick } from '../../studio/task-runner';

export function recordingFor(source: RecordPick['source'], log?: { warn(m: string): void }): RecordPick | undefined {
  const dir = vscode.workspace.getConfiguration('phonebuddy.recording').get<string>('directory', '').trim();
  if (!dir) return undefined;
  const base = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const root = path.isAbsolute(dir) ? dir : base ? path.join(base, dir) : undefined;
  if (!root) {
    log?.warn(`phonebuddy.recording.directory is relative (${dir}) but no folder is open: not recording`);
    return undefined;
  }
  return {
    root, source,
    onError: (e, folder) => void vscode.window.showErrorMessage(`PhoneBuddy: recording stopped${folder ? ` (${folder})` : ''}: ${e.message}. The steps written before it are kept.`),
  };
}
