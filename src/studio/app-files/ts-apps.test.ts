// TypeScript apps (*.app.ts): the example app (apps-examples/tally.app.ts) loads beside a YAML
// app and runs on the phone; where app code may not run it is refused with a message naming the
// file while the YAML app loads; every kind of failure — syntax, a throw at load, a default
// export that is no app, a throw at render, at seed time — names the file and line, and the
// phone goes on. The tests run under tsx, which strips the types as Node ≥ 22.18 does natively.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { find, findAll, tapNode } from '../../mockphone/testing';
import { phoneApps } from '../phone-apps';
import { mockPhoneForTask } from '../phones';
import { workspaceApps } from '../workspace-apps';
import { appCodeAllowed, setAppCodeAllowed } from './app-code-policy';
import { watchWorkspaceApps, type AppsReload } from './watch-apps';
import { PANTRY_PACKAGE, pantryWorkspace } from './testing/pantry-app';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const EXAMPLES = path.join(ROOT, 'apps-examples');
const TALLY = fs.readFileSync(path.join(EXAMPLES, 'tally.app.ts'), 'utf8');
const TALLY_PACKAGE = 'com.example.tally';

const spaces: { cleanup(): void }[] = [];
after(() => { for (const w of spaces) w.cleanup(); setAppCodeAllowed(false); });

/** A temporary workspace: the pantry (YAML) and the given app files under apps/. */
function workspace(apps: Record<string, string>): { appsDir: string } {
  const ws = pantryWorkspace(Object.fromEntries(Object.entries(apps).map(([name, text]) => [`apps/${name}`, text])));
  spaces.push(ws);
  return ws;
}
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

test('a TypeScript app loads beside a YAML app and runs on the phone: its list, its detail, its database', async () => {
  setAppCodeAllowed(true);
  const ws = workspace({ 'tally.app.ts': TALLY });
  const cat = await workspaceApps(ws.appsDir);
  assert.deepEqual(cat.diagnostics.filter((d) => d.severity === 'error'), []);
  assert.deepEqual(cat.codeApps?.map((a) => a.info.package), [TALLY_PACKAGE]);
  assert.ok(cat.infos.some((i) => i.package === TALLY_PACKAGE && /CREATE TABLE counters/.test(i.database?.schema ?? '')), 'its schema is known to task files');
  assert.ok(cat.infos.some((i) => i.package === PANTRY_PACKAGE), 'the YAML app loads too');

  const p = await mockPhoneForTask({ seed: 3 }, { appsDir: ws.appsDir });
  await p.openApp(TALLY_PACKAGE);
  assert.equal((await find(p, { id: 'toolbar_title' })).text, 'Tally');
  assert.equal((await findAll(p, { id: 'bar' })).length, 3, 'one bar per seeded counter');
  const before = (await p.queryApp!(TALLY_PACKAGE, "SELECT count FROM counters WHERE name = 'Push-ups'"))[0].count as number;
  await tapNode(p, { desc: 'Push-ups' });
  await tapNode(p, { id: 'count_plus' });
  assert.equal((await find(p, { id: 'count_value' })).text, String(before + 1));
  assert.deepEqual(await p.queryApp!(TALLY_PACKAGE, "SELECT count FROM counters WHERE name = 'Push-ups'"), [{ count: before + 1 }]);
  await tapNode(p, { id: 'reset' });
  assert.deepEqual(await p.queryApp!(TALLY_PACKAGE, "SELECT count FROM counters WHERE name = 'Push-ups'"), [{ count: 0 }]);
});

