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

test('mini-program app files: their tables in Chat\'s task catalogue under mp_<key>_; a taken key, Chat\'s own key or no host is an error naming the file', async () => {
  const mini = (pkg: string, key: string, host = 'com.phonebuddy.chat') => PANTRY_APP.replace(`package: ${PANTRY_PACKAGE}`, `package: ${pkg}\nminiProgram: { host: ${host}, key: ${key} }`);
  const ws = pantryWorkspace({ 'apps/a.app.yaml': mini('com.example.a', 'larder'), 'apps/b.app.yaml': mini('com.example.b', 'larder'), 'apps/c.app.yaml': mini('com.example.c', 'travel'), 'apps/d.app.yaml': mini('com.example.d', 'shelf', 'com.phonebuddy.notes') });
  try {
    const apps = await workspaceApps(ws.appsDir);
    assert.deepEqual(apps.miniPrograms?.map((m) => m.info.package), ['com.example.a'], 'the first of a key loads');
    assert.deepEqual(apps.apps.map((a) => a.info.package), [PANTRY_PACKAGE], 'no launcher app for a mini-program');
    const errors = apps.diagnostics.filter((d) => d.severity === 'error').map((d) => `${path.basename(d.file)}: ${d.message}`);
    assert.equal(errors.length, 3, errors.join('\n'));
    assert.match(errors.find((e) => e.startsWith('b.app.yaml'))!, /'larder' is already declared by .*a\.app\.yaml/);
    assert.match(errors.find((e) => e.startsWith('c.app.yaml'))!, /'travel' is com\.phonebuddy\.chat's own mini-program/);
    assert.ok(errors.some((e) => e.startsWith('d.app.yaml')), 'a host that holds no mini-programs');
    const tables = (await mockAppCatalog(ws.appsDir)).tables('com.phonebuddy.chat').map((t) => t.name);
    assert.ok(tables.includes('mp_larder_items') && tables.includes('mp_larder_prefs') && tables.includes('mini_programs'), tables.join(', '));
  } finally {
    ws.cleanup();
  }
});

// A multi-root workspace: its folders' apps folders, joined like PATH, are one catalogue —
// folder by folder — so a phone runs every folder's apps, a package declared in two folders
// is an error at the later file naming the earlier one's folder, and a save in any folder
// reloads (watchWorkspaceApps watches each).
test('several apps folders (path.delimiter): one catalogue, a clash across folders named, a save in the second reloads', async () => {
  const { joinAppsDirs } = await import('./app-files/find-app-files');
  const { phoneApps } = await import('./phone-apps');
  const { watchWorkspaceApps } = await import('./app-files/watch-apps');
  const a = pantryWorkspace();
  const b = pantryWorkspace({ 'apps/pantry.app.yaml': PANTRY_APP.replace(PANTRY_PACKAGE, 'com.example.larder'), 'apps/again.app.yaml': PANTRY_APP });
  try {
    const both = joinAppsDirs([a.appsDir, b.appsDir])!;
    assert.equal(both, `${a.appsDir}${path.delimiter}${b.appsDir}`);
    const cat = await workspaceApps(both);
    assert.deepEqual(cat.apps.map((x) => x.info.package), [PANTRY_PACKAGE, 'com.example.larder'], "the first folder's app, then the second's");
    const clash = cat.diagnostics.filter((d) => d.severity === 'error');
    assert.equal(clash.length, 1, JSON.stringify(cat.diagnostics));
    assert.equal(clash[0].file, path.join(b.appsDir, 'again.app.yaml'));
    assert.equal(clash[0].message, `package ${PANTRY_PACKAGE} is already declared by ${path.join(a.appsDir, 'pantry.app.yaml')} (another workspace folder's apps, ${a.appsDir}): two apps cannot share a package (this one is left out)`);
    assert.ok((await phoneApps(both)).apps?.some((m) => m.package === 'com.example.larder'), "a phone runs the second folder's app");
    // A task file's SQL completion on the second folder's app: its tables after FROM.
    const { mockAppCatalog } = await import('./app-catalog');
    const { completeAt } = await import('../task/language/completion');
    const task = 'id: a\napps: [com.example.larder]\nverify:\n  sql:\n    app: com.example.larder\n    query: SELECT qty FROM ';
    assert.deepEqual(completeAt(task, task.length, await mockAppCatalog(both)).map((e) => e.label), ['items', 'prefs']);

    let wake: (() => void) | undefined;
    const seen: string[][] = [];
    const watcher = await watchWorkspaceApps(both, (r) => { seen.push(r.apps.map((m) => m.package)); wake?.(); });
    try {
      fs.writeFileSync(path.join(b.appsDir, 'again.app.yaml'), PANTRY_APP.replace(PANTRY_PACKAGE, 'com.example.cellar'));
      while (!seen.some((s) => s.includes('com.example.cellar'))) await new Promise<void>((resolve) => { wake = resolve; });
    } finally {
      watcher.close();
    }
  } finally {
    a.cleanup();
    b.cleanup();
  }
});
