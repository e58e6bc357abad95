// Setup on the real mock phone: reset, SQL fixtures with bound params, clipboard, virtual time,
// perturbations through the phone's interference engine, start app, and clear errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from '../mockphone';
import { runSetup } from './setup';

const NOTES = 'com.phonebuddy.notes';

test('setup: fixtures, clipboard, time, perturbations, start app', async () => {
  const phone = await createMockPhone({ seed: 3 });
  try {
    await runSetup(phone, {
      sql: { [NOTES]: ["INSERT INTO notes (title, body, created_at, updated_at) VALUES (:title, 'x', 0, 0)"] },
      clipboard: 'stale {title}',
      time: '2026-03-02T12:00:00Z',
      perturbations: [{ name: 'update_prompt', apps: [NOTES] }],
      start_app: NOTES,
    }, { title: "O'Brien's list" }, 3, 'en-US', { trusted: true });
    const rows = await phone.queryApp(NOTES, 'SELECT title FROM notes WHERE title = ?', ["O'Brien's list"]);
    assert.equal(rows.length, 1, 'the param was bound, quote and all');
    const snap = await phone.snapshot();
    assert.equal(snap.state.clipboard, "stale O'Brien's list");
    const t = Date.parse('2026-03-02T12:00:00Z');
    assert.ok(phone.now() >= t && phone.now() < t + 1000, `clock at ${new Date(phone.now()).toISOString()} (launching the app takes a little virtual time)`);
    assert.equal(await phone.foregroundApp(), NOTES);
    assert.match(await phone.uiTree(), /update_later/, 'the update prompt covers the app');
  } finally {
    await phone.close();
  }
});

test('setup: clear errors for what the device cannot do', async () => {
  const phone = await createMockPhone({ seed: 0 });
  try {
    // the mock phone switches to a task's locale (re-seeding its content), but speaks only two
    await runSetup(phone, {}, {}, 0, 'zh-CN', { trusted: true });
    assert.equal(phone.props()['persist.sys.locale'], 'zh-CN');
    await assert.rejects(runSetup(phone, {}, {}, 0, 'fr-FR', { trusted: true }), /locale must be 'en-US' or 'zh-CN', got "fr-FR"/);
    await runSetup(phone, {}, {}, 0, 'en-US', { trusted: true });
    await assert.rejects(runSetup(phone, { time: '2020-01-01T00:00:00Z' }, {}, 0, undefined, { trusted: true }), /before the phone's clock/);
    await assert.rejects(runSetup(phone, { sql: { [NOTES]: ['INSERT INTO nope VALUES (1)'] } }, {}, 0, undefined, { trusted: true }), /setup.sql for com.phonebuddy.notes failed: .*no such table: nope/);
    await assert.rejects(runSetup(phone, { perturbations: [{ name: 'earthquake' }] }, {}, 0, undefined, { trusted: true }), /setup.perturbations: .*earthquake/);
    const warnings: string[] = [];
    await runSetup(phone, { shell: ['echo hi'] }, {}, 0, undefined, { trusted: false, warn: (m) => warnings.push(m) });
    assert.match(warnings[0], /setup.shell skipped: shell steps do not run in an untrusted workspace/);
  } finally {
    await phone.close();
  }
});
