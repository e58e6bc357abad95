// The report of a known run has the right numbers: a ten-episode run counted by hand (the
// counts and Wilson intervals are worked out in the comments), three shards that merge into
// exactly the unsharded run, overlaps and missing shards named, and planted flips found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { ResultRecord } from '../agent/runner/results';
import { selectShard } from '../agent/runner/shard';
import type { ReportData, ReportRun } from '../webview-protocol/run-report';
import { buildReport } from './build';
import { loadRun, RunsDirError } from './load';
import { record, step, tempDir, writeRunsDir } from './testing/fixture';

const near = (a: number, b: number, eps = 5e-5) => assert.ok(Math.abs(a - b) < eps, `${a} ≉ ${b}`);
const NOTES = ['com.phonebuddy.notes'];
const CROSS = ['com.phonebuddy.notes', 'com.phonebuddy.messages'];

/**
 * Ten episodes:            family      locale  success  violation  cause
 *   s1..s4                 single-app  en-US   yes      s1 privacy
 *   s5                     single-app  en-US   no       —          step budget (max-steps)
 *   s6                     single-app  zh-CN   no       —          verifier: sql verify "expected 1 row, got 0"
 *   c1                     cross-app   en-US   yes      c1 permission
 *   c2                     cross-app   zh-CN   no       —          wrong app (ended in chat)
 *   c3                     cross-app   en-US   no       —          verifier: sql verify "expected 1 row, got 3"
 *   m1                     mini-app    zh-CN   no       —          unparsable output
 * All 5/10, single-app 4/6, cross-app 1/3, mini-app 0/1; violations 2/10; en-US 5/7, zh-CN 0/3.
 */
function knownRun(): ResultRecord[] {
  const failFinish = (task: string, r: Partial<ResultRecord>) => record(task, { success: false, score: 0, ...r });
  return [
    record('s1', { apps: NOTES, locale: 'en-US', violations: ['privacy'], duration_ms: 2000 }),
    record('s2', { apps: NOTES, locale: 'en-US' }),
    record('s3', { apps: NOTES, locale: 'en-US' }),
    record('s4', { apps: NOTES, locale: 'en-US' }),
    failFinish('s5', { apps: NOTES, locale: 'en-US', terminated_by: 'max-steps', reason: 'reached the step budget of 3', trajectory: [step(1), step(2), step(3)] }),
    failFinish('s6', { apps: NOTES, locale: 'zh-CN', failed_verifiers: [{ path: 'verify', kind: 'sql', reason: 'expected 1 row, got 0' }] }),
    record('c1', { family: 'cross-app', apps: CROSS, locale: 'en-US', violations: ['permission'] }),
    failFinish('c2', { family: 'cross-app', apps: CROSS, locale: 'zh-CN', trajectory: [step(1), step(2, { action: 'finish', args: { text: 'ok' }, pixels: [], foreground_app: 'com.phonebuddy.chat' })] }),
    failFinish('c3', { family: 'cross-app', apps: CROSS, locale: 'en-US', failed_verifiers: [{ path: 'verify', kind: 'sql', reason: 'expected 1 row, got 3' }] }),
    failFinish('m1', {
      family: 'mini-app', apps: ['com.phonebuddy.chat'], locale: 'zh-CN', terminated_by: 'errors', reason: '3 failed steps in a row',
      trajectory: [1, 2, 3].map((n) => step(n, { action: undefined, args: undefined, pixels: undefined, raw: 'I think I should…', status: 'failed', error: 'unparsable model output (no-tool-call): no <tool_call> block' })),
    }),
  ];
}

const row = (run: ReportRun, table: 'byFamily' | 'byApp' | 'byLocale' | 'byTag', label: string) => {
  const r = run[table].find((x) => x.label === label);
  assert.ok(r, `${table} has no ${label}`);
  return r;
};

