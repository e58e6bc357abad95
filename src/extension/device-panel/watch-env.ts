// "PhoneBuddy: Watch Environment Session…": asks for a running `phonebuddy serve-env`'s URL,
// lists its live sessions, and mirrors the one picked in the device panel, read-only, with the
// trainer's policy's thoughts and actions drawn over it (see
// src/panel/devices/env-sessions.ts). Arguments (url, session id) skip the questions: tests and
// other commands call it that way.
import * as vscode from 'vscode';
import { studioCommand } from '../commands';
import type { DeviceRegistry } from '../../panel/devices/registry';
import type { OverlayAction } from '../../webview-protocol/device-panel';

const LAST_URL = 'phonebuddy.envService.lastUrl';

export function registerWatchEnvSession(context: vscode.ExtensionContext, registry: DeviceRegistry, open: (deviceId: string) => Promise<unknown>, log: (m: string) => void, draw: (deviceId: string, action: OverlayAction) => void): vscode.Disposable {
  return studioCommand('phonebuddy.devices.watchEnvSession', async (urlArg?: unknown, sessionArg?: unknown): Promise<string | undefined> => {
    // Loaded on use: the mirror's device decodes frames with sharp, which activation must not load.
    const { describeEnvSession, listEnvSessions, watchEnvSession } = await import('../../panel/devices/env-sessions');
    const url = typeof urlArg === 'string' ? urlArg : await vscode.window.showInputBox({
      title: 'Watch Environment Session', prompt: 'URL of a running `phonebuddy serve-env`',
      value: context.globalState.get<string>(LAST_URL, 'http://127.0.0.1:8000'),
      validateInput: (v) => { try { return /^https?:$/.test(new URL(v).protocol) ? undefined : 'an http:// or https:// URL'; } catch { return 'not a URL (e.g. http://127.0.0.1:8000)'; } },
    });
    if (!url) return undefined;
    let sessions;
    try {
      sessions = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Listing the sessions of ${url}…` }, () => listEnvSessions(url));
    } catch (e) {
      void vscode.window.showErrorMessage(`Cannot list environment sessions: ${(e as Error).message}`);
      return undefined;
    }
    await context.globalState.update(LAST_URL, url);
    if (!sessions.length) {
      void vscode.window.showInformationMessage(`No live sessions at ${url}: a trainer has not connected yet.`);
      return undefined;
    }
    let session = typeof sessionArg === 'string' ? sessions.find((s) => s.session_id === sessionArg) : undefined;
    if (typeof sessionArg === 'string' && !session) {
      void vscode.window.showErrorMessage(`No live session ${sessionArg} at ${url} (${sessions.length} live).`);
      return undefined;
    }
    if (!session) {
      const picked = await vscode.window.showQuickPick(sessions.map((s) => ({ ...describeEnvSession(s), session: s })), { title: `Sessions of ${url} (read-only mirror)`, matchOnDetail: true });
      if (!picked) return undefined;
      session = picked.session;
    }
    const id = watchEnvSession(registry, url, session, draw);
    log(`watching environment session ${session.session_id} at ${url} (read-only)`);
    await open(id);
    return id;
  });
}
