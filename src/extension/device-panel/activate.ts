// Wires the device panel into VS Code: the editor-tab panel and its serializer, the
// activity-bar view, the commands, and the shared hub that later features (runner, Test
// Explorer, debugger, recorder) use to draw episodes, add toolbar items and drive by hand.
import * as vscode from 'vscode';
import { studioCommand } from '../commands';
import { trackAdbDevices, type AdbTracking } from '../../panel/devices/adb-devices';
import { startMockPhone } from '../../studio/mock-phones';
import { DeviceRegistry } from '../../panel/devices/registry';
import { DEVICE_PANEL_VIEW_TYPE, DevicePanel, DevicePanelSerializer } from './device-panel';
import { DEVICE_VIEW_ID, DeviceViewProvider } from './device-view';
import { registerDriveByHand } from './drive-by-hand';
import { registerPanelRecording } from './record';
import { registerRunAgent } from './run-agent';
import { registerWatchEnvSession } from './watch-env';
import { PanelHub } from '../../panel/panel-hub';
import { config } from '../config';
import type { LiveApps } from '../../studio/live-apps';
import { isRefusedMessage } from '../../studio/app-files/app-code-policy';
import { followWorkspaceTrust, warnUntrusted } from '../trust';
import { appProblems } from '../app-language/app-problems';

/**
 * Returns the window's panel hub, which features.ts passes to the features that draw on or add
 * to the device panel (▶ Run, Record, the debugger).
 */
