// A panel demonstration's recording survives a killed process: the child records a
// demonstration made through the hub's human-turn bridge; SIGKILL after a few steps; the
// folder is repaired up to its last complete step and still exports and validates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readEpisode } from '../trajectory/reader';
import { killAfterSteps } from '../trajectory/testing/complete-steps';
import { exportTrajectories, validateExport } from '../trajectory/export';

test('SIGKILL during a panel demonstration: the recording is repaired up to its last complete step and exports', { timeout: 120_000 }, async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-demo-kill-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'testing', 'demo-forever.ts'), root], { stdio: ['ignore', 'pipe', 'inherit'] });
  const folder = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the demonstration exited early with ${code}`)));
  });
  const before = await killAfterSteps(child, folder, 3);
  assert.ok(before >= 3, `the child recorded ${before} steps`);

  const r = await readEpisode(folder, { repair: true });
  assert.equal(r.manifest.source, 'demo');
  assert.equal(r.manifest.status, 'interrupted');
  assert.ok(r.steps.length >= before, `kept ${r.steps.length} steps, ${before} were complete before the kill`);
  assert.deepEqual(r.missing, []);
  assert.ok(r.steps.every((s) => s.human === true && s.source === 'human'), 'every step is flagged as a human\'s');
  for (const s of r.steps) {
    // The person's note is the step's thought (and flagged as a note); a step without one has none.
    if (s.index % 2 === 1) assert.deepEqual([s.note, s.thought], [`Note for step ${s.index}`, `Note for step ${s.index}`]);
    else assert.deepEqual([s.note, s.thought], [undefined, '']);
  }
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-demo-kill-export-'));
  const stats = await exportTrajectories({ inputs: [root], format: 'llamafactory', outDir: out });
  assert.equal(stats.steps.exported + stats.steps.skipped.duplicate, r.steps.length);
  // The stats say how many targets came from a person and how many have no thought to learn.
  const exported = r.steps.length - stats.steps.skipped.duplicate;
  assert.equal(stats.steps.human, exported);
  assert.equal(stats.steps.emptyThought, r.steps.filter((s) => s.index % 2 === 0).length - stats.steps.skipped.duplicate);
  assert.deepEqual(validateExport(out).errors, []);
  // The note is the <think> of the exported target; no note exports an empty <think></think>.
  const jsonl = fs.readdirSync(out).filter((f) => f.endsWith('.jsonl')).map((f) => fs.readFileSync(path.join(out, f), 'utf8')).join('');
  assert.ok(jsonl.includes(JSON.stringify('<think>Note for step 1</think>').slice(1, -1)), 'step 1\'s note is its target\'s thought');
  assert.ok(jsonl.includes(JSON.stringify('<think></think>').slice(1, -1)), 'a step without a note exports an empty thought');
});
