// `local:<fixture>` end to end: `phonebuddy run` in a child process plays a task on the mock
// phone with the tiny scripted model in its worker thread — real load, real screenshot,
// real generation, parsed and acted on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tempFixture } from '../../model/testing/fixture';
import { createPolicy } from './index';
import { LocalModelPolicy } from './local';

const root = path.resolve(__dirname, '..', '..', '..');
const SCRIPT = 'The note field is at the top.</think>\n<tool_call>\n{"name": "click", "arguments": {"points": [[500, 300]]}}\n</tool_call>';

test('createPolicy understands local:<dir>', () => {
  const p = createPolicy('local:/models/PhoneBuddy-0.8B');
  assert.ok(p instanceof LocalModelPolicy);
  assert.equal(p.name, 'local:PhoneBuddy-0.8B');
  assert.throws(() => createPolicy('local:'), /give the model folder/);
});

test('run --policy local:<fixture> plays an episode on the mock phone through the model worker', async () => {
  const fx = tempFixture({ script: SCRIPT });
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-run-local-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'run', path.join(root, 'src', 'agent', 'testing', 'notes-write.task.yaml'),
      '--policy', `local:${fx.dir}`, '--max-pixels', '200704', '--max-steps', '3', '--out', out], { cwd: root });
    let err = '';
    child.stderr.on('data', (c) => { err += c; });
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    assert.equal(code, 1, `the scripted tap does not finish the task, so the run reports a failure: ${err}`);
    const lines = fs.readFileSync(path.join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.ok(lines.length >= 1);
    for (const l of lines) {
      assert.equal(l.policy, `local:${path.basename(fx.dir)}`);
      assert.equal(l.terminated_by, 'max-steps', JSON.stringify(l).slice(0, 400));
      assert.equal(l.trajectory.length, 3);
      for (const s of l.trajectory) {
        assert.equal(s.raw, SCRIPT);
        assert.equal(s.status, 'ok', s.error);
        assert.equal(s.action, 'click');
        assert.deepEqual(s.pixels[0], { x: 540, y: 720 }, 'points 0–1000 mapped onto the 1080×2400 mock phone');
      }
    }
  } finally {
    fx.cleanup();
    if (!process.env.KEEP) fs.rmSync(out, { recursive: true, force: true });
  }
});

test('the loop streams a local model\'s output as model-text events, growing to the decided text', async () => {
  const { Episode } = await import('../episode');
  const { createMockPhone } = await import('../../mockphone');
  const { closeLocalModels } = await import('./local');
  const fx = tempFixture({ script: SCRIPT });
  const phone = await createMockPhone({ seed: 0 });
  try {
    const ep = new Episode({ device: phone, policy: new LocalModelPolicy(fx.dir, { maxPixels: 200_704 }), goal: 'Tap the button', maxSteps: 1 });
    const texts: string[] = [];
    ep.on('model-text', (e) => texts.push(e.text));
    const summary = await ep.run();
    // The worker sends the first delta at once and batches the rest per 16 ms, so a fast
    // machine may see only a few events: streamed means more than one, each extending the last.
    assert.ok(texts.length >= 2 && texts[0].length < SCRIPT.length, `streamed (${texts.length} events, first ${texts[0]?.length} of ${SCRIPT.length} chars)`);
    for (let i = 1; i < texts.length; i++) assert.ok(texts[i].startsWith(texts[i - 1]) && texts[i].length > texts[i - 1].length, 'each event extends the last');
    assert.equal(texts.at(-1), SCRIPT);
    assert.equal(summary.steps[0].raw, SCRIPT);
  } finally {
    await closeLocalModels();
    await phone.close();
    fx.cleanup();
  }
});
