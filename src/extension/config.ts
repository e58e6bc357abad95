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

/** One workspace folder's phonebuddy.apps.folder, resolved from it; undefined when it is not a folder. */
function appsFolderOf(owner: vscode.WorkspaceFolder): string | undefined {
  const raw = vscode.workspace.getConfiguration('phonebuddy.apps', owner.uri).get<string>('folder', 'apps').trim() || 'apps';
  const home = raw.startsWith('~') ? raw.replace(/^~/, process.env.HOME ?? '~') : raw;
  const dir = path.resolve(owner.uri.fsPath, home);
  return fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? dir : undefined;
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
    /**
     * The workspace's apps folders: each workspace folder's phonebuddy.apps.folder (relative to
     * it; with no folder open, none), those that are folders, joined by path.delimiter — one
     * catalogue for the whole window (src/studio/app-files/find-app-files.ts), so the panel's
     * phones, ▶ Run, Check, the debugger and Record all run every folder's apps, and a package
     * declared in two folders is an error at the later one. Undefined when there is none.
     */
    folder: (): string | undefined => {
      const dirs = (vscode.workspace.workspaceFolders ?? []).map((f) => appsFolderOf(f)).filter((d): d is string => d !== undefined);
      return dirs.length === 0 ? undefined : [...new Set(dirs)].join(path.delimiter);
    },
    /**
     * The apps a task file runs with: the workspace's (every folder's, as folder() says). A
     * file outside every workspace folder gets them too.
     */
    folderFor: (_file: vscode.Uri): string | undefined => config.apps.folder(),
  },
  /** Fires when a setting under phonebuddy.<name> changes. */
  onDidChange(name: 'model' | 'recording' | 'devicePanel' | 'apps', listener: () => void): vscode.Disposable {
    return vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration(`phonebuddy.${name}`)) listener(); });
  },
};
