// The device panel inside the real extension host: opening it starts and mirrors a mock
// phone; messages forged through the same validation path as the webview's (bad
// coordinates, unknown types, huge pastes) never reach the phone; a tap that passes the
// checks does; a phone that disappears is reported and can be reconnected.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { centreOfText, forge, openStreamingPanel, panelState } from './panel-support';
import { publishMetric, until, scaled } from './support';

suite('device panel', () => {
  suiteSetup(async function () {
    this.timeout(scaled(60_000));
    await openStreamingPanel();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('phonebuddy.test.devicePanel.closeAll');
  });

  test('a forged tap with coordinates off the screen is rejected and changes nothing', async () => {
    const before = await panelState();
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
    const after = await panelState();
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
    const s = await panelState();
    const notes = centreOfText(s.uiTree!, 'Notes');
    const r = await forge({ type: 'tap', x: notes.x, y: notes.y, inputSeq: 7 });
    assert.deepEqual(r, { accepted: true, type: 'tap' });
    await until('Notes in the foreground', async () => (await panelState()).foregroundApp === 'com.phonebuddy.notes');
    await forge({ type: 'key', key: 'home', inputSeq: 8 });
    await until('the launcher again', async () => (await panelState()).foregroundApp !== 'com.phonebuddy.notes');
  });

  test('drive by hand: panel gestures become the human policy\'s actions; Finish ends the episode', async () => {
    const s = await panelState();
    const notes = centreOfText(s.uiTree!, 'Notes');
    const run = vscode.commands.executeCommand<{ steps: number; terminatedBy: string; actions: string[] }>('phonebuddy.devicePanel.driveByHand', 'Open Notes');
    // The loop observes, then waits for the person: the tap goes to the policy, not the phone.
    const turn = await until('the human turn', async () => (await panelState()).humanTurn);
    assert.deepEqual(turn, { goal: 'Open Notes', step: 1 });
    assert.deepEqual(await forge({ type: 'tap', x: notes.x, y: notes.y, inputSeq: 20 }), { accepted: true, type: 'tap' });
    await until('the loop to execute it: Notes opens', async () => (await panelState()).foregroundApp === 'com.phonebuddy.notes');
    await until('the second turn', async () => (await panelState()).humanTurn?.step === 2);
    const refused = await forge({ type: 'key', key: 'dpad_up', inputSeq: 21 });
    assert.match(!refused.accepted ? refused.reason : '', /no 'dpad_up' key/);
    const finish = await forge({ type: 'toolbarClick', id: 'human.finish' });
    assert.deepEqual(finish, { accepted: true, type: 'toolbarClick' });
    const summary = await run;
    assert.deepEqual(summary.actions, ['click', 'finish']);
    assert.equal(summary.terminatedBy, 'finish');
    const gone = await forge({ type: 'toolbarClick', id: 'human.finish' });
    assert.equal(gone.accepted, false, 'the Finish item is gone with the episode');
    await forge({ type: 'key', key: 'home', inputSeq: 22 });
  });

  test('frames as base64 text vs binary: send→ack round trip in this VS Code', async function () {
    this.timeout(scaled(120_000));
    const config = vscode.workspace.getConfiguration('phonebuddy.devicePanel');
    const result: Record<string, number> = {};
    let seq = 100;
    for (const encoding of ['base64', 'binary', 'base64', 'binary']) {
      await config.update('frameEncoding', encoding, vscode.ConfigurationTarget.Global);
      const start = (await panelState()).stats!.ackMs.length;
      const notes = centreOfText((await panelState()).uiTree!, 'Notes');
      // Each input changes the screen; wait for its frame to be painted and acked.
      const settled = async (before: { sent: number; acked: number }) => {
        try {
          await until('the frame to be acked', async () => {
            const st = (await panelState()).stats!;
            return st.sent > before.sent && st.acked > before.acked;
          });
        } catch (e) {
          const now = await panelState();
          throw new Error(`${(e as Error).message} with ${encoding}: before ${JSON.stringify(before)}, now ${JSON.stringify({ ...now, uiTree: undefined })}`);
        }
      };
      for (let i = 0; i < 6; i++) {
        let before = (await panelState()).stats!;
        await forge({ type: 'tap', x: notes.x, y: notes.y, inputSeq: seq++ });
        await settled(before);
        before = (await panelState()).stats!;
        await forge({ type: 'key', key: 'home', inputSeq: seq++ });
        await settled(before);
      }
      const acks = (await panelState()).stats!.ackMs.slice(start).sort((a, b) => a - b);
      const st = (await panelState()).stats!;
      assert.ok(acks.length >= 6, `frames were acked with ${encoding} (${acks.length}; sent ${st.sent}, acked ${st.acked}, captured ${st.captured}, ackMs ${st.ackMs.length})`);
      result[encoding] = acks[Math.floor(acks.length / 2)];
    }
    await config.update('frameEncoding', undefined, vscode.ConfigurationTarget.Global);
    publishMetric('devicePanel.sendToAck.base64Ms', result.base64);
    publishMetric('devicePanel.sendToAck.binaryMs', result.binary);
    console.log(`[phonebuddy] device panel send→ack median: base64 ${result.base64.toFixed(1)} ms, binary ${result.binary.toFixed(1)} ms`);
  });

  test('a phone that disappears is shown offline and can be reconnected', async () => {
    const id = await vscode.commands.executeCommand<string>('phonebuddy.test.devicePanel.disconnect');
    const offline = await until('the phone offline', async () => {
      const s = await panelState();
      return s.devices.find((d) => d.id === id && !d.online) && s;
    });
    assert.equal(offline.streaming, false);
    const r = await forge({ type: 'reconnect' });
    assert.deepEqual(r, { accepted: true, type: 'reconnect' });
    await until('the phone streaming again', async () => {
      const s = await panelState();
      return s.devices.find((d) => d.id === id && d.online) && s.streaming;
    });
  });
});
