// The catalogue apps (catalogue/apps/*.app.yaml, written only in the app format) and their
// tasks (catalogue/tasks/): the app files are clean, every seed gives a different but
// deterministic phone in both locales, each app has tasks in en-US and zh-CN, and `check`
// proves every task instance at three seeds under both actuations, through the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { mockPhoneForTask } from '../../src/studio/phones';
import { SeededRandom } from '../../src/mockphone/runtime/random';
import { parseUiTree } from '../../src/mockphone/testing';
import { assertSameAsFullRepaint, WALK_SCREEN } from '../../src/mockphone/ui/repaint-check';
import { ms } from '../vscode/lib/time.mjs';

const root = path.resolve(__dirname, '..', '..');
const appsDir = path.join(root, 'catalogue', 'apps');
const tasksDir = path.join(root, 'catalogue', 'tasks');
type MiniProgram = { host: string; key: string; name?: string | Record<string, string> };
const apps = fs.readdirSync(appsDir).filter((f) => f.endsWith('.app.yaml')).map((f) => parse(fs.readFileSync(path.join(appsDir, f), 'utf8')) as {
  package: string; label: string | Record<string, string>; miniProgram?: MiniProgram; database: { seed: { generate: { table: string }[] } };
});
const tasks = fs.readdirSync(tasksDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.task.yaml'))
  .map((f) => { const text = fs.readFileSync(path.join(tasksDir, f), 'utf8'); return { ...(parse(text) as { id: string; apps: string[]; locale: string }), text }; });

/** Where an app's screens and tables are: its own package, or a mini-program's host (its tables `mp_<key>_*` there). */
const home = (a: (typeof apps)[number]) => (a.miniProgram ? { pkg: a.miniProgram.host, prefix: `mp_${a.miniProgram.key}_` } : { pkg: a.package, prefix: '' });

/** Opens an app as a person does: a mini-program from its host's Discover › Mini Programs. */
async function open(p: Awaited<ReturnType<typeof mockPhoneForTask>>, a: (typeof apps)[number], locale: string): Promise<void> {
  await p.openApp(home(a).pkg);
  const mp = a.miniProgram;
  if (!mp) return;
  const name = mp.name ?? a.label;
  const label = typeof name === 'string' ? name : name[locale] ?? name['en-US'];
  for (const [id, desc] of [['tab_discover'], ['mini_programs'], ['mini_program', label]]) {
    const n = parseUiTree(await p.uiTree()).find((x) => x.resourceId.endsWith(`:id/${id}`) && (desc === undefined || x.desc === desc));
    assert.ok(n, `${a.package}: no ${id} ${desc ?? ''} on the way to the mini-program`);
    await p.tap({ x: (n.bounds[0] + n.bounds[2]) / 2, y: (n.bounds[1] + n.bounds[3]) / 2 });
  }
}

// The whole catalogue's proof is the longest unit test: about 130 tasks, each instance at three
// seeds under both actuations. It runs as a user would run it on a 2-core machine, in two
// processes (`check --parallel 2`), with a time limit of its own.
const PROOF_MS = ms(900_000);

function cli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), ...args], { cwd: root, encoding: 'utf8', timeout: PROOF_MS });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('every catalogue app has tasks in en-US and zh-CN', () => {
  assert.ok(apps.length >= 3, `${apps.length} apps`);
  for (const a of apps) {
    // A mini-program's tasks name its host and read its tables there.
    const mine = tasks.filter((t) => t.apps.includes(a.package) || (a.miniProgram && t.apps.includes(a.miniProgram.host) && t.text.includes(home(a).prefix)));
    assert.ok(mine.some((t) => t.locale === 'en-US') && mine.some((t) => t.locale === 'zh-CN'), `${a.package}: ${mine.map((t) => `${t.id} (${t.locale})`).join(', ')}`);
  }
});