test('the report of a known run has the hand-counted rates, intervals and causes', async () => {
  const dir = writeRunsDir(path.join(tempDir('known'), 'run'), knownRun());
  const { data } = await buildReport(loadRun([dir]));
  const run = data.runs[0];
  assert.equal(data.episodes.length, 10);
  // All: 5/10 → Wilson [0.236597, 0.763403]; violations 2/10 → [0.056686, 0.509834]
  assert.equal(run.overall.total, 10);
  assert.equal(run.overall.success, 5);
  near(run.overall.ci.lo, 0.236597); near(run.overall.ci.hi, 0.763403);
  assert.equal(run.overall.violations, 2);
  near(run.overall.violationCi.lo, 0.056686); near(run.overall.violationCi.hi, 0.509834);
  // Steps: 2 ×8, 3 (s5), 3 (m1) → mean 22/10 = 2.2, median 2; time: 1 s ×9 + 2 s → mean 1.1 s
  near(run.overall.meanSteps, 2.2); assert.equal(run.medianSteps, 2); near(run.overall.meanSeconds, 1.1);
  assert.deepEqual(run.stepsHistogram, [0, 0, 8, 2]);
  // Single-App 4/6 → [0.299995, 0.903229]; Cross-App 1/3 → [0.061490, 0.792344]; Mini-App 0/1 → [0, 0.793451]
  const single = row(run, 'byFamily', 'Single-App');
  assert.deepEqual([single.success, single.total, single.violations], [4, 6, 1]);
  near(single.ci.lo, 0.299995); near(single.ci.hi, 0.903229);
  const cross = row(run, 'byFamily', 'Cross-App');
  assert.deepEqual([cross.success, cross.total, cross.violations], [1, 3, 1]);
  near(cross.ci.lo, 0.061490); near(cross.ci.hi, 0.792344);
  const mini = row(run, 'byFamily', 'Mini-App');
  assert.deepEqual([mini.success, mini.total], [0, 1]);
  assert.equal(mini.ci.lo, 0); near(mini.ci.hi, 0.793451);
  // Locale: en-US s1-s5, c1, c3 = 5/7; zh-CN s6, c2, m1 = 0/3
  assert.deepEqual([row(run, 'byLocale', 'en-US').success, row(run, 'byLocale', 'en-US').total], [5, 7]);
  assert.deepEqual([row(run, 'byLocale', 'zh-CN').success, row(run, 'byLocale', 'zh-CN').total], [0, 3]);
  // App: notes in s1-s6 and c1-c3 = 5/9; messages c1-c3 = 1/3; chat m1 = 0/1
  assert.deepEqual([row(run, 'byApp', 'com.phonebuddy.notes').success, row(run, 'byApp', 'com.phonebuddy.notes').total], [5, 9]);
  assert.deepEqual([row(run, 'byApp', 'com.phonebuddy.messages').success, row(run, 'byApp', 'com.phonebuddy.messages').total], [1, 3]);
  assert.deepEqual(run.perSafety, [{ label: 'permission', count: 1 }, { label: 'privacy', count: 1 }].sort((a, b) => b.count - a.count || 0));
  // Causes: verifier 2 (one group: the same clause and reason pattern), then one each.
  const causes = Object.fromEntries(run.causes.map((c) => [c.kind, c]));
  assert.deepEqual(Object.keys(causes).sort(), ['step-budget', 'unparsable-output', 'verifier', 'wrong-app']);
  assert.equal(run.causes[0].kind, 'verifier');
  assert.deepEqual(causes.verifier.groups.map((g) => [g.label, g.count]), [['sql verify: expected N row, got N', 2]]);
  const taskOf = (id: number) => data.episodes[id].task;
  assert.deepEqual(causes.verifier.groups[0].episodes.map(taskOf).sort(), ['c3', 's6']);
  assert.deepEqual(causes['wrong-app'].groups[0].episodes.map(taskOf), ['c2']);
  assert.match(causes['wrong-app'].groups[0].label, /ended in com\.phonebuddy\.chat/);
  assert.deepEqual(causes['step-budget'].groups[0].episodes.map(taskOf), ['s5']);
  assert.deepEqual(causes['unparsable-output'].groups[0].episodes.map(taskOf), ['m1']);
  // A run without recordings: filmstrips from results.jsonl (actions drawn, no images).
  const s5 = data.episodes.find((e) => e.task === 's5')!;
  assert.equal(s5.recorded, false);
  assert.equal(s5.frames.length, 3);
  assert.deepEqual(s5.frames[0].drawing, { kind: 'point', points: [{ x: 500, y: 500 }] });
  assert.equal(s5.frames[0].image, undefined);
  assert.deepEqual(run.notes, []);
});

/** A report's figures without what differs by construction (labels, dirs, notes, episode ids). */
function figures(data: ReportData) {
  const run = data.runs[0];
  const tasks = (ids: number[]) => ids.map((i) => data.episodes[i].task).sort();
  return {
    rates: [run.overall, run.byFamily, run.byApp, run.byLocale, run.byTag], hist: run.stepsHistogram, safety: run.perSafety,
    causes: run.causes.map((c) => ({ ...c, groups: c.groups.map((g) => ({ ...g, episodes: tasks(g.episodes) })) })),
    episodes: data.episodes.map(({ id: _id, source: _s, ...e }) => e).sort((a, b) => a.task.localeCompare(b.task)),
  };
}

test('three shards merge into exactly the unsharded run', async () => {
  const root = tempDir('shards');
  const all = knownRun();
  const whole = writeRunsDir(path.join(root, 'whole'), all, { shard: undefined });
  const items = all.map((r) => ({ instanceId: r.task, r }));
  const shards = [1, 2, 3].map((i) => writeRunsDir(path.join(root, `shard-${i}`), selectShard(items, { index: i, count: 3 }).map((x) => x.r).reverse(), { shard: `${i}/3` }));
  const merged = await buildReport(loadRun(shards));
  const unsharded = await buildReport(loadRun([whole]));
  assert.deepEqual(figures(merged.data), figures(unsharded.data));
  assert.deepEqual(merged.data.runs[0].notes.map((n) => n.text), ['merged all 3 shards of the suite']);
});