test('where app code may not run (an untrusted workspace), a TypeScript app is refused naming the file; the YAML apps load', async () => {
  setAppCodeAllowed(false);
  // A file that would throw if it ran: being refused, it never runs.
  const ws = workspace({ 'tally.app.ts': `${TALLY}\nthrow new Error('this ran');\n` });
  const cat = await workspaceApps(ws.appsDir);
  const file = path.join(ws.appsDir, 'tally.app.ts');
  assert.deepEqual(cat.diagnostics.map((d) => [d.file, d.severity, d.message]), [[file, 'warning', `${file} is a TypeScript app: it runs code, so it loads only in a trusted workspace (trust the workspace to load it; the YAML apps load as usual)`]]);
  assert.ok(!cat.infos.some((i) => i.package === TALLY_PACKAGE));
  const p = await mockPhoneForTask({ seed: 0 }, { appsDir: ws.appsDir });
  assert.equal((await p.openApp(TALLY_PACKAGE)).ok, false, 'not installed');
  await p.openApp(PANTRY_PACKAGE);
  assert.ok((await findAll(p, { id: 'item' })).length > 0, 'the YAML app runs');
  setAppCodeAllowed(true);
});

test('worker threads started afterwards follow the thread that started them', async () => {
  const inWorker = async (): Promise<unknown> => {
    const w = new Worker("require('node:worker_threads').parentPort.postMessage(require('node:worker_threads').getEnvironmentData('phonebuddy.appCode'))", { eval: true });
    const [value] = await Promise.all([new Promise((resolve) => w.once('message', resolve)), new Promise((resolve) => w.once('exit', resolve))]);
    return value;
  };
  setAppCodeAllowed(false);
  assert.equal(appCodeAllowed(), false);
  assert.equal(await inWorker(), false);
  setAppCodeAllowed(true);
  assert.equal(await inWorker(), true);
});

test('a TypeScript app that fails to load is left out with the file and line; the others load (one whose glyph the phone lacks loads, with a warning)', async () => {
  setAppCodeAllowed(true);
  const syntax = TALLY.replace('const most = Math.max(', 'const most = Math.max((');
  const atLoad = `${TALLY}\nconst table: Record<string, number> = {};\nif (table.x === undefined) throw new Error('no table at load');\n`;
  const throwsInDefault = TALLY.replace('  const { appBar,', "  if (kit) throw new Error('kit refused');\n  const { appBar,");
  const notAnApp = 'export default { package: "com.example.half", label: "Half" };\n';
  const noHome = TALLY.replace("home: 'list'", "home: 'start'").replace('com.example.tally', 'com.example.nohome');
  const blankIcon = TALLY.replace("glyph: 'add'", "glyph: 'ad' as 'add'").replace('com.example.tally', 'com.example.blank');
  const ws = workspace({ 'a.app.ts': syntax, 'b.app.ts': atLoad, 'c.app.ts': throwsInDefault, 'd.app.ts': notAnApp, 'e.app.ts': noHome, 'f.app.ts': TALLY.replace('com.example.tally', 'com.phonebuddy.notes'), 'g.app.ts': blankIcon });
  const cat = await workspaceApps(ws.appsDir);
  const at = (name: string) => cat.diagnostics.filter((d) => d.file === path.join(ws.appsDir, name)).map((d) => `${d.line}: ${d.message}`);
  assert.equal(at('a.app.ts').length, 1);
  assert.match(at('a.app.ts')[0], new RegExp(`^${lineOf(syntax, 'const most = Math.max((') + 1}: the app fails to load: |^${lineOf(syntax, 'const most = Math.max((')}: the app fails to load: `), 'a syntax error: at (or just after) its line');
  assert.deepEqual(at('b.app.ts'), [`${lineOf(atLoad, "throw new Error('no table at load')")}: the app fails to load: no table at load`]);
  assert.deepEqual(at('c.app.ts'), [`${lineOf(throwsInDefault, "throw new Error('kit refused')")}: the app's default export throws: kit refused`]);
  assert.deepEqual(at('d.app.ts'), ['1: the manifest needs an `icon` with `glyph` and `bg`']);
  assert.deepEqual(at('e.app.ts'), [`${lineOf(noHome, 'export default')}: the manifest's \`home\` must name one of its screens (list, detail)`]);
  assert.deepEqual(at('f.app.ts'), [`${lineOf(TALLY, 'com.example.tally')}: package com.phonebuddy.notes is a built-in app's: a TypeScript app cannot replace a built-in, choose another package (this app is left out)`]);
  // A glyph the phone lacks (cast past the typed API): a warning at its line; the app loads.
  assert.deepEqual(at('g.app.ts'), [`${lineOf(blankIcon, "glyph: 'ad'")}: icon glyph 'ad' is not one the phone has: the launcher icon draws none (did you mean 'add'?); the glyphs are in src/mockphone/ui/icons.ts`]);
  assert.equal(cat.diagnostics.find((d) => d.file.endsWith('g.app.ts'))!.severity, 'warning');
  assert.deepEqual(cat.codeApps?.map((a) => a.info.package), ['com.example.blank']);
  assert.ok(cat.infos.some((i) => i.package === PANTRY_PACKAGE));
});

