// A recorded demonstration of a task (the Record CodeLens) runs the task's setup and verifiers
// on the mock phone. Unless the caller says the workspace is trusted, its `shell` parts do not
// run — the setup step is noted as skipped, the shell verifier reported skipped — and with
// `trusted: true` they do. (The default was trusted, so an untrusted workspace ran them.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mockPhoneForTask } from '../studio/phones';
import { instancesOf } from '../studio/task-runner';
import { flattenResults } from '../task/verifiers/evaluate';
import { Demonstration } from './demonstration';
import { DeviceRegistry } from './devices/registry';
import { PanelHub } from './panel-hub';

const wifiTask = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'untrusted-workspace', 'wifi-on.task.yaml');

async function demonstrate(trusted: boolean | undefined) {
  const instances = await instancesOf(wifiTask, 'trust.wifi-on');
  const phone = await mockPhoneForTask(instances[0]);
  const registry = new DeviceRegistry();
  registry.add(phone, 'Mock phone 1');
  const hub = new PanelHub(registry, { log: () => {}, copyText: async () => {}, frameEncoding: () => 'base64' });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-demo-trust-'));
  try {
    const demo = Demonstration.start({ hub, deviceId: phone.id, goal: instances[0].goal, root, task: instances[0], setup: true, ...(trusted === undefined ? {} : { trusted }) });
    // The person finishes at once: what is on the phone is what the setup left.
    const { summary } = await demo.stop();
    const wifiOn = phone.getSetting('global', 'wifi_on');
    const shellVerifier = flattenResults(summary.verify?.results ?? []).find((r) => r.kind === 'shell');
    return { summary, wifiOn, shellVerifier };
  } finally {
    await phone.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

test('a demonstration of a task leaves its shell parts out unless told the workspace is trusted', async () => {
  const untrusted = await demonstrate(undefined);
  assert.equal(untrusted.wifiOn, '1', 'the setup shell step (settings put global wifi_on 0) ran');
  assert.deepEqual(untrusted.summary.notes, ['setup.shell skipped: shell steps do not run in an untrusted workspace (1 command)']);
  assert.equal(untrusted.shellVerifier?.skipped, true);

  const trusted = await demonstrate(true);
  assert.equal(trusted.wifiOn, '0', 'the setup shell step did not run');
  assert.equal(trusted.summary.notes, undefined);
  assert.equal(trusted.shellVerifier?.skipped, undefined);
  assert.equal(trusted.shellVerifier?.passed, false, 'Wi-Fi stays off: the verifier ran and saw it');
});