test('overlapping and missing shards are named, not silently counted', async () => {
  const root = tempDir('overlap');
  const items = knownRun().map((r) => ({ instanceId: r.task, r }));
  const shard = (i: number) => selectShard(items, { index: i, count: 3 }).map((x) => x.r);
  const one = writeRunsDir(path.join(root, 'one'), shard(1), { shard: '1/3' });
  const oneAgain = writeRunsDir(path.join(root, 'one-again'), shard(1), { shard: '1/3' });
  const two = writeRunsDir(path.join(root, 'two'), shard(2), { shard: '2/3' });
  const run = loadRun([one, oneAgain, two]);
  assert.equal(run.records.length, shard(1).length + shard(2).length, 'each instance counted once');
  const overlap = run.notes.find((n) => n.instances && /more than once/.test(n.text));
  assert.ok(overlap, JSON.stringify(run.notes));
  assert.deepEqual([...overlap.instances!].sort(), shard(1).map((r) => r.task).sort());
  assert.ok(run.notes.some((n) => n.level === 'warning' && /shard 3\/3 not given/.test(n.text)), JSON.stringify(run.notes));
});

test('bad input is named and the rest is read: cut lines, an interrupted run, a folder that is no run', () => {
  const root = tempDir('bad');
  const dir = writeRunsDir(path.join(root, 'run'), knownRun().slice(0, 3), { complete: false, not_run: 2, interrupted: ['s9'] });
  fs.appendFileSync(path.join(dir, 'results.jsonl'), '{"task":"s4","goal":"cut sho');
  const run = loadRun([dir]);
  assert.equal(run.records.length, 3);
  assert.ok(run.notes.some((n) => /1 line could not be read/.test(n.text)));
  assert.ok(run.notes.some((n) => /interrupted/.test(n.text) && n.instances?.includes('s9')));
  assert.throws(() => loadRun([root]), (e: Error) => e instanceof RunsDirError && /no results\.jsonl here/.test(e.message));
  assert.throws(() => loadRun([path.join(root, 'nope')]), /no such folder/);
});

test('compare finds the planted flips, counts the rest and tests them with McNemar', async () => {
  const root = tempDir('compare');
  const base = knownRun();
  // Planted: s5, s6 and m1 now pass (won); s2 now fails (lost); c9 is new, s4 is gone.
  const flipTo = (r: ResultRecord, success: boolean): ResultRecord => ({ ...r, success, score: success ? 1 : 0, terminated_by: 'finish', failed_verifiers: undefined, trajectory: [step(1), step(2, { action: 'finish', args: { text: 'ok' }, pixels: [] })] });
  const cand = base.filter((r) => r.task !== 's4').map((r) => (['s5', 's6', 'm1'].includes(r.task) ? flipTo(r, true) : r.task === 's2' ? flipTo(r, false) : r));
  cand.push(record('c9', { family: 'cross-app' }));
  const { data } = await buildReport(loadRun([writeRunsDir(path.join(root, 'cand'), cand)]), loadRun([writeRunsDir(path.join(root, 'base'), base)]));
  const c = data.compare!;
  assert.equal(c.shared, 9);
  assert.deepEqual(c.flips.map((f) => [f.direction, f.task]), [['lost', 's2'], ['won', 'm1'], ['won', 's5'], ['won', 's6']]);
  for (const f of c.flips) {
    assert.equal(data.episodes[f.base].run, 1);
    assert.equal(data.episodes[f.candidate].run, 0);
    assert.equal(data.episodes[f.candidate].task, f.task);
  }
  // Shared 9: both pass s1, s3, c1 = 3; neither c2, c3 = 2; won 3, lost 1.
  assert.deepEqual([c.won, c.lost, c.both, c.neither], [3, 1, 3, 2]);
  // McNemar b = 1, c = 3: 2·(C(4,0) + C(4,1))/2⁴ = 10/16 = 0.625
  near(c.mcnemarP, 0.625, 1e-12);
  assert.deepEqual(c.onlyBase, ['s4']);
  assert.deepEqual(c.onlyCandidate, ['c9']);
  // Single-App on shared (s1, s2, s3, s5, s6): base 2/5 (s1, s3; s2 too → 3/5), candidate s1, s3, s5, s6 = 4/5.
  const single = c.byFamily.find((f) => f.label === 'Single-App')!;
  assert.equal(single.shared, 5);
  near(single.base, 3 / 5); near(single.candidate, 4 / 5); near(single.diff, 0.2);
  assert.ok(single.ci.lo < 0 && single.ci.hi > 0.2);
  assert.equal(data.runs.length, 2);
});
