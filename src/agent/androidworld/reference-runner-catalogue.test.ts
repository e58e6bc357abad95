// The catalogue (catalogue/apps, catalogue/tasks) through PhoneBuddy's AndroidWorld runner (its
// stand-in) against our server serving it as `serve-device --apps catalogue/apps` does, with the
// perfect scripted model: in CI a sample, one task per app (its shortest reference solution;
// testing/sweep.ts `onePerApp`), chosen from whatever apps and tasks the catalogue holds; each
// passes. (That our own runner gives the same verdict under AndroidWorld's actuation is what
// `check` proves for every catalogue task; the examples' sweeps compare the two runners.)
// The whole catalogue at any seed, compared with our own runner:
// `npm run sweep:androidworld -- --apps catalogue/apps catalogue/tasks` (scripts/androidworld-sweep.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { workspaceApps } from '../../studio/workspace-apps';
import { startRunnerHarness, type RunnerHarness } from './testing/runner-harness';
import { onePerApp, sweepTaskTypes } from './testing/sweep';

const catalogue = path.join(__dirname, '..', '..', '..', 'catalogue');
const appsDir = path.join(catalogue, 'apps');
let h: RunnerHarness;
before(async () => { h = await startRunnerHarness({ taskPaths: [path.join(catalogue, 'tasks')], appsDir, rate: 100, screenshot: 'png' }); });
after(async () => { await h?.close(); });

test('catalogue, seed 0: one task per app passes through the runner', async () => {
  const packages = (await workspaceApps(appsDir)).apps.map((a) => a.info.package);
  assert.ok(packages.length >= 3, `${packages.length} catalogue apps`);
  const records = await sweepTaskTypes(h, 0, (served) => onePerApp(served, packages), false);
  assert.equal(records.length, packages.length, 'every catalogue app has a task played');
});
