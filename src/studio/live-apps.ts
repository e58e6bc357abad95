// A window's workspace apps, live: the catalogue its mock phones run (the apps folder's, beside
// the built-ins), reloaded when an app file is saved and installed on every attached phone
// (MockPhone.setApps: the current screen stays where it still exists). An app whose file has
// errors keeps its last good version running; the errors go to `report`, and so does a screen
// that throws when it renders on an attached phone (its crash screen's file:line: message), as
// a diagnostic at that line until the file is saved again.
import path from 'node:path';
import type { AppManifest } from '../mockphone/apps/app';
import type { MockPhone } from '../mockphone';
import { DeviceError } from '../device/errors';
import type { Diagnostic } from '../task/diagnostic';
import { watchWorkspaceApps, type AppsWatcher } from './app-files/watch-apps';
import { phoneApps } from './phone-apps';

/** What `report` is given: the app files' problems, and the faults seen on the phones since the last reload. */
export type LiveAppsReport = (diagnostics: Diagnostic[], faults: Diagnostic[]) => void;

/** A crash screen's message located in a file: `file:line: message`. */
const LOCATED = /^(.+?):(\d+): ([\s\S]*)$/;

export class LiveApps {
  private readonly phones = new Set<MockPhone>();
  private current: readonly AppManifest[] | undefined;
  private diagnostics: Diagnostic[] = [];
  /** Render faults by file, line and message (a screen throws on every render: said once). */
  private readonly faults = new Map<string, Diagnostic>();
  private watcher?: AppsWatcher;
  /** Resolves after each reload is installed (tests wait on it instead of on time). */
  private reloaded: (() => void)[] = [];

  private constructor(readonly appsDir: string, private readonly report: LiveAppsReport) {}

  static async start(appsDir: string, report: LiveAppsReport, onError: (e: Error) => void = () => {}): Promise<LiveApps> {
    const live = new LiveApps(appsDir, report);
    const first = await phoneApps(appsDir);
    live.current = first.apps;
    live.diagnostics = first.diagnostics;
    report(first.diagnostics, []);
    live.watcher = await watchWorkspaceApps(appsDir, (r) => {
      live.current = r.apps;
      live.diagnostics = r.diagnostics;
      live.faults.clear(); // a new version: its faults show again when it renders
      report(r.diagnostics, []);
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

  /** The phone follows reloads until it closes; its screens' faults are reported. */
  attach(phone: MockPhone): void {
    this.phones.add(phone);
    phone.onAppFault((_pkg, message) => this.fault(message));
  }

  /** A screen threw: a diagnostic at its file and line (a built-in's, unlocated, is not the workspace's). */
  private fault(message: string): void {
    const m = LOCATED.exec(message);
    if (!m || !path.isAbsolute(m[1])) return;
    const line = Number(m[2]);
    const d: Diagnostic = { file: m[1], line, column: 1, endLine: line, endColumn: 1, severity: 'error', message: `the screen throws when it renders (the phone shows the app's crash screen): ${m[3]}` };
    const key = `${d.file}\0${line}\0${d.message}`;
    if (this.faults.has(key)) return;
    this.faults.set(key, d);
    this.report(this.diagnostics, [...this.faults.values()]);
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
