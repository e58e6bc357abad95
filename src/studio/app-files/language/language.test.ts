// The app-file language without an editor: diagnostics on the exact word with did-you-mean
// quick fixes, completion (schema-derived module kinds and parameters, action kinds, navigate
// targets, icon glyphs, strings, SQL tables and columns, CEL fields), hover, and the New Mock App scaffold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import { loadSql } from '../../../mockphone/runtime/database';
import { quickFixFor } from '../../../task/language/quick-fixes';
import type { Diagnostic } from '../../../task/diagnostic';
import { PANTRY_APP } from '../testing/pantry-app';
import { ICON_NAMES } from '../icon-glyphs';
import { APP_SCHEMA, parseAppFile } from '../parse-app-file';
import { moduleKinds } from './app-schema';
import { completeAppAt } from './completion';
import { appFileDiagnostics } from './diagnostics';
import { appHoverAt } from './hover';
import { appFileName, SCAFFOLD_MODULES, scaffoldApp, scaffoldTask } from './scaffold';
import { scaffoldTsApp } from './scaffold-ts';

const sqlP = loadSql();
const root = path.resolve(__dirname, '..', '..', '..', '..');

/** The text a diagnostic's range covers. */
function covered(text: string, d: Diagnostic): string {
  const lines = text.split('\n');
  if (d.line !== d.endLine) return `${lines[d.line - 1].slice(d.column - 1)}…`;
  return lines[d.line - 1].slice(d.column - 1, d.endColumn - 1);
}

async function diags(text: string, ws = { apps: [] as { file: string; package: string }[] }): Promise<Diagnostic[]> {
  return appFileDiagnostics(text, '/ws/apps/pantry.app.yaml', await sqlP, ws);
}

function one(ds: Diagnostic[], re: RegExp): Diagnostic {
  const d = ds.find((x) => re.test(x.message));
  assert.ok(d, `no diagnostic ${re}: ${JSON.stringify(ds.map((x) => x.message))}`);
  return d;
}

/** Offset just after `needle` (its nth occurrence) in `text`. */
function after(text: string, needle: string): number {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, needle);
  return i + needle.length;
}

const labels = (es: { label: string }[]) => es.map((e) => e.label);

test('the example app has no diagnostics at all', async () => {
  assert.deepEqual((await diags(PANTRY_APP)).map((d) => d.message), []);
});

