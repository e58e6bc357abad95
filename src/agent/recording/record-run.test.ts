// Recording from the runner, end to end on a real Device: every step is in the episode folder
// (screenshot bytes as the model got them, UI tree, instruction as sent), the phonebuddy
// export is byte-equal to the requests the loop built, and the other formats validate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSuite, mockPool } from '../runner/run-suite';
import { Episode } from '../episode';
import type { Policy, PolicyContext, PolicyDecision } from '../policy';
import { TinyPhone, NOTES_PKG } from '../testing/tiny-phone';
import { saveNoteTask } from '../testing/tiny-tasks';
import { readEpisode, findEpisodeFolders } from '../../trajectory';
import { exportTrajectories, validateExport } from '../../trajectory/export';
import { attachRecorder } from './attach';
import { parseResultsJsonl } from '../runner/results';

const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'pb-rec-'));

/** A "model" that answers from a script and keeps every request the loop built for it. */
class ScriptedModel implements Policy {
  readonly name = 'scripted-model';
  readonly requests: string[] = [];
  readonly images: Buffer[] = [];
  private i = 0;
  constructor(private readonly outputs: string[]) {}
  async next(ctx: PolicyContext): Promise<PolicyDecision> {
    this.requests.push(JSON.stringify(ctx.request()));
    this.images.push(ctx.observation.screenshot!.data);
    const out = this.outputs[this.i++];
    return out === undefined ? { kind: 'exhausted', message: 'script done' } : { kind: 'text', output: { content: out } };
  }
}

const turn = (thought: string, name: string, args: string): string => `<think>${thought}</think>\n<tool_call>\n{"name": "${name}", "arguments": ${args}}\n</tool_call>`;
const SCRIPT = [
  turn('Open Notes first.', 'open_app', `{"package": "${NOTES_PKG}"}`),
  turn('Tap the field.', 'click', '{"points": [[500, 175.0]]}'),
  'I am not sure what to do', // unparsable: a failed step without a call
  turn('Type the note — «hi» 你好.', 'type', '{"text": "hi"}'),
  turn('Save it.', 'click', '{"points": [[262, 425]]}'),
  turn('Done.', 'finish', '{"text": "saved hi"}'),
];

