// A window's workspace apps, live: the catalogue its mock phones run (the apps folder's, beside
// the built-ins), reloaded when an app file is saved and installed on every attached phone
// (MockPhone.setApps: the current screen stays where it still exists). An app whose file has
// errors keeps its last good version running; the errors go to `report`.
import type { AppManifest } from '../mockphone/apps/app';
import type { MockPhone } from '../mockphone';
import { DeviceError } from '../device/errors';
import type { Diagnostic } from '../task/diagnostic';
import { watchWorkspaceApps, type AppsWatcher } from './app-files/watch-apps';
import { phoneApps } from './phone-apps';

export class LiveApps {
  private readonly phones = new Set<MockPhone>();
  private current: readonly AppManifest[] | undefined;
  private watcher?: AppsWatcher;
  /** Resolves after each reload is installed (tests wait on it instead of on time). */
  private reloaded: (() => void)[] = [];

  private constructor(readonly appsDir: string, private readonly report: (diagnostics: Diagnostic[]) => void) {}

  static async start(appsDir: string, report: (diagnostics: Diagnostic[]) => void, onError: (e: Error) => void = () => {}): Promise<LiveApps> {
    const live = new LiveApps(appsDir, report);
    const first = await phoneApps(appsDir);
    live.current = first.apps;
    report(first.diagnostics);
    live.watcher = await watchWorkspaceApps(appsDir, (r) => {
      live.current = r.apps;
      report(r.diagnostics);
      for (const p of live.phones) {
        try {
          p.setApps(r.apps);
        } catch (e) {
          if (e instanceof DeviceError && e.code === 'disconnected') live.phones.delete(p); // closed since
          else onError(e instanceof Error ? e : new Error(String(e)));
        }
      }
      for (const w of live.reloaded.splice(0)) w();
    }, onError);
    return live;
  }

  /** The catalogue a new phone gets now. */
  apps(): readonly AppManifest[] | undefined {
    return this.current;
  }

  /** The phone follows reloads until it closes. */
  attach(phone: MockPhone): void {
    this.phones.add(phone);
  }

  /** The next reload, installed. */
  nextReload(): Promise<void> {
    return new Promise((resolve) => this.reloaded.push(resolve));
  }

  /** Loads the apps again (the workspace was trusted: its TypeScript apps may load now). */
  reload(): void {
    this.watcher?.reload();
  }

  close(): void {
    this.watcher?.close();
    this.phones.clear();
  }
}