test('a TypeScript app that throws at render shows its crash screen with the file and line; at seed time too; the phone goes on', async () => {
  setAppCodeAllowed(true);
  const atRender = TALLY.replace('    const id = Number(ctx.screen.params.id);', "    const id = Number(ctx.screen.params.id);\n    if (id > 0) throw new Error('detail broke');");
  const atSeed = TALLY.replace('com.example.tally', 'com.example.seedless').replace("label: { 'en-US': 'Tally', 'zh-CN': '计数' }", "label: 'Seedless'")
    .replace('        for (const name of names)', "        if (names.length) throw new Error('no seed today');\n        for (const name of names)");
  const ws = workspace({ 'tally.app.ts': atRender, 'seedless.app.ts': atSeed });
  const renderFile = path.join(ws.appsDir, 'tally.app.ts');
  const seedFile = path.join(ws.appsDir, 'seedless.app.ts');
  const { diagnostics } = await phoneApps(ws.appsDir);
  const seedLine = lineOf(atSeed, "throw new Error('no seed today')");
  assert.ok(diagnostics.some((d) => d.file === seedFile && d.line === seedLine && /the seed fails \(en-US\): .*no seed today/.test(d.message)), JSON.stringify(diagnostics));

  const p = await mockPhoneForTask({ seed: 0 }, { appsDir: ws.appsDir });
  const heard = new Set<string>();
  p.onAppFault((pkg, message) => heard.add(`${pkg} ${message}`)); // what the Problems view is told (live-apps.ts)
  await p.openApp(TALLY_PACKAGE);
  await tapNode(p, { desc: 'Push-ups' });
  assert.equal((await find(p, { text: /has stopped/ })).text, `Tally has stopped\n${renderFile}:${lineOf(atRender, "throw new Error('detail broke')")}: detail broke`);
  assert.deepEqual([...heard], [`${TALLY_PACKAGE} ${renderFile}:${lineOf(atRender, "throw new Error('detail broke')")}: detail broke`]);
  await p.pressKey('back');
  assert.equal((await findAll(p, { id: 'bar' })).length, 3, 'back on the list, which still renders');
  await p.openApp('com.example.seedless');
  assert.match((await find(p, { text: /has stopped/ })).text, new RegExp(`^Seedless has stopped\nits database could not be set up: ${seedFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${seedLine}: no seed today`));
  await p.openApp('com.phonebuddy.notes');
  assert.ok((await findAll(p, { id: 'note' })).length > 0, 'a built-in still works on the same phone');
});

