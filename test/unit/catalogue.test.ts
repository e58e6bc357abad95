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

const root = path.resolve(__dirname, '..', '..');
const appsDir = path.join(root, 'catalogue', 'apps');
const tasksDir = path.join(root, 'catalogue', 'tasks');
const apps = fs.readdirSync(appsDir).filter((f) => f.endsWith('.app.yaml')).map((f) => parse(fs.readFileSync(path.join(appsDir, f), 'utf8')) as { package: string; database: { seed: { generate: { table: string }[] } } });
const tasks = fs.readdirSync(tasksDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.task.yaml'))
  .map((f) => parse(fs.readFileSync(path.join(tasksDir, f), 'utf8')) as { id: string; apps: string[]; locale: string });

function cli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), ...args], { cwd: root, encoding: 'utf8', timeout: 600_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('every catalogue app has tasks in en-US and zh-CN', () => {
  assert.ok(apps.length >= 3, `${apps.length} apps`);
  for (const a of apps) {
    const mine = tasks.filter((t) => t.apps.includes(a.package));
    assert.ok(mine.some((t) => t.locale === 'en-US') && mine.some((t) => t.locale === 'zh-CN'), `${a.package}: ${mine.map((t) => `${t.id} (${t.locale})`).join(', ')}`);
  }
});

test('each seed gives a different, deterministic database, per locale', async () => {
  for (const a of apps) {
    const tables = [...new Set(a.database.seed.generate.map((g) => g.table))];
    const dump = async (seed: number, locale: string) => {
      const p = await mockPhoneForTask({ seed, locale }, { appsDir });
      return { bytes: Buffer.from(p.databaseBytes(a.package)), rows: JSON.stringify(await Promise.all(tables.map((t) => p.queryApp(a.package, `SELECT * FROM ${t} ORDER BY id`)))) };
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
    const p = await mockPhoneForTask({ seed: 5, locale: i % 2 ? 'zh-CN' : 'en-US' }, { appsDir, ...WALK_SCREEN });
    await p.openApp(a.package);
    assertSameAsFullRepaint(p, `${a.package} opened`);
    const rng = new SeededRandom(40 + i);
    for (let step = 0; step < 10; step++) { // as the built-ins' walks (damage.test.ts): the modules are shared, each app adds its data
      const clickable = parseUiTree(await p.uiTree()).filter((n) => n.clickable && n.pkg === a.package && n.bounds[2] > n.bounds[0] && n.bounds[3] > n.bounds[1]);
      const n = clickable[Math.floor(rng.next() * clickable.length)];
      if (n && rng.next() < 0.85) await p.tap({ x: (n.bounds[0] + n.bounds[2]) / 2, y: (n.bounds[1] + n.bounds[3]) / 2 });
      else await p.pressKey('back');
      if ((await p.foregroundApp()) !== a.package) await p.openApp(a.package);
      assertSameAsFullRepaint(p, `${a.package}, step ${step} (${n ? n.resourceId || n.text : 'back'})`);
    }
    await p.close();
  }
});

test('check --apps: the app files are clean and every catalogue task is proven', () => {
  const files = cli('check', '--apps', appsDir, '--json');
  assert.equal(files.code, 0, files.stdout + files.stderr);
  assert.deepEqual((JSON.parse(files.stdout) as { diagnostics: unknown[] }).diagnostics, []);
  const r = cli('check', '--apps', appsDir, tasksDir, '--json');
  assert.equal(r.code, 0, r.stdout.slice(0, 4000) + r.stderr);
  const report = JSON.parse(r.stdout) as { ok: boolean; checks: { ok: boolean; instanceId: string; actuation?: string }[] };
  assert.equal(report.ok, true);
  for (const t of tasks) assert.ok(report.checks.some((c) => c.ok && c.instanceId.startsWith(`${t.id}#`)), `${t.id} proven`);
  assert.ok(report.checks.some((c) => /@seed 2$/.test(c.instanceId)), 'proven at further seeds');
  assert.deepEqual([...new Set(report.checks.map((c) => c.actuation))].sort(), ['androidworld', 'phonebuddy']);
});
