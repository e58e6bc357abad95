// The `phonebuddy.recording.directory` setting: where ▶ Run and Test Explorer runs record
// their episodes (empty: not recorded). A relative path is taken from the first workspace
// folder, so `runs/trajectories` lands beside the task files. Demonstrations (Record) always
// record: into the setting's directory, else into DEFAULT_RECORDING_DIR of the workspace.
import fs from 'node:fs';
import * as vscode from 'vscode';
import type { RecordPick } from '../../studio/task-runner';
import { config, DEFAULT_RECORDING_DIR, workspacePath as resolve } from '../config';

export { DEFAULT_RECORDING_DIR };

const configured = (): string => config.recording.directory();

export function recordingFor(source: RecordPick['source'], log?: { warn(m: string): void }): RecordPick | undefined {
  const dir = configured();
  if (!dir) return undefined;
  const root = resolve(dir);
  if (!root) {
    log?.warn(`phonebuddy.recording.directory is relative (${dir}) but no folder is open: not recording`);
    return undefined;
  }
  return { root, source, onError: recordingError };
}

export function recordingError(e: Error, folder: string | undefined): void {
  void vscode.window.showErrorMessage(`PhoneBuddy: recording stopped${folder ? ` (${folder})` : ''}: ${e.message}. The steps written before it are kept.`);
}

/** Where recordings are: the setting's directory, else the default one if it exists. */
export function recordingRoot(): string | undefined {
  const dir = configured();
  if (dir) return resolve(dir);
  const fallback = resolve(DEFAULT_RECORDING_DIR);
  return fallback && fs.existsSync(fallback) ? fallback : undefined;
}

/** Where a demonstration records: the setting's directory, else the workspace default. */
export function demonstrationRoot(): string | undefined {
  const dir = configured();
  return resolve(dir || DEFAULT_RECORDING_DIR);
}