test('the CLI runs what its user asked: `phonebuddy check --apps` loads the TypeScript app and proves a task on it', () => {
  const ws = pantryWorkspace({ 'apps/tally.app.ts': TALLY, 'tasks/tally.task.yaml': fs.readFileSync(path.join(EXAMPLES, 'tally-reset.task.yaml'), 'utf8') });
  spaces.push(ws);
  // A process of its own, as a user's command is: nothing but the CLI allows the app's code.
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src', 'cli', 'main.ts'), 'check', '--apps', ws.appsDir, '--no-mutations', '--seeds', '1', '--actuation', 'phonebuddy', path.join(ws.root, 'tasks', 'tally.task.yaml')], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout, /✓ tally\.reset_pushups/);
  assert.match(r.stdout, /1\/1 instances proven; 0 errors/);
});

test('a saved TypeScript app reloads on the phone, keeping the screen; a broken save keeps the last good version', async () => {
  setAppCodeAllowed(true);
  const ws = workspace({ 'tally.app.ts': TALLY });
  const file = path.join(ws.appsDir, 'tally.app.ts');
  const reloads: AppsReload[] = [];
  let wake: (() => void) | undefined;
  const watcher = await watchWorkspaceApps(ws.appsDir, (r) => { reloads.push(r); wake?.(); }, (e) => { throw e; });
  const save = async (text: string, shows: (r: AppsReload) => boolean): Promise<AppsReload> => {
    const n = reloads.length;
    fs.writeFileSync(file, text);
    for (;;) {
      const r = reloads.slice(n).findLast(shows);
      if (r) return r;
      await new Promise<void>((resolve) => { wake = resolve; });
    }
  };
  const tally = (r: AppsReload) => r.apps.find((a) => a.package === TALLY_PACKAGE);
  try {
    const p = await mockPhoneForTask({ seed: 1 }, { appsDir: ws.appsDir });
    await p.openApp(TALLY_PACKAGE);
    await tapNode(p, { desc: 'Push-ups' });
    const renamed = await save(TALLY.replace("reset: 'Reset'", "reset: 'Start over'"), (r) => JSON.stringify(tally(r)?.strings).includes('Start over'));
    assert.deepEqual(renamed.diagnostics, []);
    p.setApps(renamed.apps);
    assert.equal((await find(p, { id: 'toolbar_title' })).text, 'Push-ups', 'still on the detail screen');
    assert.equal((await find(p, { id: 'reset' })).text, 'Start over', 'drawn by the new code');

    const broken = await save(TALLY.replace('const most = Math.max(', 'const most = Math.max(('), (r) => r.diagnostics.length > 0);
    assert.ok(broken.diagnostics.some((d) => d.file === file && d.severity === 'error' && /the app fails to load/.test(d.message)), JSON.stringify(broken.diagnostics));
    assert.deepEqual(broken.kept, [TALLY_PACKAGE]);
    p.setApps(broken.apps);
    assert.equal((await find(p, { id: 'reset' })).text, 'Start over', 'the last good version keeps running');
  } finally {
    watcher.close();
  }
});

test('a Node that cannot strip types: the app is left out with a message saying which Node (or flag) it needs', async () => {
  const { noTypeStripping } = await import('./load-ts-app');
  assert.match(noTypeStripping('v20.20.2'), /^this Node \(v20\.20\.2\) cannot load TypeScript: .*Node 22\.18 or later .* the app is left out$/);
  assert.match(noTypeStripping('v22.12.0'), /--experimental-strip-types/);
  assert.doesNotMatch(noTypeStripping('v22.5.1'), /--experimental-strip-types/);
  // The premise, on this machine's own Node without tsx: importing a .ts file fails with the
  // code loadTsApp maps to that message — or, on a Node that strips types, works.
  const ws = workspace({ 'tally.app.ts': TALLY });
  const url = `file://${path.join(ws.appsDir, 'tally.app.ts')}`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', `import(${JSON.stringify(url)}).then(() => console.log('loaded'), (e) => console.log(e.code))`], { encoding: 'utf8' });
  const strips = Boolean((process.features as { typescript?: unknown }).typescript);
  assert.equal(r.stdout.trim(), strips ? 'loaded' : 'ERR_UNKNOWN_FILE_EXTENSION', r.stderr);
});
