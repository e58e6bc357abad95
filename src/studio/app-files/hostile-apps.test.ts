// Bad input in app files, modelled on the task files' hostile-input tests: every problem is a
// diagnostic naming the file and line, the app with it is left out (or, failing at seed or
// render time, shows why on its own screen), the other apps keep working and the phone never
// crashes.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSql } from '../../mockphone/runtime/database';
import { find, findAll, tapNode } from '../../mockphone/testing';
import type { Diagnostic } from '../../task/diagnostic';
import { phoneApps } from '../phone-apps';
import { mockPhoneForTask } from '../phones';
import { workspaceApps } from '../workspace-apps';
import { parseAppFile } from './parse-app-file';
import { PANTRY_APP, PANTRY_PACKAGE, pantryWorkspace } from './testing/pantry-app';

const spaces: { cleanup(): void }[] = [];
after(() => { for (const w of spaces) w.cleanup(); });

const sqlP = loadSql();
async function problems(text: string): Promise<Diagnostic[]> {
  return parseAppFile(text, 'bad.app.yaml', await sqlP).diagnostics.filter((d) => d.severity === 'error');
}
/** The 1-based line of the first line of `text` holding `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const has = (ds: Diagnostic[], line: number, re: RegExp) => assert.ok(ds.some((d) => d.line === line && re.test(d.message)), JSON.stringify(ds, null, 1));

const MINI = `package: com.example.mini
label: Mini
database:
  schema: CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
home: list
screens:
  list:
    module: list
    query:
      sql: SELECT id, name FROM t
    item: { title: row.name }
`;

const FRIENDS = `package: com.example.friends
label: Friends
database:
  schema: CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, fav INTEGER NOT NULL DEFAULT 0);
  seed: { generate: [{ table: people, count: [5, 9], values: { name: { name: full }, fav: { int: [0, 1] } } }] }
strings: { en-US: { find: Find a friend, favs: Favourites, all: Everyone, none: No friends, nobody: 'Nobody called {q}' } }
home: people
screens:
  people:
    module: people
    search: { hint: '@find' }
    query: { sql: "SELECT id, name, fav FROM people WHERE (? = '' OR name LIKE '%' || ? || '%') ORDER BY name", args: [search, search] }
    item: { id: friend, name: row.name }
    favorites: { when: row.fav == 1, labels: ['@favs', '@all'] }
    letters: row.name
    empty: { text: '@none', searching: '@nobody' }
`;

test('the example apps are clean', async () => {
  assert.deepEqual(await problems(PANTRY_APP), []);
  assert.deepEqual(await problems(MINI), []);
  assert.deepEqual(await problems(FRIENDS), []);
});

test('the people module from YAML: favourites, letter groups, the seed\'s people, a search that finds nobody', async () => {
  const ws = pantryWorkspace({ 'apps/friends.app.yaml': FRIENDS });
  spaces.push(ws);
  const p = await mockPhoneForTask({ seed: 2 }, { appsDir: ws.appsDir });
  await p.openApp('com.example.friends');
  const rows = await p.queryApp('com.example.friends', 'SELECT name, fav FROM people ORDER BY name');
  const favs = rows.filter((r) => r.fav === 1).map((r) => String(r.name));
  assert.ok(favs.length > 0 && favs.length < rows.length, `seed 2 gives some favourites: ${JSON.stringify(rows)}`);
  const shown = (await findAll(p, { id: 'friend' })).map((n) => n.desc);
  assert.deepEqual(shown.slice(0, favs.length), favs, 'favourites on top, in name order');
  assert.equal((await findAll(p, { text: 'Favourites' })).length, 1);
  assert.equal((await findAll(p, { id: 'section' }))[0].text, [...String(rows[0].name)][0].toUpperCase(), 'then letter groups');
  await tapNode(p, { id: 'search_bar' });
  await p.typeText('Zzz');
  assert.equal((await find(p, { text: /^Nobody called/ })).text, 'Nobody called Zzz');
});

test('malformed YAML, a non-mapping, binary junk: errors at their line, nothing loads from them', async () => {
  has(await problems('package: com.example.x\nlabel: [unclosed\nhome: a\n'), 3, /YAML/);
  has(await problems('- just\n- a list\n'), 1, /must be a mapping/);
  has(await problems('package: com.example.x\u0001\n'), 1, /control character U\+0001/);
  assert.equal(parseAppFile('', 'empty.app.yaml').spec, undefined);
});

test('bad module parameters: unknown module, missing and misspelt keys, wrong types — each on its line', async () => {
  has(await problems(MINI.replace('module: list', 'module: lst')), lineOf(MINI, 'module: list'), /screens\.list\.module must be one of "list", "form", "detail", "settings"/);
  has(await problems(MINI.replace('    query:\n      sql: SELECT id, name FROM t\n', '')), lineOf(MINI, 'module: list'), /screens\.list is missing required key 'query'/);
  has(await problems(MINI.replace('item: { title', 'item: { titel: x, title')), lineOf(MINI, 'item:'), /unknown key 'titel' in screens\.list\.item \(did you mean 'title'\?\)/);
  has(await problems(`${MINI}    fab: { icon: add, do: nothing }\n`), lineOf(MINI, 'item:') + 1, /screens\.list\.fab\.do must be a list/);
  has(await problems(`${MINI}    fab: { icon: add, do: [{ explode: true }] }\n`), lineOf(MINI, 'item:') + 1, /needs exactly one of: navigate, back, insert/);
});

test('meaning: home, navigate targets, CEL, SQL, tables, columns and strings are checked against the app itself', async () => {
  const l = (needle: string) => lineOf(MINI, needle);
  has(await problems(MINI.replace('home: list', 'home: start')), l('home: list'), /home screen 'start' is not one of the screens \(list\)/);
  has(await problems(MINI.replace('title: row.name', 'title: row.name +')), l('title: row.name'), /^CEL: /);
  has(await problems(MINI.replace('title: row.name', "title: row.name.truncate('30')")), l('title: row.name'), /^CEL: truncate's length must be a whole number ≥ 0, not '30'/);
  assert.deepEqual(await problems(MINI.replace('title: row.name', 'title: row.name.truncate(30)')), [], 'a length of 30 is fine');
  has(await problems(MINI.replace('FROM t', 'FROM nope')), l('FROM t'), /SQL: no such table: nope/);
  has(await problems(MINI.replace('SELECT id, name FROM t', 'DELETE FROM t')), l('FROM t'), /a query must only read/);
  has(await problems(MINI.replace('CREATE TABLE t', 'CREATE TABEL t')), l('schema:'), /database\.schema does not load in SQLite/);
  const nav = MINI.replace('    item: { title: row.name }\n', `    item:\n      title: row.name\n      tap: [{ navigate: detail }, { insert: { table: t, values: { nme: "'x'" } } }, { toast: '@gone' }]\n`);
  const ds = await problems(nav);
  const tapLine = lineOf(nav, 'tap:');
  has(ds, tapLine, /navigate: no screen 'detail' \(the screens are list\)/);
  has(ds, tapLine, /column 'nme' is not in table 't' \(it has id, name\)/);
  has(ds, tapLine, /no string 'gone' in strings/);
  const orphan = `${MINI}  lost:\n    module: settings\n    table: t\n    toggles: [{ key: a, title: A }]\n`;
  const warnings = parseAppFile(orphan, 'o.app.yaml', await sqlP).diagnostics.filter((x) => x.severity === 'warning');
  has(warnings, lineOf(orphan, '  lost:'), /screen 'lost' cannot be reached: no navigate action leads to it from home \('list'\)/);
});

test('a seed that fails in SQL: reported at its rows\' line before anything runs; on the phone the app says why, the others work', async () => {
  const app = PANTRY_APP.replace('- { name: Olive oil, qty: 1, price: 8.25 }', '- { name: null, qty: 1 }');
  const ws = pantryWorkspace({ 'apps/pantry.app.yaml': app });
  spaces.push(ws);
  const { diagnostics } = await phoneApps(ws.appsDir);
  const rowsLine = lineOf(app, '- { name: null, qty: 1 }');
  assert.ok(diagnostics.some((d) => d.file.endsWith('pantry.app.yaml') && d.line === rowsLine && /the seed fails \(en-US\).*seed row 2 of items: NOT NULL constraint failed: items\.name/.test(d.message)), JSON.stringify(diagnostics));
  const p = await mockPhoneForTask({ seed: 0 }, { appsDir: ws.appsDir });
  await p.openApp(PANTRY_PACKAGE);
  assert.match((await find(p, { text: /has stopped/ })).text, new RegExp(`Pantry has stopped\nits database could not be set up: .*pantry\\.app\\.yaml:${rowsLine}: seed row 2 of items: NOT NULL constraint failed`));
  await p.openApp('com.phonebuddy.notes');
  assert.ok((await findAll(p, { id: 'note' })).length > 0, 'Notes still works on the same phone');
});

test('a seed that runs away is bounded: too many rows asked is a schema error; too many in all stops at the bound', async () => {
  has(await problems(PANTRY_APP.replace('count: [2, 4]', 'count: [2, 4000000]')), lineOf(PANTRY_APP, 'count: [2, 4]'), /must be ≤ 1000/);
  const many = Array.from({ length: 12 }, () => '      - { table: items, count: [1000, 1000], values: { name: x } }').join('\n');
  const app = PANTRY_APP.replace('    generate:\n', `    generate:\n${many}\n`);
  const ws = pantryWorkspace({ 'apps/pantry.app.yaml': app });
  spaces.push(ws);
  const { diagnostics } = await phoneApps(ws.appsDir);
  assert.ok(diagnostics.some((d) => d.line === lineOf(app, '      - { table: items, count: [1000, 1000]') + 9 && /writes more than 10000 rows/.test(d.message)), JSON.stringify(diagnostics));
  const p = await mockPhoneForTask({ seed: 0 }, { appsDir: ws.appsDir });
  await p.openApp(PANTRY_PACKAGE);
  assert.match((await find(p, { text: /has stopped/ })).text, /more than 10000 rows/);
});

test('packages: a built-in\'s is refused unless the app overrides it; two apps with one package keep the first', async () => {
  const asNotes = PANTRY_APP.replace(`package: ${PANTRY_PACKAGE}`, 'package: com.phonebuddy.notes');
  const ws = pantryWorkspace({ 'apps/a-notes.app.yaml': asNotes, 'apps/z-twin.app.yaml': PANTRY_APP.replace('Pantry, zh-CN', 'Twin, zh-CN') });
  spaces.push(ws);
  const cat = await workspaceApps(ws.appsDir);
  const errs = cat.diagnostics.filter((d) => d.severity === 'error');
  assert.ok(errs.some((d) => d.file.endsWith('a-notes.app.yaml') && d.line === lineOf(asNotes, 'package:') && /com\.phonebuddy\.notes is a built-in app's: add `overrides: true`/.test(d.message)), JSON.stringify(errs));
  assert.ok(errs.some((d) => d.file.endsWith('z-twin.app.yaml') && /already declared by .*pantry\.app\.yaml/.test(d.message)), JSON.stringify(errs));
  assert.deepEqual(cat.apps.map((a) => a.info.package), [PANTRY_PACKAGE]);
  const p = await mockPhoneForTask({ seed: 0 }, { appsDir: ws.appsDir });
  assert.equal((await findAll(p, { id: 'app_icon' })).filter((n) => n.desc === 'Notes').length, 1, 'the built-in Notes is untouched');

  const ws2 = pantryWorkspace({ 'apps/a-notes.app.yaml': `overrides: true\n${asNotes}` });
  spaces.push(ws2);
  const cat2 = await workspaceApps(ws2.appsDir);
  assert.deepEqual(cat2.diagnostics.filter((d) => d.severity === 'error'), []);
  const builtinOrder = (await workspaceApps()).infos.map((i) => i.package);
  assert.deepEqual(cat2.infos.map((i) => i.package), [...builtinOrder, PANTRY_PACKAGE], 'the override takes Notes\' place');
  const p2 = await mockPhoneForTask({ seed: 0 }, { appsDir: ws2.appsDir });
  await p2.openApp('com.phonebuddy.notes');
  assert.equal((await find(p2, { id: 'toolbar_title' })).text, 'Pantry', 'the override runs in Notes\' place');
});

test('a screen that throws at render shows the app\'s crash screen naming file and line; the phone goes on', async () => {
  const app = PANTRY_APP.replace("title: '=row.name'", "title: '=row.nope'");
  const ws = pantryWorkspace({ 'apps/pantry.app.yaml': app });
  spaces.push(ws);
  const p = await mockPhoneForTask({ seed: 0 }, { appsDir: ws.appsDir });
  await p.openApp(PANTRY_PACKAGE);
  await tapNode(p, { desc: 'Rice' });
  assert.match((await find(p, { text: /has stopped/ })).text, new RegExp(`pantry\\.app\\.yaml:${lineOf(app, '  detail:')}: row\\.nope: `));
  await p.pressKey('back');
  assert.ok((await findAll(p, { id: 'item' })).length > 0, 'back on the list, which still renders');
  // An action that fails (a NOT NULL column left out) is the app's error toast, not the phone's end.
  const bad = PANTRY_APP.replace("{ toast: '@deleted' }", "{ insert: { table: items, values: { qty: '1' } } }");
  const ws2 = pantryWorkspace({ 'apps/pantry.app.yaml': bad });
  spaces.push(ws2);
  const p2 = await mockPhoneForTask({ seed: 0 }, { appsDir: ws2.appsDir });
  await p2.openApp(PANTRY_PACKAGE);
  await p2.longPress((await import('../../mockphone/testing')).center(await find(p2, { desc: 'Rice' })));
  await tapNode(p2, { id: 'delete' });
  const toast = (await p2.snapshot()).state.toast?.text ?? '';
  assert.match(toast, /^App error: .*pantry\.app\.yaml:\d+: insert failed: NOT NULL constraint failed: items\.name/);
  assert.equal(await p2.foregroundApp(), PANTRY_PACKAGE);
});
