// Live apps: saving an app file reloads it on a running phone — the current screen stays where
// it still exists, the rows written meanwhile survive an unchanged schema — and a save that
// breaks the file keeps the last good version running while the error is reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { find, findAll, tapNode } from '../../mockphone/testing';
import { mockPhoneForTask } from '../phones';
import { PANTRY_APP, PANTRY_PACKAGE, pantryWorkspace } from './testing/pantry-app';
import { watchWorkspaceApps, type AppsReload } from './watch-apps';

test('a saved app file reloads on the phone, keeping the screen; a broken save keeps the last good app', async () => {
  const ws = pantryWorkspace();
  const file = path.join(ws.appsDir, 'pantry.app.yaml');
  const reloads: AppsReload[] = [];
  let wake: (() => void) | undefined;
  const watcher = await watchWorkspaceApps(ws.appsDir, (r) => { reloads.push(r); wake?.(); }, (e) => { throw e; });
  /** Writes the file and waits for a reload that shows it (the watcher may report one save more than once). */
  const save = async (text: string, shows: (r: AppsReload) => boolean): Promise<AppsReload> => {
    const n = reloads.length;
    fs.writeFileSync(file, text);
    for (;;) {
      const r = reloads.slice(n).findLast(shows);
      if (r) return r;
      await new Promise<void>((resolve) => { wake = resolve; });
    }
  };
  const pantry = (r: AppsReload) => r.apps.find((a) => a.package === PANTRY_PACKAGE);
  try {
    const p = await mockPhoneForTask({ seed: 1 }, { appsDir: ws.appsDir });
    await p.openApp(PANTRY_PACKAGE);
    await tapNode(p, { id: 'add_item' });
    await p.typeText('Honey');
    await tapNode(p, { id: 'save' }); // a row written in this session
    await tapNode(p, { desc: 'Rice' });
    assert.equal((await find(p, { id: 'name' })).text, '');

    const renamed = await save(PANTRY_APP.replace('name: Name,', 'name: Item name,').replace('Pantry, zh-CN', 'Larder, zh-CN'), (r) => JSON.stringify(pantry(r)?.label).includes('Larder'));
    assert.deepEqual(renamed.diagnostics, []);
    p.setApps(renamed.apps);
    assert.equal(await p.foregroundApp(), PANTRY_PACKAGE);
    assert.equal((await find(p, { id: 'toolbar_title' })).text, 'Rice', 'still on the detail screen');
    assert.deepEqual((await findAll(p, { text: /name$/ })).map((n) => n.text), ['Item name'], 'with the new label');
    assert.equal((await p.queryApp(PANTRY_PACKAGE, "SELECT COUNT(*) AS n FROM items WHERE name = 'Honey'"))[0].n, 1, 'the schema is unchanged: the session\'s row survives');
    await p.pressKey('home');
    assert.ok((await findAll(p, { id: 'app_icon', desc: 'Larder' })).length === 1, 'the launcher shows the new name');

    const broken = await save(PANTRY_APP.replace('module: detail', 'module: detial'), (r) => r.diagnostics.length > 0);
    assert.ok(broken.diagnostics.some((d) => d.file === file && d.severity === 'error' && /module must be one of/.test(d.message)));
    assert.deepEqual(broken.kept, [PANTRY_PACKAGE]);
    p.setApps(broken.apps);
    assert.ok((await findAll(p, { id: 'app_icon', desc: 'Larder' })).length === 1, 'the last good version keeps running');

    const reshaped = await save(PANTRY_APP.replace('added_at INTEGER NOT NULL DEFAULT 0', 'added_at INTEGER NOT NULL DEFAULT 0, note TEXT'), (r) => pantry(r)?.database?.schema.includes('note TEXT') === true);
    p.setApps(reshaped.apps);
    assert.equal((await p.queryApp(PANTRY_PACKAGE, "SELECT COUNT(*) AS n FROM items WHERE name = 'Honey'"))[0].n, 0, 'a changed schema is seeded anew');
    assert.deepEqual(await p.queryApp(PANTRY_PACKAGE, "SELECT note FROM items WHERE name = 'Rice'"), [{ note: null }]);
  } finally {
    watcher.close();
    ws.cleanup();
  }
});
