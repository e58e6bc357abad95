// The task-facing manifests (each app's info.ts) are the installed apps, in the registry's order,
// with the same names, schemas and strings as the full manifests the phone runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APPS } from '../mockphone/apps/registry';
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
