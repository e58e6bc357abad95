// `phonebuddy report` end to end: real recorded runs of example tasks (the solution policy on
// mock phones; the base run with a step budget too small to finish), then the report of the
// full run compared with the base — every episode a flip, every base failure the step budget,
// every filmstrip from its recording with its screenshots copied into the report folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { ReportData } from '../../webview-protocol/run-report';
import { cli, recordedRun } from '../../report/testing/real-runs';
import { tempDir } from '../../report/testing/fixture';

test('report of a real recorded run, compared with a run that ran out of steps', async () => {
  const root = tempDir('cli');
  const [cand, base] = await Promise.all([recordedRun(path.join(root, 'cand')), recordedRun(path.join(root, 'base'), 2)]);
  const records = fs.readFileSync(path.join(cand, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { apps?: string[]; locale?: string; task: string });
  assert.equal(records.length, 5);
  for (const r of records) assert.ok(r.apps?.length && r.locale, `${r.task} carries its task's apps and locale`);

  const out = path.join(root, 'report');
  const r = await cli(['report', cand, '--compare', base, '--out', out, '--json']);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /cand\/run: 5\/5 passed \(100\.0%, 95% CI 56\.6%–100\.0%\)/);
  assert.match(r.out, /compare: 5 shared, won 5, lost 0, both 0, neither 0; McNemar exact p = 0\.0625/);
  const data = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8')) as ReportData;
  assert.equal(data.runs[1].overall.success, 0);
  assert.deepEqual(data.runs[1].causes.map((c) => [c.kind, c.count]), [['step-budget', 5]]);
  assert.deepEqual(data.compare!.flips.map((f) => f.direction), ['won', 'won', 'won', 'won', 'won']);
  for (const ep of data.episodes) {
    assert.ok(ep.recorded, `${ep.task} has its recording`);
    assert.equal(ep.frames.length, ep.steps);
    for (const f of ep.frames) assert.ok(f.image && fs.statSync(path.join(out, f.image)).size > 1000, `${ep.task} step ${f.step} screenshot`);
  }
  for (const f of ['index.html', 'report.js', 'report.css', 'chart.umd.min.js']) assert.ok(fs.existsSync(path.join(out, f)), f);

  // Bad input: a folder that is not a runs dir is named, exit 1; no runs dir at all is usage.
  const bad = await cli(['report', root, '--out', path.join(root, 'r2')]);
  assert.equal(bad.code, 1);
  assert.match(bad.err, /no results\.jsonl here/);
  assert.equal((await cli(['report'])).code, 2);
});
