// The device panel inside the real extension host: opening it starts and mirrors a mock
// phone; messages forged through the same validation path as the webview's (bad
// coordinates, unknown types, huge pastes) never reach the phone; a tap that passes the
// checks does; a phone that disappears is reported and can be reconnected.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './support';

interface PanelState {
  deviceId?: string;
  streaming: boolean;
  stats?: { sent: number; acked: number; captured: number };
  devices: { id: string; label: string; online: boolean }[];
  foregroundApp?: string;
  uiTree?: string;
}
type Outcome = { accepted: true; type: string } | { accepted: false; reason: string };

const state = () => vscode.commands.executeCommand<PanelState>('phonebuddy.test.devicePanel.state');
const forge = (raw: unknown) => vscode.commands.executeCommand<Outcome>('phonebuddy.test.devicePanel.forge', raw);

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Centre of the first node whose text is exactly `text`, from uiautomator XML. */
function centreOfText(xml: string, text: string): { x: number; y: number } {
  const m = new RegExp(`text="${text}"[^>]*bounds="\\[(\\d+),(\\d+)\\]\\[(\\d+),(\\d+)\\]"`).exec(xml);
  assert.ok(m, `no node with text ${text}`);
  const [x1, y1, x2, y2] = m.slice(1).map(Number);
  return { x: Math.round((x1 + x2) / 2), y: Math.round((y1 + y2) / 2) };
}

suite('device panel', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    await vscode.commands.executeCommand('phonebuddy.devicePanel.open');
    // The webview loads, says ready, and acks frames: the panel is streaming.
    await until('the panel to stream a mock phone', async () => {
      const s = await state();
      return s.deviceId?.startsWith('mock:') && s.streaming && (s.stats?.acked ?? 0) > 0 && s;
    }, 45_000);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('phonebuddy.test.devicePanel.closeAll');
  });

  test('a forged tap with coordinates off the screen is rejected and changes nothing', async () => {
    const before = await state();
    for (const raw of [
      { type: 'tap', x: 99_999, y: 5, inputSeq: 1 },
      { type: 'tap', x: -1, y: 5, inputSeq: 2 },
      { type: 'tap', x: 5, y: 2400, inputSeq: 3 },
      { type: 'swipe', from: { x: 10, y: 10 }, to: { x: 10, y: 1e9 }, durationMs: 100, inputSeq: 4 },
      { type: 'tap', x: '540', y: 1200, inputSeq: 5 },
    ]) {
      const r = await forge(raw);
      assert.equal(r.accepted, false, JSON.stringify(raw));
    }
    const after = await state();
    assert.equal(after.foregroundApp, before.foregroundApp);
    assert.equal(after.uiTree, before.uiTree, 'the phone screen did not change');
  });

  test('unknown message types and huge pastes are refused with a reason', async () => {
    const unknown = await forge({ type: 'runShell', command: 'reboot' });
    assert.equal(unknown.accepted, false);
    assert.match(!unknown.accepted ? unknown.reason : '', /unknown panel message type/);
    const paste = await forge({ type: 'type', text: 'x'.repeat(50_000), inputSeq: 6 });
    assert.match(!paste.accepted ? paste.reason : '', /50,000 characters; the panel types at most 1,000/);
  });

  test('a valid tap on a launcher icon opens that app on the phone', async () => {
    const s = await state();
    const notes = centreOfText(s.uiTree!, 'Notes');
    const r = await forge({ type: 'tap', x: notes.x, y: notes.y, inputSeq: 7 });
    assert.deepEqual(r, { accepted: true, type: 'tap' });
    await until('Notes in the foreground', async () => (await state()).foregroundApp === 'com.phonebuddy.notes');
    await forge({ type: 'key', key: 'home', inputSeq: 8 });
    await until('the launcher again', async () => (await state()).foregroundApp !== 'com.phonebuddy.notes');
  });

  test('a phone that disappears is shown offline and can be reconnected', async () => {
    const id = await vscode.commands.executeCommand<string>('phonebuddy.test.devicePanel.disconnect');
    const offline = await until('the phone offline', async () => {
      const s = await state();
      return s.devices.find((d) => d.id === id && !d.online) && s;
    });
    assert.equal(offline.streaming, false);
    const r = await forge({ type: 'reconnect' });
    assert.deepEqual(r, { accepted: true, type: 'reconnect' });
    await until('the phone streaming again', async () => {
      const s = await state();
      return s.devices.find((d) => d.id === id && d.online) && s.streaming;
    });
  });
});