test('diagnostics sit on the offending word, and the did-you-mean ones carry a quick fix', async () => {
  const cases: [string, string, RegExp, string, string?][] = [
    // [replace, with, message, covered text, fix]
    ['item:\n      style: row', 'item:\n      stlye: row', /unknown key 'stlye'/, 'stlye', 'style'],
    ['module: detail', 'module: detial', /must be one of/, 'detial', 'detail'],
    ['FROM items WHERE id', 'FROM itemz WHERE id', /no such table: itemz/, 'itemz', 'items'],
    ['SELECT name, qty, price FROM', 'SELECT name, qtty, price FROM', /no such column: qtty/, 'qtty', 'qty'],
    ['{ navigate: prefs }', '{ navigate: pref }', /no screen 'pref'/, 'pref', 'prefs'],
    ["title: '@title'", "title: '@titel'", /no string 'titel'/, 'titel', 'title'],
    ['delete: { table: items,', 'delete: { table: itmes,', /table 'itmes' is not in the app's database schema/, 'itmes', 'items'],
    ['where: { id: row.id } } }, { toast', 'where: { idd: row.id } } }, { toast', /column 'idd' is not in table 'items'/, 'idd', 'id'],
    ["value: string(row.qty), id: qty", "value: string(row.qyt), id: qty", /returns no column 'qyt'/, 'qyt', 'qty'],
    ["value: string(row.qty), id: qty", "value: t.nam, id: qty", /no string 'nam'/, 'nam', 'name'],
    ["body: \"'× ' + string(row.qty)\"", "body: \"'× ' + string(row.qty\"", /^CEL: /, ''],
    ["sql: 'SELECT name, qty, price FROM items WHERE id = ?'", "sql: 'DELETE FROM items WHERE id = ?'", /must only read/, "'DELETE FROM items WHERE id = ?'"],
  ];
  for (const [from, to, re, text, fix] of cases) {
    assert.ok(PANTRY_APP.includes(from), from);
    const app = PANTRY_APP.replace(from, to);
    const d = one(await diags(app), re);
    if (text) assert.equal(covered(app, d), text, `${re}: ${d.message}`);
    else assert.equal(d.line, d.endLine, 'a CEL syntax error stays on its line');
    assert.equal(quickFixFor(d.message)?.replacement, fix, d.message);
  }
});

test('warnings: a screen nobody navigates to, a string one locale lacks, params no navigate hands the screen, a form field it lacks', async () => {
  const orphan = PANTRY_APP.replace("      - { label: '@prefs', id: open_prefs, do: [{ navigate: prefs }] }\n", '');
  const d = one(await diags(orphan), /screen 'prefs' cannot be reached/);
  assert.equal(d.severity, 'warning');
  assert.equal(covered(orphan, d), 'prefs');
  const half = PANTRY_APP.replace('zh-CN: { title: 食品柜, ', 'zh-CN: { ');
  const s = one(await diags(half), /string 'title' is missing in zh-CN/);
  assert.equal(s.severity, 'warning');
  assert.equal(covered(half, s), 'title');
  // detail is given id (the list's tap): params.idd is never there.
  const idd = PANTRY_APP.replace('args: [params.id]', 'args: [params.idd]');
  const p = one(await diags(idd), /params\.idd: no navigate to screen 'detail' hands it 'idd' \(they give id\)/);
  assert.equal(p.severity, 'warning');
  assert.equal(covered(idd, p), 'idd');
  assert.equal(quickFixFor(p.message)?.replacement, 'id');
  const prefs = PANTRY_APP.replace("title: '@prefs'\n    back: true", "title: '=params.from'\n    back: true");
  assert.equal(covered(prefs, one(await diags(prefs), /params\.from: no navigate to screen 'prefs' hands it 'from' \(none gives it params\)/)), 'from');
  // A form's save puts the saved row's id in params.id: its `after` may hand it on, with a field's text.
  const onward = PANTRY_APP.replace('after: [{ back: true }]', "after: [{ navigate: detail, params: { id: params.id }, replace: true }, { toast: \"='Saved ' + fields.name\" }]");
  assert.deepEqual((await diags(onward)).map((x) => x.message), []);
  // A form's text fields are its fields' keys.
  const typo = onward.replace("fields.name\"", "fields.nmae\"");
  const f = one(await diags(typo), /fields\.nmae: screen 'edit' has no text field 'nmae' \(its fields: name, qty\)/);
  assert.equal(f.severity, 'warning');
  assert.equal(covered(typo, f), 'nmae');
  assert.equal(quickFixFor(f.message)?.replacement, 'name');
});

const GETAWAY_APP = fs.readFileSync(path.join(root, 'apps-examples', 'getaway.app.yaml'), 'utf8');

test('an icon glyph the phone lacks is a warning on its name wherever an app names one (launcher, button, tab, a mounted screen\'s list item), fixed to the nearest glyph; the app still loads', async () => {
  const sql = await sqlP;
  const cases: [string, string, string, string, string][] = [
    // [app, replace, with, covered text, fix]
    [PANTRY_APP, 'icon: shopping', "icon: 'shoping'", 'shoping', 'shopping'],
    [PANTRY_APP, 'fab: { icon: add,', 'fab: { icon: ad,', 'ad', 'add'],
    [GETAWAY_APP, "icon: chat, id: tab_chat", "icon: chatt, id: tab_chat", 'chatt', 'chat'],
    [GETAWAY_APP, 'item: { style: row, icon: hotel,', 'item: { style: row, icon: hotell,', 'hotell', 'hotel'],
  ];
  for (const [app, from, to, text, fix] of cases) {
    assert.ok(app.includes(from), from);
    const changed = app.replace(from, to);
    const ds = appFileDiagnostics(changed, '/ws/apps/x.app.yaml', sql);
    const d = one(ds, new RegExp(`icon '${text}' is not a glyph the phone has`));
    assert.equal(d.severity, 'warning');
    assert.equal(covered(changed, d), text);
    assert.equal(quickFixFor(d.message)?.replacement, fix, d.message);
    assert.equal(ds.filter((x) => x.severity === 'error').length, 0, 'nothing else is wrong');
    assert.ok(parseAppFile(changed, 'x.app.yaml', sql).spec, 'the app loads (the glyph draws nothing)');
  }
  assert.deepEqual(appFileDiagnostics(GETAWAY_APP, '/ws/apps/getaway.app.yaml', sql), [], 'Getaway\'s glyphs are all the phone\'s');
});

test('every `icon` the schema declares is a glyph (`#/definitions/icon`), so the check, completion and hover know each', () => {
  const plain: string[] = [];
  const visit = (o: unknown, where: string): void => {
    if (!o || typeof o !== 'object') return;
    for (const [k, v] of Object.entries(o)) {
      if (k === 'icon' && where.endsWith('.properties') && (v as { $ref?: string }).$ref !== '#/definitions/icon') plain.push(`${where}.icon`);
      visit(v, `${where}.${k}`);
    }
  };
  visit(APP_SCHEMA, '#');
  assert.deepEqual(plain, []);
  assert.ok(ICON_NAMES.length > 50 && ICON_NAMES.includes('shopping') && !ICON_NAMES.includes('today'));
});

test('completion and hover of icon glyphs: every name with its picture; a name the phone lacks shows the names it has', async () => {
  const sql = await sqlP;
  // [app, replace, with, the cursor after]: a name begun in a flow mapping, an empty launcher icon, a mounted screen's.
  for (const [app, from, to, cursor] of [[PANTRY_APP, 'fab: { icon: add,', 'fab: { icon: a,', 'fab: { icon: a'], [PANTRY_APP, 'icon: shopping', 'icon: ', 'icon: '],
    [GETAWAY_APP, 'empty: { icon: hotel, text: \'@noBookings\'', 'empty: { icon: h, text: \'@noBookings\'', 'empty: { icon: h']]) {
    const text = app.replace(from, to);
    const entries = completeAppAt(text, after(text, cursor), sql);
    assert.deepEqual(labels(entries), [...ICON_NAMES], to);
    assert.match(entries.find((e) => e.label === 'hotel')!.documentation!, /^!\[hotel\]\(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+\)$/);
  }
  const known = appHoverAt(PANTRY_APP, after(PANTRY_APP, 'fab: { icon: a'), sql)!;
  assert.match(known.markdown, /glyph `add`/);
  const svg = Buffer.from(/base64,([^)]+)/.exec(known.markdown)![1], 'base64').toString();
  assert.match(svg, /<path fill="#808080" d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2z"\/>/, 'the add glyph\'s own path');
  const typo = PANTRY_APP.replace('fab: { icon: add,', 'fab: { icon: plus,');
  const unknown = appHoverAt(typo, after(typo, 'fab: { icon: pl'), sql)!;
  assert.match(unknown.markdown, /no glyph `plus`/);
  for (const n of ICON_NAMES) assert.ok(unknown.markdown.includes(`\`${n}\``), n);
  assert.equal(typo.slice(unknown.range.start, unknown.range.end), 'plus');
});

test('a seed row that breaks a constraint is an error on that row', async () => {
  const app = PANTRY_APP.replace('- { name: Olive oil, qty: 1, price: 8.25 }', '- { qty: 1, price: 8.25 }');
  const d = one(await diags(app), /NOT NULL constraint failed: items\.name/);
  assert.equal(covered(app, d), '{ qty: 1, price: 8.25 }');
});

test('packages: a built-in\'s without overrides, one an earlier file declares', async () => {
  const notes = PANTRY_APP.replace('package: com.example.pantry', 'package: com.phonebuddy.notes');
  const d = one(await diags(notes), /is a built-in app's: add `overrides: true`/);
  assert.equal(covered(notes, d), 'com.phonebuddy.notes');
  const twin = one(await diags(PANTRY_APP, { apps: [{ file: '/ws/apps/a-first.app.yaml', package: 'com.example.pantry' }, { file: '/ws/apps/pantry.app.yaml', package: 'com.example.pantry' }] }), /already declared by \/ws\/apps\/a-first\.app\.yaml/);
  assert.equal(twin.severity, 'error');
  const first = one(await diags(PANTRY_APP, { apps: [{ file: '/ws/apps/z-later.app.yaml', package: 'com.example.pantry' }] }), /also declared by .*z-later/);
  assert.equal(first.severity, 'warning');
});

test('completion: module kinds come from the schema, with their descriptions', async () => {
  const text = PANTRY_APP.replace('module: settings', 'module: ');
  const entries = completeAppAt(text, after(text, '  prefs:\n    module: '), await sqlP);
  const schemaKinds = (APP_SCHEMA.definitions!.screen.properties!.module.enum as string[]);
  assert.deepEqual(labels(entries), moduleKinds().map((m) => m.name));
  for (const k of schemaKinds) assert.ok(labels(entries).includes(k), k);
  assert.match(entries.find((e) => e.label === 'people')!.documentation!, /favourites/);
});

test('completion: a screen\'s keys are its module\'s parameters; an action\'s keys are the action kinds', async () => {
  const sql = await sqlP;
  const text = PANTRY_APP.replace('    toggles:\n', '    \n    toggles:\n');
  const keys = labels(completeAppAt(text, after(text, "table: prefs\n    "), sql));
  assert.ok(keys.includes('toggles') && keys.includes('back'), keys.join());
  assert.ok(!keys.includes('query'), 'a settings screen has no query');
  const list = labels(completeAppAt(`${PANTRY_APP}    \n`, PANTRY_APP.length + 4, sql));
  assert.ok(list.includes('toggles'), 'the last screen: settings');
  const form = PANTRY_APP.replace('    after: [{ back: true }]\n', '    after:\n      - \n');
  const actions = labels(completeAppAt(form, after(form, '    after:\n      - '), sql));
  for (const a of ['navigate', 'back', 'insert', 'update', 'delete', 'toast', 'share', 'openApp', 'setField']) assert.ok(actions.includes(a), a);
});

test('completion: navigate targets, @strings, tables after FROM, columns, row. and t. in CEL', async () => {
  const sql = await sqlP;
  const nav = PANTRY_APP.replace('{ navigate: prefs }', '{ navigate: p }');
  assert.deepEqual(labels(completeAppAt(nav, after(nav, '{ navigate: p'), sql)), ['items', 'detail', 'edit', 'prefs']);
  const str = PANTRY_APP.replace("title: '@prefs'", "title: '@'");
  const keys = completeAppAt(str, after(str, "title: '@"), sql);
  assert.ok(labels(keys).includes('lowStock'));
  assert.match(keys.find((k) => k.label === 'title')!.documentation!, /zh-CN: 食品柜/);
  const from = PANTRY_APP.replace('FROM items WHERE (?', 'FROM  WHERE (?');
  assert.deepEqual(labels(completeAppAt(from, after(from, 'SELECT id, name, qty FROM '), sql)), ['items', 'prefs'], 'only tables after FROM');
  const where = labels(completeAppAt(PANTRY_APP, after(PANTRY_APP, 'FROM items WHERE '), sql));
  assert.ok(where.includes('qty') && where.includes('added_at') && where.includes('ORDER BY'), where.join());
  const rowText = PANTRY_APP.replace('title: row.name\n', 'title: row.\n');
  assert.deepEqual(labels(completeAppAt(rowText, after(rowText, 'title: row.'), sql)), ['id', 'name', 'qty'], 'the list query\'s columns');
  const fnText = PANTRY_APP.replace('title: row.name\n', 'title: row.name.\n');
  assert.deepEqual(labels(completeAppAt(fnText, after(fnText, 'title: row.name.'), sql)), ['truncate'], 'a text function after a field');
  const cut = PANTRY_APP.replace('title: row.name\n', 'title: row.name.truncate(20)\n');
  assert.match(appHoverAt(cut, after(cut, 'row.name.trun'), sql)!.markdown, /first n characters/);
  const tText = PANTRY_APP.replace("value: string(row.qty)", 'value: t.');
  assert.ok(labels(completeAppAt(tText, after(tText, 'value: t.'), sql)).includes('needQty'));
  const vars = PANTRY_APP.replace('title: row.name\n', 'title: \n');
  assert.deepEqual(labels(completeAppAt(vars, after(vars, 'style: row\n      id: item\n      title: '), sql)), ['row', 'params', 'fields', 'search', 'now', 't', 'locale']);
  const params = PANTRY_APP.replace('args: [params.id]', 'args: [params.]');
  assert.deepEqual(labels(completeAppAt(params, after(params, 'args: [params.'), sql)), ['id'], 'what navigate hands to detail');
});

test('hover: modules and their parameters, a key\'s description, a table\'s columns, a string per locale', async () => {
  const sql = await sqlP;
  const mod = appHoverAt(PANTRY_APP, after(PANTRY_APP, 'module: li') , sql)!;
  assert.match(mod.markdown, /module `list`/);
  assert.match(mod.markdown, /`query` \(required\)/);
  const key = appHoverAt(PANTRY_APP, after(PANTRY_APP, '    saveOnBa'), sql)!;
  assert.match(key.markdown, /\*\*saveOnBack\*\* — `boolean`\n\n\S/);
  const table = appHoverAt(PANTRY_APP, after(PANTRY_APP, 'SELECT id, name, qty FROM ite'), sql)!;
  assert.match(table.markdown, /table `items`[\s\S]*\| added_at \| INTEGER not null \|/);
  assert.equal(PANTRY_APP.slice(table.range.start, table.range.end), 'items');
  const str = appHoverAt(PANTRY_APP, after(PANTRY_APP, "title: '@ti"), sql)!;
  assert.match(str.markdown, /\| en-US \| Pantry \|\n\| zh-CN \| 食品柜 \|/);
});

test('hover in expressions: row.x (the screen\'s query\'s columns), params.x (what navigate hands the screen), t.x, the CEL variables', async () => {
  const sql = await sqlP;
  const col = appHoverAt(PANTRY_APP, after(PANTRY_APP, "string(row.q"), sql)!;
  assert.equal(col.markdown, "**row.qty** — a column of screen `items`'s query (its columns: id, name, qty)");
  assert.equal(PANTRY_APP.slice(col.range.start, col.range.end), 'qty');
  const wrong = PANTRY_APP.replace("body: \"'× ' + string(row.qty)\"", "body: \"'× ' + string(row.price)\"");
  assert.match(appHoverAt(wrong, after(wrong, 'string(row.pr'), sql)!.markdown, /query returns no column `price` \(its columns: id, name, qty\)/);
  const param = appHoverAt(PANTRY_APP, after(PANTRY_APP, 'args: [params.i'), sql)!;
  assert.equal(param.markdown, '**params.id** — handed to screen `detail` by a `navigate` action (it is given id)');
  const str = PANTRY_APP.replace('value: string(row.qty), id: qty', 'value: t.needQty, id: qty');
  assert.match(appHoverAt(str, after(str, 'value: t.need'), sql)!.markdown, /string `needQty`[\s\S]*\| zh-CN \| 请输入整数 \|/);
  assert.match(appHoverAt(PANTRY_APP, after(PANTRY_APP, 'args: [sea'), sql)!.markdown, /^\*\*search\*\* — the list's search text/);
});

test('every module parameter and action in the schema has a description (hover and completion show them)', () => {
  const missing: string[] = [];
  const visit = (s: { description?: string; $ref?: string; properties?: Record<string, unknown> }, where: string) => {
    for (const [k, p] of Object.entries(s.properties ?? {}) as [string, { description?: string; $ref?: string; properties?: Record<string, unknown> }][]) {
      const target = p.$ref ? APP_SCHEMA.definitions![p.$ref.replace('#/definitions/', '')] : undefined;
      if (!p.description && !target?.description && k !== 'module') missing.push(`${where}.${k}`);
      if (p.properties) visit(p, `${where}.${k}`);
    }
  };
  for (const m of moduleKinds()) {
    if (!m.description) missing.push(`module.${m.name}`);
    if (m.schema) visit(m.schema as never, `module.${m.name}`);
  }
  visit(APP_SCHEMA.definitions!.action as never, 'action');
  assert.deepEqual(missing, []);
});

test('New Mock App\'s scaffold loads with no diagnostic for every choice of modules, seed included', async () => {
  const sql = await sqlP;
  const family = ['list', 'people', 'detail', 'form', 'settings'];
  const extras = SCAFFOLD_MODULES.filter((m) => !family.includes(m));
  // Every choice within the home list's family; each other module alone and beside them; all at once.
  const choices = [
    ...Array.from({ length: 1 << family.length }, (_, mask) => family.filter((_m, i) => mask & (1 << i))),
    ...extras.flatMap((m) => [[m], ['people', 'form', m]]),
    [...SCAFFOLD_MODULES],
  ];
  for (const modules of choices) {
    const text = scaffoldApp({ package: 'com.example.bank', label: "Bob's: Bank", modules });
    assert.deepEqual(appFileDiagnostics(text, 'bank.app.yaml', sql).map((d) => `${d.line}:${d.column} ${d.message}`), [], `${modules.join(',')}:\n${text}`);
    for (const m of modules) assert.match(text, new RegExp(`^    module: ${m}$`, 'm'), `${modules.join(',')}: a ${m} screen`);
  }
  assert.deepEqual([...SCAFFOLD_MODULES].sort(), moduleKinds().map((m) => m.name).sort(), 'New Mock App offers every module kind of the schema');
  assert.equal(appFileName('com.example.Bank'), 'bank.app.yaml');
});

test('New Mock App\'s apps pass `phonebuddy check` with no diagnostic and their tasks are proven: every module at once, and the TypeScript variant', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-scaffold-'));
  try {
    const opts = { package: 'com.example.bank', label: 'Bank', modules: [...SCAFFOLD_MODULES] };
    fs.writeFileSync(path.join(dir, appFileName(opts.package)), scaffoldApp(opts));
    const task = scaffoldTask(opts)!;
    fs.writeFileSync(path.join(dir, task.fileName), task.text);
    const ts = scaffoldTsApp({ package: 'com.example.jar', label: 'Jar' }, fs.readFileSync(path.join(root, 'schemas', 'app-api.d.ts'), 'utf8'));
    for (const [name, text] of Object.entries(ts.files)) fs.writeFileSync(path.join(dir, name), text);
    const tasks = [task.fileName, ...Object.keys(ts.files).filter((f) => f.endsWith('.task.yaml'))].map((f) => path.join(dir, f));
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), 'check', '--apps', dir, '--no-mutations', '--seeds', '1', '--actuation', 'phonebuddy', ...tasks], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /✓ bank\.add_item/);
    assert.match(r.stdout, /✓ jar\.reset_item/);
    assert.match(r.stdout, /2\/2 instances proven; 0 errors/);
    assert.doesNotMatch(`${r.stdout}\n${r.stderr}`, /\.app\.(yaml|ts):\d+/, 'no diagnostic on the app files (the seeds, the screens reached by tapping, every element named)');
    assert.equal(scaffoldTask({ package: 'com.example.bank', modules: ['list', 'detail'] }), undefined, 'no form: no task to add with');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('an empty app file offers the scaffold; the `app` snippet expanded with its defaults loads too', async () => {
  const sql = await sqlP;
  for (const typed of ['', 'ap']) {
    const [entry] = completeAppAt(typed, typed.length, sql);
    assert.equal(entry.label, 'app');
    assert.deepEqual(appFileDiagnostics(entry.insertText!, 'a.app.yaml', sql), []);
  }
  const snippets = JSON.parse(fs.readFileSync(path.join(root, 'syntaxes', 'phonebuddy-app.snippets.json'), 'utf8')) as Record<string, { body: string[] }>;
  const defaults = new Map<string, string>();
  const body = snippets['New mock app'].body.join('\n')
    .replace(/\$\{(\d+):([^}]*)\}/g, (_m, n: string, d: string) => { defaults.set(n, d); return d; })
    .replace(/\$\{(\d+)\}/g, (_m, n: string) => defaults.get(n) ?? '')
    .replace(/\$0/g, '');
  assert.deepEqual(appFileDiagnostics(body, 'snippet.app.yaml', sql), []);
  assert.equal(body, scaffoldApp({ package: 'com.example.myapp', label: 'My App' }), 'the snippet is the scaffold (regenerate it when the scaffold changes)');
});
