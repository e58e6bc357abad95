// The phone runs the catalogue it is given (MockPhoneOptions.apps), not a process-wide list:
// two phones in one process can hold different apps, even two apps of one package with other
// tables, and a catalogue the phone cannot run is refused with the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from '../index';
import { findAll } from '../testing';
import type { AppManifest } from './app';
import { APPS, LAUNCHER_PACKAGE } from './registry';

const launcher = APPS.find((a) => a.package === LAUNCHER_PACKAGE)!;
const notes = APPS.find((a) => a.package === 'com.phonebuddy.notes')!;

function tiny(schema: string, rows: string): AppManifest {
  return {
    package: 'com.example.tiny', label: 'Tiny', icon: { glyph: 'apps', bg: '#000000' }, home: 'h',
    database: { file: 'tiny.db', schema, seed: (db) => db.script(rows) },
    screens: { h: () => ({ view: { text: 'tiny' } }) },
  };
}

test('a phone given launcher + Notes has those apps alone, and its launcher shows only Notes', async () => {
  const p = await createMockPhone({ apps: [launcher, notes] });
  assert.deepEqual(p.listPackages(), ['com.android.providers.settings', LAUNCHER_PACKAGE, 'com.phonebuddy.notes'].sort());
  assert.deepEqual((await findAll(p, { id: 'app_icon' })).map((n) => n.desc), ['Notes']);
  const full = await createMockPhone();
  assert.equal((await findAll(full, { id: 'app_icon' })).length, APPS.filter((a) => !a.hidden).length, 'another phone in the same process keeps the built-ins');
});

test('two catalogues with one package and other tables do not share seeded databases', async () => {
  const a = await createMockPhone({ apps: [launcher, tiny('CREATE TABLE a (x INTEGER);', 'INSERT INTO a VALUES (1);')] });
  const b = await createMockPhone({ apps: [launcher, tiny('CREATE TABLE b (y TEXT);', "INSERT INTO b VALUES ('two');")] });
  assert.deepEqual(await a.queryApp('com.example.tiny', 'SELECT x FROM a'), [{ x: 1 }]);
  assert.deepEqual(await b.queryApp('com.example.tiny', 'SELECT y FROM b'), [{ y: 'two' }]);
});

test('a catalogue with a package twice, without the launcher, or claiming the settings provider is refused', async () => {
  await assert.rejects(createMockPhone({ apps: [launcher, notes, notes] }), /options\.apps holds com\.phonebuddy\.notes twice/);
  await assert.rejects(createMockPhone({ apps: [notes] }), /options\.apps has no launcher \(com\.phonebuddy\.launcher\)/);
  await assert.rejects(createMockPhone({ apps: [launcher, { ...notes, package: 'com.android.providers.settings' }] }), /settings provider/);
});
