// One catalogue per workspace folder, cached for the process (the CLI's runs see one set of
// apps); the editor asks for a fresh one per run, which reads the folder again only when an
// app file was added, changed or removed — and the task catalogue built on it follows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mockAppCatalog } from './app-catalog';
import { PANTRY_APP, PANTRY_PACKAGE, pantryWorkspace } from './app-files/testing/pantry-app';
import { freshWorkspaceApps, workspaceApps } from './workspace-apps';

test('a saved app file: workspaceApps keeps the catalogue read, freshWorkspaceApps reads it again (and only then)', async () => {
  const ws = pantryWorkspace();
  try {
    const first = await workspaceApps(ws.appsDir);
    assert.equal(await freshWorkspaceApps(ws.appsDir), first, 'nothing changed: the same catalogue');
    const tables = async () => (await mockAppCatalog(ws.appsDir)).tables(PANTRY_PACKAGE).map((t) => t.name).sort();
    assert.deepEqual(await tables(), ['items', 'prefs']);
    fs.writeFileSync(path.join(ws.appsDir, 'pantry.app.yaml'), PANTRY_APP.replace('CREATE TABLE prefs', 'CREATE TABLE shelves (id INTEGER PRIMARY KEY, name TEXT);\n    CREATE TABLE prefs'));
    assert.equal(await workspaceApps(ws.appsDir), first, 'without asking for a fresh one, the process keeps its catalogue');
    const second = await freshWorkspaceApps(ws.appsDir);
    assert.notEqual(second, first);
    assert.deepEqual(await tables(), ['items', 'prefs', 'shelves'], 'the task catalogue follows');
    fs.writeFileSync(path.join(ws.appsDir, 'more.app.yaml'), PANTRY_APP.replace(PANTRY_PACKAGE, 'com.example.more'));
    const third = await freshWorkspaceApps(ws.appsDir);
    assert.deepEqual(third.apps.map((a) => a.info.package), ['com.example.more', PANTRY_PACKAGE], 'a new app file (file-name order)');
    fs.rmSync(path.join(ws.appsDir, 'more.app.yaml'));
    assert.deepEqual((await freshWorkspaceApps(ws.appsDir)).apps.map((a) => a.info.package), [PANTRY_PACKAGE], 'a removed one');
  } finally {
    ws.cleanup();
  }
});
