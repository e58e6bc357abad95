// Runs dirs made by hand for the report's tests: records written as `phonebuddy run` writes
// them (results.jsonl one line each, summary.json from summarize()), so the loader reads
// exactly what it reads from a real run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResultRecord } from '../../agent/runner/results';

type Step = ResultRecord['trajectory'][number];

const TIMINGS = { screenshot: 0, uiTree: 0, model: 0, parse: 0, action: 0, total: 0 };

export function step(n: number, s: Partial<Step> = {}): Step {
  return { step: n, action: 'click', args: { points: [[500, 500]] }, pixels: [{ x: 540, y: 1200 }], thought: `step ${n}`, status: 'ok', timings: TIMINGS, ...s };
}

export function record(task: string, r: Partial<ResultRecord> = {}): ResultRecord {
  const success = r.success ?? true;
  return {
    task, task_id: task.split('#')[0], goal: `Do ${task}.`, family: 'single-app', tags: [], score: success ? 1 : 0, success,
    steps: r.trajectory?.length ?? 2, terminated_by: 'finish', reason: 'the agent called finish', error: null, device: 'mock:1',
    policy: 'solution', duration_ms: 1000, trajectory: r.trajectory ?? [step(1), step(2, { action: 'finish', args: { text: 'done' }, pixels: [] })],
    ...r,
  };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `pb-report-${prefix}-`));
}

export { writeRunsDir } from '../../agent/runner/runs-dir';
