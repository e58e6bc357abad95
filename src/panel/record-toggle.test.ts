// The Record toggle follows every demonstration on its device, whoever started it: one the
// Record CodeLens starts (Demonstration.start directly) shows REC and its step count on that
// device's toolbar, a click on the toggle finishes it (a finish step, the folder completed)
// without reporting it as the toggle's own, and the toggle's own demonstrations still report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readEpisode } from '../trajectory/reader';
import { Demonstration } from './demonstration';
import { DeviceRegistry } from './devices/registry';
import { PanelHub } from './panel-hub';
import { registerRecordToggle, RECORD_ITEM_ID } from './record-toggle';

async function setup() {
  const { createMockPhone } = await import('../mockphone');
  const phone = await createMockPhone({ seed: 0 });
  const registry = new DeviceRegistry();
  registry.add(phone, 'Mock phone 1');
  const hub = new PanelHub(registry, { log: () => {}, copyText: async () => {}, frameEncoding: () => 'base64' });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-rec-toggle-'));
  const finished: string[] = [];
  const toggle = registerRecordToggle(hub, { root: () => root, askGoal: async () => 'Tap the clock', problem: (m) => assert.fail(m), finished: (id) => finished.push(id) });
  const item = () => hub.toolbar.list(phone.id).find((i) => i.id === RECORD_ITEM_ID);
  /** The person at the panel taps once, when it is their turn; resolves when the step is done. */
  const tapOnce = (demo: Demonstration): Promise<void> => new Promise((resolve) => {
    const before = demo.steps;
    const offDemo = demo.onDidChange(() => { if (demo.steps > before) { offDemo(); resolve(); } });
    const tryTap = (): boolean => {
      if (!hub.humanTurns.pending(phone.id)) return false;
      hub.humanTurns.submit(phone.id, { kind: 'tap', at: { x: 540, y: 40 } });
      return true;
    };
    if (!tryTap()) { const offTurn = hub.humanTurns.onDidChange(() => { if (tryTap()) offTurn(); }); }
  });
  return { phone, hub, root, toggle, item, finished, tapOnce };
}

test('a demonstration started elsewhere (the CodeLens) shows REC on the toggle, and the toggle finishes it', async () => {
  const t = await setup();
  try {
    assert.equal(t.item()?.label, 'Record');
    const demo = Demonstration.start({ hub: t.hub, deviceId: t.phone.id, goal: 'Tap the clock', root: t.root });
    assert.deepEqual([t.item()?.label, t.item()?.checked, t.item()?.badge], ['REC', true, '0 steps']);
    assert.equal(t.toggle.active(t.phone.id), demo);
    await t.tapOnce(demo);
    assert.equal(t.item()?.badge, '1 step');
    assert.throws(() => Demonstration.start({ hub: t.hub, deviceId: t.phone.id, goal: 'again', root: t.root }), /already being recorded/);
    const result = await t.toggle.toggle(t.phone.id);
    assert.equal(result?.summary.terminatedBy, 'finish');
    assert.deepEqual(t.finished, [], 'the CodeLens reports its own demonstration, not the toggle');
    assert.equal(t.item()?.label, 'Record', 'REC is gone once it finished');
    const ep = await readEpisode(result!.folders[0]);
    assert.equal(ep.manifest.status, 'complete');
    assert.deepEqual(ep.steps.map((s) => s.call?.name), ['click', 'finish']);
  } finally {
    t.toggle.dispose();
    await t.phone.close();
  }
});

test('a demonstration the toggle starts reports through `finished`', async () => {
  const t = await setup();
  try {
    await t.toggle.toggle(t.phone.id);
    const demo = t.toggle.active(t.phone.id);
    assert.ok(demo);
    assert.equal(t.item()?.label, 'REC');
    await t.tapOnce(demo);
    await t.toggle.toggle(t.phone.id);
    assert.deepEqual(t.finished, [t.phone.id]);
    assert.equal(t.item()?.label, 'Record');
  } finally {
    t.toggle.dispose();
    await t.phone.close();
  }
});