export function activateDevicePanel(context: vscode.ExtensionContext): PanelHub {
  const output = vscode.window.createOutputChannel('PhoneBuddy Device Panel', { log: true });
  const registry = new DeviceRegistry();
  const panels = new PanelHub(registry, {
    log: (level, message) => (level === 'error' ? output.error(message) : level === 'warn' ? output.warn(message) : output.info(message)),
    copyText: async (text) => vscode.env.clipboard.writeText(text),
    frameEncoding: config.devicePanel.frameEncoding,
    jpegQuality: config.devicePanel.jpegQuality,
  });
  const view = new DeviceViewProvider(panels, context.extensionUri);

  let adb: Promise<AdbTracking | undefined> | undefined;
  const ensureAdb = () => {
    if (config.devicePanel.trackAdbDevices()) adb ??= trackAdbDevices(registry, (m) => output.info(m)).catch((err: unknown) => {
      output.warn(`ADB tracking failed: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    });
  };

  /** The device the focused (else first) panel mirrors. */
  const shownDeviceId = () => DevicePanel.all().find((p) => p.panel.active)?.session.currentDeviceId
    ?? DevicePanel.all()[0]?.session.currentDeviceId ?? view.current?.currentDeviceId;

  // The workspace's apps (phonebuddy.apps.folder), loaded with the first mock phone and reloaded
  // on every phone when an app file is saved; their problems go to the output channel. A
  // TypeScript app refused in Restricted Mode is also said once in a warning that offers to
  // trust the workspace; trusting it loads the apps again, the TypeScript ones with them.
  let live: Promise<LiveApps | undefined> | undefined;
  const refusedSaid = new Set<string>();
  context.subscriptions.push(followWorkspaceTrust(() => {
    output.info('the workspace is trusted: its TypeScript apps load');
    void appProblems().check();
    const dir = config.apps.folder();
    if (live) void live.then((l) => l?.reload());
    else if (dir !== undefined) void import('../../studio/workspace-apps').then((w) => w.forgetWorkspaceApps(dir));
  }));
  // A workspace folder added or removed changes the apps: the next phone loads them anew (the
  // phones already open keep theirs).
  context.subscriptions.push(vscode.workspace.onDidChangeWorkspaceFolders(() => {
    const old = live;
    live = undefined;
    void old?.then((l) => l?.close());
  }));
  const liveApps = (): Promise<LiveApps | undefined> => {
    const dir = config.apps.folder();
    if (dir === undefined) return Promise.resolve(undefined);
    live ??= import('../../studio/live-apps').then((m) => m.LiveApps.start(dir,
      (ds, faults) => {
        // The TypeScript apps' problems and the screens that throw go to the Problems view too.
        appProblems().setLoad(ds);
        appProblems().setFaults(faults);
        for (const d of faults) output.warn(`${d.file}:${d.line}: ${d.message}`);
        if (faults.length > 0) return; // the load problems were said at the reload
        for (const d of ds) {
          output.warn(`${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`);
          if (isRefusedMessage(d.message) && !refusedSaid.has(d.file)) {
            refusedSaid.add(d.file);
            warnUntrusted(d.message.replace(d.file, vscode.workspace.asRelativePath(d.file)));
          }
        }
      },
      (e) => output.warn(`workspace apps: ${e.message}`))).catch((e: unknown) => {
      output.warn(`workspace apps unavailable: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    });
    return live;
  };

  const startMock = async (): Promise<string> => {
    const id = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Starting a mock phone…' }, async () => startMockPhone(registry, { apps: await liveApps() }));
    output.info(`started ${id}`);
    return id;
  };

  // `{ preserveFocus: true }`: shown beside, the keyboard stays where it was (a run watched
  // from the editor); without it the panel takes focus (the person acts on it).
  const open = async (deviceId?: unknown, options?: { preserveFocus?: boolean }): Promise<string | undefined> => {
    ensureAdb();
    let id = typeof deviceId === 'string' ? deviceId : undefined;
    // No device named: the first online one, else a new mock phone. Phones that went offline
    // (a finished debug session's, an unplugged one) stay in the picker but are no reason to
    // open on nothing: that left the panel empty after any earlier debug session.
    if (id === undefined) id = registry.list().find((e) => e.online)?.id ?? await startMock();
    DevicePanel.createOrShow(panels, context.extensionUri, id, options?.preserveFocus === true);
    return id;
  };

  const recording = registerPanelRecording(panels, () => shownDeviceId(), (m) => output.info(m));
  context.subscriptions.push(
    output,
    recording,
    { dispose: () => { panels.dispose(); registry.dispose(); void adb?.then((a) => a?.dispose()); void live?.then((l) => l?.close()); } },
    view,
    vscode.window.registerWebviewViewProvider(DEVICE_VIEW_ID, view),
    vscode.window.registerWebviewPanelSerializer(DEVICE_PANEL_VIEW_TYPE, new DevicePanelSerializer(panels, context.extensionUri)),
    studioCommand('phonebuddy.devicePanel.open', open),
    studioCommand('phonebuddy.devices.startMockPhone', async () => open(await startMock())),
    registerDriveByHand(panels, () => shownDeviceId(), (m) => output.info(m)),
    registerRunAgent(panels, () => shownDeviceId(), (m) => output.info(m)),
    registerWatchEnvSession(context, registry, (id) => open(id), (m) => output.info(m), (id, a) => panels.drawAgent(id, a)),
    studioCommand('phonebuddy.devicePanel.showForegroundApp', async () => {
      const id = shownDeviceId();
      const device = id ? registry.device(id) : undefined;
      if (!device) {
        void vscode.window.showWarningMessage('No device is shown in a device panel.');
        return undefined;
      }
      const app = await device.foregroundApp();
      void vscode.window.showInformationMessage(`Foreground app on ${registry.get(device.id)?.label ?? device.id}: ${app ?? 'none'}`);
      return app;
    }),
  );

  const recordingState = (id: string) => {
    const demo = recording.toggle.active(id);
    return demo && { steps: demo.steps, folder: demo.folder, goal: demo.episode.goal };
  };

  // Hooks for the integration tests (never in an installed extension): they reach the panel
  // through the same session and validation path the webview uses.
  if (context.extensionMode !== vscode.ExtensionMode.Production) {
    const session = () => DevicePanel.all()[0]?.session ?? view.current;
    context.subscriptions.push(
      studioCommand('phonebuddy.test.devicePanel.state', async () => {
        const s = session();
        const id = s?.currentDeviceId;
        const device = id ? registry.device(id) : undefined;
        return {
          deviceId: id,
          streaming: s?.isStreaming ?? false,
          stats: s?.streamerStats,
          devices: registry.summaries(),
          humanTurn: id ? panels.humanTurns.pending(id) : undefined,
          recording: id ? recordingState(id) : undefined,
          toolbar: panels.toolbar.list(id),
          foregroundApp: device ? await device.foregroundApp() : undefined,
          uiTree: device ? await device.uiTree() : undefined,
        };
      }),
      studioCommand('phonebuddy.test.devicePanel.forge', async (raw: unknown) => session()?.receive(raw)),
      studioCommand('phonebuddy.test.devicePanel.disconnect', async () => {
        const id = session()?.currentDeviceId;
        const device = id ? registry.device(id) : undefined;
        await device?.close();
        // The mock phone's close() does not announce itself; the panel learns it here the
        // way it learns of an ADB device leaving (tracker) or a failing call.
        if (id) registry.markOffline(id, 'the phone was closed');
        return id;
      }),
      studioCommand('phonebuddy.test.devicePanel.closeAll', () => {
        for (const p of DevicePanel.all()) p.panel.dispose();
      }),
    );
  }
  return panels;
}
