// The panel's mock phones and a workspace's apps folder: a phone started with the live apps runs
// them, and saving an app file reloads it on the phone in place — the screen it shows stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { MockPhone } from '../mockphone';
import { find, tapNode } from '../mockphone/testing';
import { DeviceRegistry } from '../panel/devices/registry';
import type { Diagnostic } from '../task/diagnostic';
import { PANTRY_APP, PANTRY_PACKAGE, pantryWorkspace } from './app-files/testing/pantry-app';
import { LiveApps } from './live-apps';
import { startMockPhone } from './mock-phones';

test('a panel mock phone runs the workspace apps and follows a saved app file, keeping its screen', async () => {
  const ws = pantryWorkspace();
  const reports: Diagnostic[][] = [];
  const live = await LiveApps.start(ws.appsDir, (d) => reports.push(d));
  const registry = new DeviceRegistry();
  try {
    const id = await startMockPhone(registry, { apps: live });
    const phone = registry.get(id)!.device as MockPhone;
    await phone.openApp(PANTRY_PACKAGE);
    await tapNode(phone, { desc: 'Rice' });
    assert.equal((await find(phone, { id: 'toolbar_title' })).text, 'Rice');
    let reloaded = live.nextReload();
    fs.writeFileSync(path.join(ws.appsDir, 'pantry.app.yaml'), PANTRY_APP.replace("title: '=row.name'", "title: \"='Item: ' + row.name\""));
    // The watcher may report one save twice: wait until the phone shows the new title.
    for (;;) {
      await reloaded;
      if ((await find(phone, { id: 'toolbar_title' })).text === 'Item: Rice') break;
      reloaded = live.nextReload();
    }
    assert.equal(await phone.foregroundApp(), PANTRY_PACKAGE);
    assert.deepEqual(reports.at(-1), []);
  } finally {
    live.close();
    registry.dispose();
    ws.cleanup();
  }
});

test('a screen that throws on a panel phone is reported once at its file and line; the next reload clears it', async () => {
  const broken = PANTRY_APP.replace("title: '=row.name'", "title: '=row.nope'");
  const ws = pantryWorkspace({ 'apps/pantry.app.yaml': broken });
  const file = path.join(ws.appsDir, 'pantry.app.yaml');
  const reports: { faults: Diagnostic[] }[] = [];
  let wake: (() => void) | undefined;
  const live = await LiveApps.start(ws.appsDir, (_d, faults) => { reports.push({ faults }); wake?.(); });
  const registry = new DeviceRegistry();
  try {
    const id = await startMockPhone(registry, { apps: live });
    const phone = registry.get(id)!.device as MockPhone;
    await phone.openApp(PANTRY_PACKAGE);
    await tapNode(phone, { desc: 'Rice' });
    assert.match((await find(phone, { text: /has stopped/ })).text, /row\.nope|nope/);
    await phone.screenshot(); // renders again: the same fault is not said twice
    const withFault = reports.filter((r) => r.faults.length > 0);
    assert.equal(withFault.length, 1, JSON.stringify(reports));
    const [d] = withFault[0].faults;
    assert.equal(d.file, file);
    assert.equal(d.line, broken.split('\n').indexOf('  detail:') + 1, "the line the crash screen names: the screen's");
    assert.match(d.message, /^the screen throws when it renders .*nope/);
    const n = reports.length;
    fs.writeFileSync(file, PANTRY_APP);
    while (!reports.slice(n).some((r) => r.faults.length === 0)) await new Promise<void>((resolve) => { wake = resolve; });
    assert.equal((await find(phone, { id: 'toolbar_title' })).text, 'Rice', 'the fixed screen renders');
  } finally {
    live.close();
    registry.dispose();
    ws.cleanup();
  }
});
