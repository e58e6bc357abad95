// Every phonebuddy.* setting the extension reads, in one place, typed, read live (a change
// applies at the next use, no restart), with one change event per section. Nothing else calls
// `getConfiguration`. Paths in settings are taken from the first workspace folder when relative.
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FrameEncoding } from '../panel/panel-stream';

/** Where demonstrations go when phonebuddy.recording.directory is empty (and where recordings are looked for). */
export const DEFAULT_RECORDING_DIR = 'runs/trajectories';

export type ModelDtype = 'auto' | 'fp32' | 'fp16' | 'q8' | 'q4' | 'q4f16';

const section = (name: 'model' | 'recording' | 'devicePanel' | 'apps'): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration(`phonebuddy.${name}`);

/** A settings path from the first workspace folder (`~` is the home folder); undefined when relative and no folder is open. */
export function workspacePath(dir: string): string | undefined {
  if (dir.startsWith('~')) return dir.replace(/^~/, process.env.HOME ?? '~');
  if (path.isAbsolute(dir)) return dir;
  const base = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return base ? path.join(base, dir) : undefined;
}

export const config = {
  model: {
    /** phonebuddy.model.path as written ('' when unset). */
    path: (): string => section('model').get<string>('path', '').trim(),
    /** Set for the user (a downloaded model is the person's, not the workspace's). */
    setPath: (dir: string): Thenable<void> => section('model').update('path', dir, vscode.ConfigurationTarget.Global),
    dtype: (): ModelDtype => section('model').get<ModelDtype>('dtype', 'auto'),
    /** 0: the model's own limit. */
    maxPixels: (): number => section('model').get<number>('maxPixels', 0),
    stepTimeoutSeconds: (): number => section('model').get<number>('stepTimeoutSeconds', 300),
    /** 0: no limit. */
    maxMemoryMb: (): number => section('model').get<number>('maxMemoryMb', 0),
    downloadEndpoint: (): string => section('model').get<string>('downloadEndpoint', '').trim(),
  },
  recording: {
    /** phonebuddy.recording.directory as written ('' when unset: runs are not recorded). */
    directory: (): string => section('recording').get<string>('directory', '').trim(),
    setDirectory: (dir: string): Thenable<void> => section('recording').update('directory', dir, vscode.ConfigurationTarget.Workspace),
  },
  devicePanel: {
    frameEncoding: (): FrameEncoding => section('devicePanel').get<FrameEncoding>('frameEncoding', 'base64'),
    jpegQuality: (): number => section('devicePanel').get<number>('jpegQuality', 80),
    trackAdbDevices: (): boolean => section('devicePanel').get<boolean>('trackAdbDevices', true),
  },
  apps: {
    /** phonebuddy.apps.folder, resolved from the first workspace folder; undefined when it is not a folder. */
    folder: (): string | undefined => {
      const dir = workspacePath(section('apps').get<string>('folder', 'apps').trim() || 'apps');
      return dir !== undefined && fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? dir : undefined;
    },
    /**
     * The apps folder of the workspace folder holding `file` (a task file): that folder's
     * phonebuddy.apps.folder, relative to it — one catalogue per workspace folder. Outside any
     * workspace folder, the first folder's; undefined when it is not a folder.
     */
    folderFor: (file: vscode.Uri): string | undefined => {
      const owner = vscode.workspace.getWorkspaceFolder(file);
      if (!owner) return config.apps.folder();
      const raw = vscode.workspace.getConfiguration('phonebuddy.apps', owner.uri).get<string>('folder', 'apps').trim() || 'apps';
      const home = raw.startsWith('~') ? raw.replace(/^~/, process.env.HOME ?? '~') : raw;
      const dir = path.resolve(owner.uri.fsPath, home);
      return fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? dir : undefined;
    },
  },
  /** Fires when a setting under phonebuddy.<name> changes. */
  onDidChange(name: 'model' | 'recording' | 'devicePanel' | 'apps', listener: () => void): vscode.Disposable {
    return vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration(`phonebuddy.${name}`)) listener(); });
  },
};