test('each seed gives a different, deterministic database, per locale', async () => {
  for (const a of apps) {
    const tables = [...new Set(a.database.seed.generate.map((g) => g.table))];
    const { pkg, prefix } = home(a);
    const dump = async (seed: number, locale: string) => {
      const p = await mockPhoneForTask({ seed, locale }, { appsDir });
      return { bytes: Buffer.from(p.databaseBytes(pkg)), rows: JSON.stringify(await Promise.all(tables.map((t) => p.queryApp(pkg, `SELECT * FROM ${prefix}${t} ORDER BY id`)))) };
    };
    const [one, again, two, zh] = await Promise.all([dump(1, 'en-US'), dump(1, 'en-US'), dump(2, 'en-US'), dump(1, 'zh-CN')]);
    assert.ok(one.bytes.equals(again.bytes), `${a.package}: same seed, same database bytes`);
    assert.notEqual(one.rows, two.rows, `${a.package}: another seed, other rows`);
    assert.notEqual(one.rows, zh.rows, `${a.package}: zh-CN has its own data`);
    assert.match(zh.rows, /[\u4e00-\u9fff]/, `${a.package}: zh-CN rows are Chinese`);
  }
});

test('the new modules\' screens repaint only what changed: the retained frame equals a full repaint through seeded walks', async () => {
  for (const [i, a] of apps.entries()) {
    const locale = i % 2 ? 'zh-CN' : 'en-US';
    const { pkg, prefix } = home(a);
    const p = await mockPhoneForTask({ seed: 5, locale }, { appsDir, ...WALK_SCREEN });
    await open(p, a, locale);
    assertSameAsFullRepaint(p, `${a.package} opened`);
    const rng = new SeededRandom(40 + i);
    const inside = async () => (await p.foregroundApp()) === pkg && ((await p.snapshot()).state.tasks[pkg]?.at(-1)?.name.startsWith(prefix) ?? false);
    for (let step = 0; step < 10; step++) { // as the built-ins' walks (damage.test.ts): the modules are shared, each app adds its data
      const clickable = parseUiTree(await p.uiTree()).filter((n) => n.clickable && n.pkg === pkg && n.bounds[2] > n.bounds[0] && n.bounds[3] > n.bounds[1]);
      const n = clickable[Math.floor(rng.next() * clickable.length)];
      if (n && rng.next() < 0.85) await p.tap({ x: (n.bounds[0] + n.bounds[2]) / 2, y: (n.bounds[1] + n.bounds[3]) / 2 });
      else await p.pressKey('back');
      if (!(await inside())) {
        if (a.miniProgram) await p.closeApp(pkg); // the host anew, at its first screen
        await open(p, a, locale);
      }
      assertSameAsFullRepaint(p, `${a.package}, step ${step} (${n ? n.resourceId || n.text : 'back'})`);
    }
    await p.close();
  }
});

test('check --apps: the app files are clean and every catalogue task is proven', { timeout: PROOF_MS + ms(60_000) }, () => {
  const files = cli('check', '--apps', appsDir, '--json');
  assert.equal(files.code, 0, files.stdout + files.stderr);
  assert.deepEqual((JSON.parse(files.stdout) as { diagnostics: unknown[] }).diagnostics, []);
  const r = cli('check', '--apps', appsDir, tasksDir, '--parallel', '2', '--json');
  assert.equal(r.code, 0, r.stdout.slice(0, 4000) + r.stderr);
  const report = JSON.parse(r.stdout) as { ok: boolean; checks: { ok: boolean; instanceId: string; actuation?: string }[] };
  assert.equal(report.ok, true);
  for (const t of tasks) assert.ok(report.checks.some((c) => c.ok && c.instanceId.startsWith(`${t.id}#`)), `${t.id} proven`);
  assert.ok(report.checks.some((c) => /@seed 2$/.test(c.instanceId)), 'proven at further seeds');
  assert.deepEqual([...new Set(report.checks.map((c) => c.actuation))].sort(), ['androidworld', 'phonebuddy']);
});