test('run --record: each step is recorded exactly and the phonebuddy export is byte-equal to what the loop sent', async () => {
  const out = tmp();
  const rec = path.join(out, 'trajectories');
  const model = new ScriptedModel(SCRIPT);
  const phone = new TinyPhone();
  const task = saveNoteTask(phone, 'hi');
  const r = await runSuite({ instances: [task], outDir: out, policy: () => model, pool: mockPool(1, async () => phone), record: { root: rec } });
  assert.equal(r.records[0].success, true);
  const folders = findEpisodeFolders([rec]);
  assert.equal(folders.length, 1);
  const line = parseResultsJsonl(fs.readFileSync(r.resultsPath, 'utf8')).records[0];
  assert.equal(line.trajectory_dir, folders[0], 'results.jsonl points at the episode folder');

  const ep = await readEpisode(folders[0]);
  assert.deepEqual(ep.problems, []);
  assert.equal(ep.manifest.status, 'complete');
  assert.equal(ep.manifest.source, 'run');
  assert.equal(ep.manifest.task?.instanceId, task.instanceId);
  assert.deepEqual(ep.manifest.device.screen, { width: 400, height: 800, density: 160 });
  assert.equal(ep.manifest.outcome?.success, true);
  assert.equal(ep.manifest.outcome?.verify?.passed, true);
  assert.equal(ep.steps.length, 6);
  assert.equal(ep.steps[2].status, 'failed');
  assert.equal(ep.steps[2].call, undefined);
  assert.equal(ep.steps[2].raw, 'I am not sure what to do');
  for (let i = 0; i < 6; i++) {
    assert.ok(fs.readFileSync(path.join(ep.folder, ep.steps[i].screenshot!.file)).equals(model.images[i]), `step ${i + 1}: the JPEG the model got`);
    assert.match(fs.readFileSync(path.join(ep.folder, ep.steps[i].uiTree!.file), 'utf8'), /<hierarchy/);
    const sent = JSON.parse(model.requests[i]) as { content: unknown }[];
    assert.equal(ep.steps[i].instruction, (sent[1].content as { text: string }[])[2].text, `step ${i + 1}: instruction as sent`);
  }
  assert.deepEqual(ep.steps[1].pixels, [{ x: 200, y: 140 }]);
  assert.equal(ep.steps[1].targetNode?.['resource-id'], `${NOTES_PKG}:id/field`);

  const pb = path.join(out, 'export-pb');
  const stats = await exportTrajectories({ inputs: [rec], format: 'phonebuddy', outDir: pb });
  assert.equal(stats.steps.exported, 5, 'the failed step without a call is left out');
  assert.equal(stats.steps.skipped.noAction, 1);
  assert.deepEqual([stats.steps.human, stats.steps.emptyThought], [0, 0], 'a model\'s steps: no person, every target has its thought');
  const samples = fs.readFileSync(path.join(pb, 'train.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { messages: unknown[]; step: number });
  for (const s of samples) {
    assert.equal(JSON.stringify(s.messages.slice(0, -1)), model.requests[s.step - 1], `step ${s.step}: the sample's request is byte-equal to the loop's`);
  }
  const v = validateExport(pb);
  assert.deepEqual(v.errors, []);
  assert.equal(v.samples, 5);
  assert.equal(v.images, 5);
  // The target of step 2 keeps the model's float literal, so the history it trains is exact.
  assert.match((samples[1].messages.at(-1) as { content: string }).content, /\[\[500, 175\.0\]\]/);
});

test('llamafactory and swift exports validate; <image> tags match images; images are the recorded bytes', async () => {
  const out = tmp();
  const rec = path.join(out, 'rec');
  for (const text of ['a', 'b', 'c', 'd']) {
    const phone = new TinyPhone();
    await runSuite({ instances: [saveNoteTask(phone, text)], outDir: path.join(out, `run-${text}`), policy: () => new ScriptedModel(SCRIPT.map((s) => s.replace('"hi"', `"${text}"`))), pool: mockPool(1, async () => phone), record: { root: rec } });
  }
  for (const format of ['llamafactory', 'swift'] as const) {
    const dir = path.join(out, format);
    const stats = await exportTrajectories({ inputs: [rec], format, outDir: dir, split: 0.5, seed: 3 });
    assert.equal(stats.episodes.exported, 4);
    assert.equal(stats.steps.train + stats.steps.val, 20);
    assert.equal(stats.success.rate, 1);
    assert.equal(stats.perAction.click, 8);
    assert.equal(stats.perApp[NOTES_PKG] > 0, true);
    const v = validateExport(dir);
    assert.deepEqual(v.errors, []);
    const first = JSON.parse(fs.readFileSync(path.join(dir, stats.files[0].file), 'utf8').split('\n')[0]);
    assert.equal(first.messages.find((m: { role: string }) => m.role === 'user').content.split('<image>').length - 1, first.images.length);
    const ep = await readEpisode(findEpisodeFolders([rec])[0]);
    assert.ok(ep.steps.length > 0);
    if (format === 'llamafactory') {
      const info = JSON.parse(fs.readFileSync(path.join(dir, 'dataset_info.json'), 'utf8'));
      // Episode ids are random, so which sides are non-empty varies: every written file is registered.
      assert.deepEqual(Object.values(info).map((d) => (d as { file_name: string }).file_name).sort(), stats.files.map((f) => f.file).sort());
      const entry = info[`phonebuddy_${stats.files[0].split}`];
      assert.equal(entry.formatting, 'sharegpt');
      assert.equal(entry.columns.images, 'images');
    } else {
      assert.equal(JSON.parse(first.tools).length, 12);
    }
    // The same seed gives the same split; the files are identical byte for byte.
    const again = path.join(out, `${format}-again`);
    await exportTrajectories({ inputs: [rec], format, outDir: again, split: 0.5, seed: 3 });
    for (const f of stats.files) assert.ok(fs.readFileSync(path.join(dir, f.file)).equals(fs.readFileSync(path.join(again, f.file))), f.file);
  }
});

test('a correction is recorded with the original kept, and exports as a preference pair', async () => {
  const out = tmp();
  const phone = new TinyPhone();
  const model = new ScriptedModel([turn('Go home.', 'button_press', '{"type": "home"}'), turn('Done.', 'finish', '{"text": "ok"}')]);
  const ep = new Episode({
    device: phone, policy: model, goal: 'open notes',
    beforeAction: async ({ action }) => {
      if (action.type === 'button_press') return { type: 'open_app', app: NOTES_PKG };
    },
  });
  const rec = attachRecorder(ep, { root: out, source: 'debug', device: phone });
  await ep.run();
  await rec.finished();
  const r = await readEpisode(rec.recorder.folder!);
  const s1 = r.steps[0];
  assert.equal(s1.call?.name, 'open_app');
  assert.equal(s1.corrected?.call?.name, 'button_press');
  assert.equal(s1.corrected?.action?.type, 'button_press');
  assert.equal(s1.human, true);
  assert.equal(r.steps[1].corrected, undefined);
  assert.equal(r.steps[1].instruction.includes(`open_app({"app": "${NOTES_PKG}"})`), true, 'the next step saw the correction in its history');

  const dir = path.join(out, 'pref');
  const stats = await exportTrajectories({ inputs: [rec.recorder.folder!], format: 'phonebuddy', outDir: dir, rejected: true });
  assert.equal(stats.steps.preference, 1);
  const pair = JSON.parse(fs.readFileSync(path.join(dir, 'train.preference.jsonl'), 'utf8'));
  assert.match(pair.chosen, /"open_app"/);
  assert.match(pair.rejected, /"button_press"/);
  assert.deepEqual(validateExport(dir).errors, []);
});

test('export never aborts on bad episodes: corrupt ones are named and skipped, cut-off ones give their complete steps, duplicates are dropped', async () => {
  const out = tmp();
  const rec = path.join(out, 'rec');
  for (let i = 0; i < 2; i++) {
    const phone = new TinyPhone();
    await runSuite({ instances: [saveNoteTask(phone, 'hi')], outDir: path.join(out, `r${i}`), policy: () => new ScriptedModel(SCRIPT), pool: mockPool(1, async () => phone), record: { root: rec } });
  }
  const [a, b] = findEpisodeFolders([rec]);
  // b: cut off in the middle of its last line; a third folder with a broken manifest; a missing screenshot in a.
  const stepsB = path.join(b, 'steps.jsonl');
  const text = fs.readFileSync(stepsB, 'utf8');
  fs.writeFileSync(stepsB, text.slice(0, text.length - 40));
  fs.mkdirSync(path.join(rec, 'broken'));
  fs.writeFileSync(path.join(rec, 'broken', 'manifest.json'), '{not json');
  fs.rmSync(path.join(a, '0004.jpg'));
  const warnings: string[] = [];
  const stats = await exportTrajectories({ inputs: [rec, path.join(out, 'nowhere')], format: 'phonebuddy', outDir: path.join(out, 'x'), warn: (m) => warnings.push(m) });
  assert.equal(stats.episodes.corrupt, 1);
  assert.ok(warnings.some((w) => w.includes('broken') && /unreadable manifest/.test(w)), warnings.join('\n'));
  assert.ok(warnings.some((w) => w.includes(b) && /cut off/.test(w)));
  assert.ok(warnings.some((w) => w.includes(a) && /0004\.jpg is missing/.test(w)));
  assert.ok(warnings.some((w) => /nowhere: no such file/.test(w)));
  assert.equal(stats.steps.skipped.missingScreenshot, 1);
  // Both episodes are the same script on the same phone: b's steps duplicate a's, except the one a lost.
  assert.equal(stats.steps.exported, 5);
  assert.ok(stats.steps.skipped.duplicate >= 3);
  assert.deepEqual(validateExport(path.join(out, 'x')).errors, []);
});

test('--validate catches what a trainer would trip over', async () => {
  const dir = tmp();
  fs.mkdirSync(path.join(dir, 'images'));
  fs.writeFileSync(path.join(dir, 'images', 'a.jpg'), 'not a jpeg');
  const SYS = (await import('../../protocol')).SYSTEM_PROMPT;
  const lines = [
    { messages: [{ role: 'user', content: `${SYS}<image><image># Instruction\nx` }, { role: 'assistant', content: '<think>t</think>\n<tool_call>\n{"name": "click", "arguments": {"points": [[1, 2]]}}\n</tool_call>' }], images: ['images/a.jpg'] },
    { messages: [{ role: 'user', content: `${SYS}<image># Instruction\nx` }, { role: 'assistant', content: 'no call here' }], images: ['../etc/passwd'] },
  ];
  fs.writeFileSync(path.join(dir, 'train.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"cut`);
  const v = validateExport(dir);
  assert.match(v.errors.join('\n'), /2 <image> tag\(s\) but 1 image/);
  assert.match(v.errors.join('\n'), /images\/a\.jpg is not a JPEG/);
  assert.match(v.errors.join('\n'), /the target does not parse/);
  assert.match(v.errors.join('\n'), /not a relative path inside the export/);
  assert.match(v.errors.join('\n'), /last line is cut off/);
});
