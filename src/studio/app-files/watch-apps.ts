// Live apps: watches a workspace's apps folder and, when an app file changes, loads the
// catalogue again and hands the new apps to whoever holds phones (the panel's, a session's),
// which install them with MockPhone.setApps — keeping the current screen where it still exists.
// An app file that now has errors keeps its last good version running, with the errors reported.
import fs from 'node:fs';
import path from 'node:path';
import type { AppManifest } from '../../mockphone/apps/app';
import type { Diagnostic } from '../../task/diagnostic';
import { phoneApps } from '../phone-apps';
import { forgetWorkspaceApps, workspaceApps } from '../workspace-apps';
import { APP_FILE_SUFFIX, appsDirs } from './find-app-files';
import { TS_APP_FILE_SUFFIX } from './load-ts-app';

export interface AppsReload {
  /** The catalogue to install (MockPhone.setApps). */
  apps: readonly AppManifest[];
  /** The app files' problems now; an app with errors runs its last good version. */
  diagnostics: Diagnostic[];
  /** Apps kept at their last good version, by package. */
  kept: string[];
}

export interface AppsWatcher {
  /** Loads the catalogue again now, as a changed file would (e.g. app code may run since). */
  reload(): void;
  close(): void;
}

/**
 * Watches `dir` (recursively; several folders joined by path.delimiter, each) for changed
 * *.app.yaml and *.app.ts files; `onReload` gets each new catalogue.
 */
export async function watchWorkspaceApps(dir: string, onReload: (r: AppsReload) => void, onError: (e: Error) => void = () => {}, debounceMs = 50): Promise<AppsWatcher> {
  const folders = appsDirs(dir);
  const abs = folders.join(path.delimiter);
  /** The last good manifest of each file's app, by file. */
  const good = new Map<string, AppManifest>();
  const remember = async (): Promise<{ apps: readonly AppManifest[]; diagnostics: Diagnostic[] }> => {
    const [ws, built] = await Promise.all([workspaceApps(abs), phoneApps(abs)]);
    const byPackage = new Map((built.apps ?? []).map((a) => [a.package, a]));
    for (const a of ws.apps) good.set(a.spec.file, byPackage.get(a.info.package)!);
    for (const a of ws.codeApps ?? []) good.set(a.file, a.manifest);
    return { apps: built.apps ?? [], diagnostics: built.diagnostics };
  };
  await remember();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const reload = (): void => {
    running = running.then(async () => {
      forgetWorkspaceApps(abs);
      const before = new Map(good);
      const now = await remember();
      const failing = new Set(now.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
      const installed = new Set(now.apps.map((a) => a.package));
      const kept: AppManifest[] = [];
      for (const [file, manifest] of before) {
        if (failing.has(file) && fs.existsSync(file) && !installed.has(manifest.package)) {
          kept.push(manifest);
          good.set(file, manifest);
        }
      }
      onReload({ apps: [...now.apps, ...kept], diagnostics: now.diagnostics, kept: kept.map((k) => k.package) });
    }).catch((e: unknown) => onError(e instanceof Error ? e : new Error(String(e))));
  };
  const watchers = folders.filter((d) => fs.existsSync(d)).map((d) => {
    const watcher = fs.watch(d, { recursive: true }, (_event, name) => {
      if (name !== null && !String(name).endsWith(APP_FILE_SUFFIX) && !String(name).endsWith(TS_APP_FILE_SUFFIX)) return;
      clearTimeout(timer);
      timer = setTimeout(reload, debounceMs);
    });
    watcher.on('error', (e) => onError(e));
    return watcher;
  });
  return {
    reload,
    close: () => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
