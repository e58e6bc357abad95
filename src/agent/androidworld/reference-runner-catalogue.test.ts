// The catalogue (catalogue/apps, catalogue/tasks) through PhoneBuddy's AndroidWorld runner (its
// stand-in) against our server serving it as `serve-device --apps catalogue/apps` does, with the
// perfect scripted model: in CI a sample, one task (its shortest reference solution) for each of
// six apps spread over the catalogue sorted by package (testing/sweep.ts `onePerApp`), chosen from
// whatever apps and tasks the catalogue holds; each passes. Six keep it near 20 s of CI (a task
// through the runner costs 1–3 s there); the runner's path itself is proven on every example
// task type by the seed-0 and seed-30 sweeps, and that our own runner gives the same verdict
// under AndroidWorld's actuation is what `check` proves for every catalogue task.
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
const SAMPLE = 6;
let h: RunnerHarness;
before(async () => { h = await startRunnerHarness({ taskPaths: [path.join(catalogue, 'tasks')], appsDir, rate: 100, screenshot: 'png' }); });
after(async () => { await h?.close(); });

test('catalogue, seed 0: a task of each of six apps spread over the catalogue passes through the runner', async () => {
  const packages = (await workspaceApps(appsDir)).apps.map((a) => a.info.package);
  assert.ok(packages.length >= 3, `${packages.length} catalogue apps`);
  let withTasks = 0;
  const records = await sweepTaskTypes(h, 0, (served) => {
    withTasks = packages.filter((pkg) => served.some((t) => t.apps?.includes(pkg))).length;
    return onePerApp(served, packages, SAMPLE);
  }, false);
  assert.equal(records.length, Math.min(SAMPLE, withTasks), 'a task of each sampled app');
});
