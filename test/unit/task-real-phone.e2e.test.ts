// Real-phone-style example tasks (device: adb) on a real ADB path: the mock phone served on the
// ADB wire protocol, connected to the running adb server, driven through AdbDevice (adbkit +
// shell v2) by the agent loop with the solution policy. `sql` verifiers pull the app database
// over ADB, `shell` verifiers run `settings get`, `ui` verifiers read `uiautomator dump`.
// Needs a running adb server (only the ADB layer's tests start one); skipped otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runEpisode } from '../../src/agent/episode';
import { SolutionPolicy } from '../../src/agent/policies/solution';
import { AdbDevice } from '../../src/device/adb/adb-device';
import { createMockPhone } from '../../src/mockphone';
import { serveMockPhoneOverAdb } from '../../src/mockphone/adb/server';
import { adbConnect, adbDisconnect } from '../../src/mockphone/adb/testing/adb-harness';
import { loadMockTasks as loadTasks } from '../../src/studio/tasks';

const realPhone = path.resolve(__dirname, '..', '..', 'tasks-examples', 'real-phone');

function adbServerUp(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(5037, '127.0.0.1');
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

/** A fresh mock phone served on the ADB wire protocol, connected to the adb server, as an AdbDevice for `fn`; all of it closed after. */
async function onPhoneOverAdb(options: Parameters<typeof createMockPhone>[0], fn: (device: AdbDevice) => Promise<void>): Promise<void> {
  const phone = await createMockPhone(options);
  const server = await serveMockPhoneOverAdb(phone, { port: 0 });
  try {
    await adbConnect(server.serial);
    const device = await AdbDevice.open(server.serial);
    try {
      await fn(device);
    } finally {
      await device.close();
    }
  } finally {
    await adbDisconnect(server.serial);
    await server.close();
    await phone.close();
  }
}

test('real-phone example tasks pass over ADB, and fail on the untouched phone', async (t) => {
  if (!(await adbServerUp())) return t.skip('no adb server on 127.0.0.1:5037');
  const { instances, diagnostics } = await loadTasks([realPhone], { sample: 1 });
  assert.deepEqual(diagnostics, []);
  assert.ok(instances.length >= 4);
  for (const inst of instances) {
    assert.equal(inst.device, 'adb');
    await onPhoneOverAdb({ seed: inst.seed, ...(inst.locale === 'zh-CN' ? { locale: 'zh-CN' as const } : {}) }, async (device) => {
      // A real phone is not reset by setup, so the served phone starts fresh for each task.
      await inst.setup(device, { trusted: true });
      const before = await inst.verify(device, { steps: [], terminatedBy: 'aborted' }, { trusted: true });
      assert.equal(before.passed, false, `${inst.instanceId} passes on the untouched phone`);
      const summary = await runEpisode({ device, policy: new SolutionPolicy(), task: inst, skipSetup: true, observe: { screenshot: false, uiTree: true }, maxConsecutiveErrors: 2 });
      assert.equal(summary.success, true, `${inst.instanceId}: ${summary.reason} ${JSON.stringify(summary.verify?.results)}`);
      const kinds = JSON.stringify(summary.verify!.results);
      assert.match(kinds, /"kind":"(sql|shell|ui)"/);
    });
  }
});

test('setup.push over ADB (path relative to the task file), checked by a shell verifier', async (t) => {
  if (!(await adbServerUp())) return t.skip('no adb server on 127.0.0.1:5037');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-push-'));
  fs.writeFileSync(path.join(dir, 'payload.txt'), 'hello from the task\n');
  fs.writeFileSync(path.join(dir, 'push.task.yaml'), [
    'id: push.file',
    'goal: Nothing to do; the file is already there.',
    'device: adb',
    'setup:',
    '  push: [{ from: payload.txt, to: /sdcard/Download/payload.txt }]',
    'verify:',
    '  shell: { command: cat /sdcard/Download/payload.txt, contains: hello from the task }',
    '',
  ].join('\n'));
  const { instances, diagnostics } = await loadTasks([dir]);
  assert.deepEqual(diagnostics, []);
  await onPhoneOverAdb({ seed: 0 }, async (device) => {
    const before = await instances[0].verify(device, { steps: [], terminatedBy: 'aborted' }, { trusted: true });
    assert.equal(before.passed, false);
    const warnings: string[] = [];
    await instances[0].setup(device, { trusted: false, warn: (m) => warnings.push(m) });
    assert.match(warnings[0], /untrusted workspace/);
    assert.equal((await instances[0].verify(device, { steps: [], terminatedBy: 'aborted' }, { trusted: true })).passed, false, 'untrusted: nothing was pushed');
    await instances[0].setup(device, { trusted: true });
    const after = await instances[0].verify(device, { steps: [], terminatedBy: 'aborted' }, { trusted: true });
    assert.equal(after.passed, true, JSON.stringify(after.results));
  });
});
