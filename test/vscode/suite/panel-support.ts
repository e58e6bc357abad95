// Shared by the suites that drive the device panel: its state and forged messages through the
// test-only commands (src/extension/device-panel/activate.ts registers them outside production;
// a forged message takes the same validation path as the webview's), opening a panel that
// streams a mock phone, and finding a node on the phone's screen.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, until } from './support';

/** What `phonebuddy.test.devicePanel.state` returns for the panel's current session. */
export interface PanelState {
  deviceId?: string;
  streaming: boolean;
  stats?: { sent: number; acked: number; captured: number; ackMs: number[] };
  devices: { id: string; label: string; online: boolean }[];
  foregroundApp?: string;
  uiTree?: string;
  humanTurn?: { goal?: string; step?: number };
  recording?: { steps: number; folder?: string; goal: string };
  toolbar: { id: string; label: string; checked?: boolean; badge?: string; icon?: string }[];
}
/** A session's verdict on a forged message (the device panel's and the trajectory viewer's test commands answer alike). */
export type Outcome = { accepted: true; type: string } | { accepted: false; reason: string };

export const panelState = () => vscode.commands.executeCommand<PanelState>('phonebuddy.test.devicePanel.state');
export const forge = (raw: unknown) => vscode.commands.executeCommand<Outcome>('phonebuddy.test.devicePanel.forge', raw);

/** Activates the extension and opens the device panel; resolves once it streams a mock phone. */
export async function openStreamingPanel(): Promise<PanelState> {
  await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
  await vscode.commands.executeCommand('phonebuddy.devicePanel.open');
  // The webview loads, says ready, and acks frames: the panel is streaming.
  return until('the panel to stream a mock phone', async () => {
    const s = await panelState();
    return s.deviceId?.startsWith('mock:') && s.streaming && (s.stats?.acked ?? 0) > 0 && s;
  }, 45_000);
}

/** Centre of the first node whose text is exactly `text`, from uiautomator XML. */
export function centreOfText(xml: string, text: string): { x: number; y: number } {
  const m = new RegExp(`text="${text}"[^>]*bounds="\\[(\\d+),(\\d+)\\]\\[(\\d+),(\\d+)\\]"`).exec(xml);
  assert.ok(m, `no node with text ${text}`);
  const [x1, y1, x2, y2] = m.slice(1).map(Number);
  return { x: Math.round((x1 + x2) / 2), y: Math.round((y1 + y2) / 2) };
}
