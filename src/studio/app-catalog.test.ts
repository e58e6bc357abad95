// The task-facing manifests (each app's info.ts, in the one list of infos.ts) are the installed
// apps, in the phone's order, with the same names, schemas and strings as the full manifests the
// phone runs (registry.ts joins each app's screens to that list by package).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APPS, joinManifests } from '../mockphone/apps/registry';
import { localize } from '../mockphone/apps/app';
import { mockAppCatalog, mockAppManifests } from './app-catalog';

test('every installed app has a task manifest that agrees with its full manifest', async () => {
  const manifests = mockAppManifests();
  assert.deepEqual(manifests.map((m) => m.package), APPS.map((a) => a.package));
  for (const [i, app] of APPS.entries()) {
    const m = manifests[i];
    assert.equal(m.names['en-US'], localize(app.label, 'en-US'));
    assert.equal(m.names['zh-CN'], localize(app.label, 'zh-CN'));
    assert.equal(m.schemaSql, app.database?.schema ?? '');
    assert.deepEqual(m.strings, app.strings ?? {});
  }
  const catalog = await mockAppCatalog();
  assert.ok(catalog.has('com.android.providers.settings'), 'the settings provider is in the catalogue');
  assert.ok(catalog.tables('com.phonebuddy.notes').some((t) => t.name === 'notes'));
});

test('the registry joins screens to the one list of apps, by package, in the list\'s order; a gap either way stops it', () => {
  const [a, b] = [APPS[1], APPS[2]];
  assert.deepEqual(joinManifests([{ package: b.package }, { package: a.package }], [a, b]), [b, a], 'the list\'s order, not the manifests\'');
  assert.throws(() => joinManifests([{ package: a.package }, { package: 'com.example.new' }], [a]), /built-in app com\.example\.new \(src\/mockphone\/apps\/infos\.ts\) has no manifest/);
  assert.throws(() => joinManifests([{ package: a.package }], [a, b]), new RegExp(`manifests of apps not in src/mockphone/apps/infos\\.ts: ${b.package.replace(/\./g, '\\.')}`));
});
