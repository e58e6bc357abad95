// Ctrl-C during `phonebuddy run`, as a real child process and a real SIGINT: what finished is
// in results.jsonl, the episode in flight is not (no verdict on the agent), the summary says
// the run is incomplete, the exit is 130; `--resume` then runs exactly the missing tasks.
// With --no-screenshots a mock-phone suite runs on promise callbacks alone; Ctrl-C must still
// be heard (it used to be ignored until the whole suite had run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseResultsJsonl } from '../../agent/runner/results';

const root = path.resolve(__dirname, '..', '..', '..');
const MAIN = path.join(root, 'src', 'cli', 'main.ts');
const EXAMPLES = path.join(root, 'tasks-examples');

function phonebuddy(args: string[]): { exited: Promise<number | null>; output: () => string; kill: (s: NodeJS.Signals) => void } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
  return { exited: new Promise((r) => child.on('exit', (code) => r(code))), output: () => out, kill: (s) => child.kill(s) };
}

const lines = (file: string): number => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0);

async function interruptAfter(args: string[], out: string, atLeast: number): Promise<{ code: number | null; output: string }> {
  const run = phonebuddy([...args, '--out', out]);
  const results = path.join(out, 'results.jsonl');
  let exitedEarly = false;
  void run.exited.then(() => { exitedEarly = true; });
  const deadline = Date.now() + 120_000;
  while (lines(results) < atLeast) {
    if (exitedEarly) throw new Error(`the run ended before ${atLeast} results: ${run.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${atLeast} results in time: ${run.output()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  run.kill('SIGINT');
  return { code: await run.exited, output: run.output() };
}

for (const variant of [{ name: 'screenshots', flags: [] as string[] }, { name: '--no-screenshots', flags: ['--no-screenshots'] }]) {
  test(`Ctrl-C (${variant.name}) writes what finished and exits 130; --resume runs only what is missing`, async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-run-sigint-'));
    try {
      const args = ['run', EXAMPLES, ...variant.flags];
      const first = await interruptAfter(args, out, 3);
      assert.equal(first.code, 130, first.output);
      assert.match(first.output, /interrupted — stopping the episodes in flight/);
      assert.match(first.output, /interrupted: \d+ of \d+ tasks not run.*--resume --out/);
      const written = parseResultsJsonl(fs.readFileSync(path.join(out, 'results.jsonl'), 'utf8'));
      assert.equal(written.bad, 0);
      assert.ok(written.records.length >= 3);
      assert.ok(written.records.every((r) => r.terminated_by !== 'aborted'), 'no episode cut short is recorded as a verdict');
      const summary = JSON.parse(fs.readFileSync(path.join(out, 'summary.json'), 'utf8')) as { complete: boolean; not_run: number; total: number; interrupted: string[] };
      assert.equal(summary.complete, false);
      assert.equal(summary.total, written.records.length, 'the success rate counts only finished episodes');
      assert.ok(summary.not_run > 0);
      const doneBefore = new Set(written.records.map((r) => r.task));
      for (const t of summary.interrupted) assert.ok(!doneBefore.has(t), `${t} was cut short and is not recorded`);

      const again = phonebuddy([...args, '--out', out, '--resume']);
      const code = await again.exited;
      const all = parseResultsJsonl(fs.readFileSync(path.join(out, 'results.jsonl'), 'utf8')).records;
      assert.equal(code, 0, again.output());
      assert.match(again.output(), new RegExp(`${doneBefore.size} resumed from earlier`));
      // Every task exactly once: the resume ran the missing ones (the cut-short one among them) only.
      const counts = new Map<string, number>();
      for (const r of all) counts.set(r.task, (counts.get(r.task) ?? 0) + 1);
      assert.ok([...counts.values()].every((n) => n === 1), 'no task ran twice');
      assert.equal(all.length, written.records.length + summary.not_run);
      for (const t of summary.interrupted) assert.ok(counts.has(t), `${t} was run on resume`);
      const final = JSON.parse(fs.readFileSync(path.join(out, 'summary.json'), 'utf8')) as { complete?: boolean; total: number; success: number };
      assert.equal(final.complete, undefined);
      assert.equal(final.success, final.total);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
}

test('Ctrl-C with --parallel 2 (worker threads) cuts the episodes in flight short too', async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-run-sigint-threads-'));
  try {
    const first = await interruptAfter(['run', EXAMPLES, '--parallel', '2'], out, 2);
    assert.equal(first.code, 130, first.output);
    const written = parseResultsJsonl(fs.readFileSync(path.join(out, 'results.jsonl'), 'utf8')).records;
    assert.ok(written.every((r) => r.terminated_by !== 'aborted'));
    const summary = JSON.parse(fs.readFileSync(path.join(out, 'summary.json'), 'utf8')) as { not_run: number; total: number };
    assert.equal(summary.total, written.length);
    assert.ok(summary.not_run > 0);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
