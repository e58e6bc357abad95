// What `check` proves of app files beyond loading them: seeds deterministic at several seeds in
// every locale (a failure at seed 1 only, a column default that calls random()), and every
// tappable element of every screen reached from the launcher addressable in the UI tree (a
// hand-written screen with an unnamed button; a screen no tap reaches). Each at its file and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppManifest, Screen } from '../../mockphone/apps/app';
import { col } from '../../mockphone/ui/view';
import { phoneApps } from '../phone-apps';
import { checkAppFiles } from './check-apps';
import { PANTRY_APP, PANTRY_PACKAGE, pantryWorkspace } from './testing/pantry-app';
import { walkAppScreens } from './ui-check';

const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

test('the example app passes: its seeds are deterministic and the walk reaches and checks all four screens in both locales', async () => {
  const ws = pantryWorkspace();
  try {
    assert.deepEqual(await checkAppFiles(ws.appsDir), []);
    const { apps } = await phoneApps(ws.appsDir);
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const walk = await walkAppScreens(apps!, PANTRY_PACKAGE, { locale });
      assert.deepEqual(walk.reached, ['items', 'detail', 'edit', 'prefs'], locale);
      assert.deepEqual(walk.problems, []);
    }
  } finally {
    ws.cleanup();
  }
});

test('a seed that fails at seed 1 only: loading (seed 0) is clean, check names the generator\'s line and the seed', async () => {
  // Unique names drawn from six: seed 0 draws no two alike, seed 1 does.
  const app = PANTRY_APP.replace('name TEXT NOT NULL,', 'name TEXT NOT NULL UNIQUE,').replace('count: [2, 4]', 'count: [1, 2]').replace('[Beans, Pasta, Flour, Tea]', '[Beans, Pasta, Flour, Tea, Salt, Oats]');
  const ws = pantryWorkspace({ 'apps/pantry.app.yaml': app });
  try {
    assert.deepEqual((await phoneApps(ws.appsDir)).diagnostics, [], 'seed 0 seeds');
    const ds = await checkAppFiles(ws.appsDir);
    assert.equal(ds.length, 1, JSON.stringify(ds));
    assert.equal(ds[0].severity, 'error');
    assert.equal(ds[0].file, `${ws.appsDir}/pantry.app.yaml`);
    assert.equal(ds[0].line, lineOf(app, '- table: items'));
    assert.match(ds[0].message, /the seed fails \((?:en-US|zh-CN), seed 1\): .*UNIQUE constraint failed: items\.name/);
  } finally {
    ws.cleanup();
  }
});

test('a column default that calls random(): the seed is not deterministic, at the table\'s CREATE TABLE line, naming the column', async () => {
  const app = PANTRY_APP.replace('added_at INTEGER NOT NULL DEFAULT 0', 'added_at INTEGER NOT NULL DEFAULT 0, token INTEGER NOT NULL DEFAULT (random())');
  const ws = pantryWorkspace({ 'apps/pantry.app.yaml': app });
  try {
    const ds = await checkAppFiles(ws.appsDir);
    const errors = ds.filter((d) => d.severity === 'error');
    assert.equal(errors.length, 1, JSON.stringify(ds));
    assert.equal(errors[0].line, lineOf(app, 'CREATE TABLE items'));
    assert.match(errors[0].message, /the seed is not deterministic \(en-US, seed 0\): .*items differs at row 1, column token/);
  } finally {
    ws.cleanup();
  }
});

test('a screen with a tappable element that has no resource-id, text or content-desc is named; so is a screen no tap reaches', async () => {
  const ws = pantryWorkspace();
  try {
    const { apps } = await phoneApps(ws.appsDir);
    const pantry = apps!.find((a) => a.package === PANTRY_PACKAGE)!;
    // The settings screen, as a hand-written screen could draw it: a bare icon button beside it.
    const unnamed: Screen = (ctx) => {
      const out = pantry.screens.prefs(ctx);
      return { ...out, view: col({ flex: 1 }, out.view, { icon: 'add', width: 48, height: 48, onClick: () => ctx.toast('added') }) };
    };
    const broken: AppManifest = { ...pantry, screens: { ...pantry.screens, prefs: unnamed, orphan: pantry.screens.prefs } };
    const walk = await walkAppScreens(apps!.map((a) => (a === pantry ? broken : a)), PANTRY_PACKAGE);
    const errors = walk.problems.filter((p) => p.severity === 'error');
    assert.equal(errors.length, 1, JSON.stringify(walk.problems));
    assert.equal(errors[0].screen, 'prefs');
    assert.match(errors[0].message, /^a tappable \S+ at \[\d+,\d+\]\[\d+,\d+\] has no resource-id, text or content-desc/);
    assert.deepEqual(walk.problems.filter((p) => p.severity === 'warning').map((p) => p.screen), ['orphan']);
    // A screen that throws when drawn (its crash screen has nothing to tap) is an error too, with why.
    const throws: AppManifest = { ...pantry, screens: { ...pantry.screens, prefs: () => { throw new Error('pantry.app.yaml:77: no such column'); } } };
    const crashed = await walkAppScreens(apps!.map((a) => (a === pantry ? throws : a)), PANTRY_PACKAGE);
    assert.deepEqual(crashed.problems.filter((p) => p.severity === 'error').map((p) => `${p.screen}: ${p.message}`), ['prefs: the screen fails when it is drawn: pantry.app.yaml:77: no such column']);
  } finally {
    ws.cleanup();
  }
});

test('a tabs screen\'s tabs count as reached: the walk taps each tab inside it and checks its elements there', async () => {
  // The pantry's list and settings as the two tabs of a bottom bar: the stack's top stays
  // `main`, so a walk not told the tabs never names `items`; check tells it, and the tabs'
  // screens are reached and checked (no "not reached" warning).
  const app = PANTRY_APP.replace('home: items\nscreens:\n', 'home: main\nscreens:\n  main:\n    module: tabs\n    tabs:\n      - { label: Items, icon: note, id: tab_items, screen: items }\n      - { label: Settings, icon: settings, id: tab_prefs, screen: prefs }\n');
  assert.notEqual(app, PANTRY_APP);
  const ws = pantryWorkspace({ 'apps/pantry.app.yaml': app });
  try {
    const { apps } = await phoneApps(ws.appsDir);
    const walk = await walkAppScreens(apps!, PANTRY_PACKAGE);
    assert.equal(walk.reached[0], 'main');
    assert.ok(!walk.reached.includes('items'), walk.reached.join(', '));
    assert.deepEqual(await checkAppFiles(ws.appsDir), []);
  } finally {
    ws.cleanup();
  }
});

test('a tabs screen\'s tabs are the screens an agent is on: the walk reaches them (getaway\'s chat and trips tabs), not only the tabs screen', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-tabs-walk-'));
  try {
    fs.copyFileSync(path.join(__dirname, '..', '..', '..', 'apps-examples', 'getaway.app.yaml'), path.join(dir, 'getaway.app.yaml'));
    assert.deepEqual(await checkAppFiles(dir), []);
    const { apps } = await phoneApps(dir);
    const walk = await walkAppScreens(apps!, 'com.example.getaway', { tabs: { main: ['chat', 'trips'] } });
    assert.ok(['chat', 'trips', 'main'].every((s) => walk.reached.includes(s)), walk.reached.join(', '));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
