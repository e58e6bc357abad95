// Wall-clock mode: a served phone's timers run while an outside client pauses in real time
// (PhoneBuddy's runner sleeps 3 s before each step), as an emulator's do. Virtual mode stays
// still until driven, so in-process runs are reproducible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMockPhone } from './index';

const banner = [{ name: 'notification_banner' as const, probability: 1, apps: ['com.phonebuddy.notes'], params: { afterMs: 150, title: 'Grace Kim', text: 'Are you coming tonight?' } }];

test('wall clock: time and timers follow real time with nobody driving the phone', async () => {
  const phone = await createMockPhone({ clock: 'wall' });
  assert.equal(phone.clockMode(), 'wall');
  phone.setInterference(banner);
  await phone.openApp('com.phonebuddy.notes');
  const t0 = phone.now();
  assert.doesNotMatch(await phone.uiTree(), /Are you coming tonight/);
  await sleep(400);
  const t1 = phone.now();
  // Loose bounds: on a loaded 2-core CI machine the catch-up lags real time by tens of ms.
  assert.ok(t1 - t0 >= 250 && t1 - t0 < 5000, `virtual time moved ${t1 - t0} ms in ~400 ms of real time`);
  assert.match(await phone.uiTree(), /Are you coming tonight/, 'the banner due after 150 ms is showing');
  // a wait jumps ahead, and real time keeps running from there
  await phone.wait(10_000);
  assert.ok(phone.now() - t1 >= 10_000);
  // reset starts following again from the fresh start time
  await phone.reset(0);
  const r0 = phone.now();
  await sleep(120);
  assert.ok(phone.now() - r0 >= 60, `virtual time moved ${phone.now() - r0} ms in ~120 ms of real time`);
  await phone.close();
});

test('virtual clock (default): nothing moves until the phone is driven; bad modes are named', async () => {
  const phone = await createMockPhone();
  assert.equal(phone.clockMode(), 'virtual');
  phone.setInterference(banner);
  await phone.openApp('com.phonebuddy.notes');
  const t0 = phone.now();
  await sleep(300);
  assert.equal(phone.now(), t0);
  assert.doesNotMatch(await phone.uiTree(), /Are you coming tonight/);
  await phone.wait(200);
  assert.match(await phone.uiTree(), /Are you coming tonight/);
  assert.throws(() => phone.setClockMode('real' as never), /clock must be 'virtual' or 'wall', got "real"/);
  await assert.rejects(createMockPhone({ clock: 'fast' as never }), /options\.clock must be 'virtual' or 'wall'/);
  await phone.close();
});
