// The loop as the debugger drives it, on the real mock phone with a real example task: pause
// points, hook order, pending-action edits, checkpoints, exact rewinds, forks, restart frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { Episode } from './episode';
import type { EpisodeEvent, LoopPoint } from './events';
import { HOOK_ORDER, type LoopHook } from './hooks';
import type { Policy, PolicyDecision } from './policy';
import { HumanPolicy } from './policies/human';
import { ReplayPolicy } from './policies/replay';
import { SolutionPolicy } from './policies/solution';
import { toResultRecord } from './runner/results';
import { TinyPhone } from './testing/tiny-phone';
import type { TaskInstance } from '../task/runnable';
import type { MockPhone } from '../mockphone';

const NOTES = 'com.phonebuddy.notes';
const examples = path.join(__dirname, '..', '..', 'tasks-examples', 'single-app');

async function notesTask(): Promise<TaskInstance> {
  const { loadMockTasks: loadTasks } = await import('../studio/tasks');
  const { instances } = await loadTasks([path.join(examples, 'notes-create.task.yaml')], { seed: 0 });
  const t = instances.find((i) => i.params.body === 'Buy oat milk');
  assert.ok(t, 'notes.create has a "Buy oat milk" instance');
  return t;
}

async function phone(): Promise<MockPhone> {
  const { createMockPhone } = await import('../mockphone');
  return createMockPhone({ seed: 0 });
}

/** A hook that pauses where `when` says; the test drives the paused loop from `paused` events. */
function pauseWhen(name: string, when: (p: LoopPoint) => boolean, order: number = HOOK_ORDER.debugger): LoopHook {
  return { name, order, at: (p) => (when(p) ? { pause: `${name} at ${p.point}` } : undefined) };
}
const isAt = (point: LoopPoint['point'], step?: number) => (p: LoopPoint): boolean => p.point === point && (step === undefined || ('step' in p && p.step === step));

/** Everything a rewind must bring back: the screen's PNG, the UI tree, every table of every app. */
async function deviceState(d: MockPhone): Promise<{ png: Buffer; xml: string; tables: unknown; dbBytes: Buffer }> {
  const png = Buffer.from((await d.screenshot({ format: 'png' })).data);
  const xml = await d.uiTree();
  const tables: Record<string, unknown> = {};
  for (const pkg of [NOTES, 'com.android.providers.settings']) {
    const names = d.execSql(pkg, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")[0]?.values.map((v) => String(v[0])) ?? [];
    for (const n of names) tables[`${pkg}/${n}`] = d.execSql(pkg, `SELECT * FROM "${n}"`);
  }
  return { png, xml, tables, dbBytes: Buffer.from(d.databaseBytes(NOTES)) };
}

test('hooks run in order at every point; pause/resume events; the recorder is awaited at the step boundary', async () => {
  const device = await phone();
  const task = await notesTask();
  const log: string[] = [];
  const logger = (name: string, order: number, slow = false): LoopHook => ({
    name, order,
    async at(p) {
      log.push(`${name}:${p.point}`);
      if (slow && p.point === 'step-end') {
        await new Promise((r) => setTimeout(r, 15));
        log.push(`${name}:flushed`);
      }
      return undefined;
    },
  });
  const ep = new Episode({ device, policy: new SolutionPolicy(), task, hooks: [logger('recorder', HOOK_ORDER.recorder, true), logger('panel', HOOK_ORDER.panel)] });
  ep.use(logger('debugger', HOOK_ORDER.debugger));
  ep.use(pauseWhen('bp', isAt('before-action', 2), HOOK_ORDER.debugger));
  const events: EpisodeEvent[] = [];
  let step2Start = 0;
  let step2Wall = 0;
  ep.onAny((e) => {
    events.push(e);
    if (e.type === 'step-started') log.push(`step-started:${e.step}`);
    if (e.type === 'step-started' && e.step === 2) step2Start = performance.now();
    if (e.type === 'acted' && e.step === 2) step2Wall = performance.now() - step2Start;
    if (e.type === 'paused') {
      assert.equal(ep.state, 'paused');
      assert.equal(ep.paused?.point, 'before-action');
      assert.equal(ep.current?.action?.type, 'click');
      setTimeout(() => ep.resume(), 250);
    }
  });
  const s = await ep.run();
  assert.equal(s.success, true, s.reason);
  const step1 = log.slice(0, log.indexOf('step-started:2'));
  assert.deepEqual(step1, [
    'step-started:1',
    'debugger:step-start', 'panel:step-start', 'recorder:step-start',
    'debugger:before-decision', 'panel:before-decision', 'recorder:before-decision',
    'debugger:before-action', 'panel:before-action', 'recorder:before-action',
    'debugger:step-end', 'panel:step-end', 'recorder:step-end', 'recorder:flushed',
  ]);
  const paused = events.filter((e) => e.type === 'paused');
  assert.equal(paused.length, 1);
  assert.deepEqual(paused[0].type === 'paused' && paused[0].pause, { step: 2, point: 'before-action', reason: 'bp at before-action', by: 'bp' });
  const kinds = events.filter((e) => e.type !== 'state').map((e) => e.type);
  assert.equal(kinds.indexOf('resumed'), kinds.indexOf('paused') + 1);
  assert.ok(log.includes('debugger:verifier') && log.at(-1) === 'recorder:episode-end', 'verifier and episode-end points run after the steps');
  assert.ok(s.steps[1].timings.total <= step2Wall - 240, `time paused is not counted in the step (${s.steps[1].timings.total} ms of ${step2Wall} ms)`);
});

test('editing the pending action: the edit runs and is recorded as a correction; the model\'s original is kept', async () => {
  const device = await phone();
  const task = await notesTask();
  const ep = new Episode({ device, policy: new SolutionPolicy(), task, hooks: [pauseWhen('debugger', (p) => p.point === 'before-action' && p.action.type === 'type')] });
  const edits: EpisodeEvent[] = [];
  ep.on('action-edited', (e) => edits.push(e));
  ep.on('paused', () => {
    ep.editAction({ type: 'type', text: 'Buy soy milk' });
    ep.resume();
  });
  const s = await ep.run();
  const typed = s.steps.find((r) => r.call?.name === 'type')!;
  assert.deepEqual(typed.call, { name: 'type', args: { text: 'Buy soy milk' } });
  assert.deepEqual(typed.correction?.original, { type: 'type', text: 'Buy oat milk' });
  assert.equal(typed.correction?.by, 'debugger');
  assert.equal(edits.length, 1);
  assert.equal(s.verify?.passed, false, 'the verifier sees the corrected action, not the model\'s');
  assert.deepEqual(device.execSql(NOTES, 'SELECT body FROM notes WHERE body = ?', ['Buy soy milk'])[0]?.values, [['Buy soy milk']]);
  const rec = toResultRecord(s, task.instanceId, device.id, 'solution');
  const t = rec.trajectory.find((x) => x.action === 'type')!;
  assert.equal(t.corrected_by, 'debugger');
  assert.deepEqual(t.original, { action: 'type', args: { text: 'Buy oat milk' } });
  assert.throws(() => ep.editAction({ type: 'wait', ms: 1 }), /no pending action/);
});

test('failure points: unparsable output pauses; an action supplied there runs as a correction; failed actions and verifiers pause too', async () => {
  const device = await phone();
  const task = await notesTask();
  const outputs = ['I am lost }{', '<tool_call>{"name": "open_app", "arguments": {"app": "com.nope"}}</tool_call>', '<tool_call>{"name": "finish", "arguments": {"text": "x"}}</tool_call>'];
  let i = 0;
  const model: Policy = { name: 'model', async next(): Promise<PolicyDecision> { return { kind: 'text', output: { content: outputs[i++] ?? '' } }; } };
  const ep = new Episode({ device, policy: model, task, hooks: [pauseWhen('debugger', (p) => p.point === 'failure')] });
  const failures: string[] = [];
  ep.on('paused', (e) => {
    failures.push(e.pause.failure ?? '?');
    if (e.pause.failure === 'unparsable-output') ep.editAction({ type: 'open_app', app: NOTES }, 'panel');
    ep.resume();
  });
  const s = await ep.run();
  assert.deepEqual(failures, ['unparsable-output', 'action-failed', 'verifier-failed']);
  assert.equal(s.steps[0].status, 'ok');
  assert.equal(s.steps[0].raw, 'I am lost }{', 'the model\'s raw output stays in the record');
  assert.deepEqual(s.steps[0].correction, { by: 'panel' });
  assert.deepEqual(s.steps[0].call, { name: 'open_app', args: { app: NOTES } });
  assert.equal(s.steps[1].status, 'failed');
});

test('rewind restores the checkpoint exactly: PNG screenshot, UI tree, databases, history and records; the run then completes', async () => {
  const device = await phone();
  const task = await notesTask();
  const ep = new Episode({ device, policy: new SolutionPolicy(), task, checkpoints: true, hooks: [pauseWhen('debugger', (p) => p.point === 'before-action' && (p.step === 2 || p.step === 4))] });
  let atStep2: Awaited<ReturnType<typeof deviceState>> | undefined;
  let rewound = false;
  let rewinding = false;
  const seen: string[] = [];
  ep.onAny((e) => { if (e.type === 'rewound' || e.type === 'paused') seen.push(`${e.type}:${e.type === 'rewound' ? e.step : e.pause.step}`); });
  ep.on('paused', (e) => {
    if (rewinding) return; // the re-entered pause: the rewind's caller handles it
    void (async () => {
      if (e.pause.step === 2 && !atStep2) atStep2 = await deviceState(device);
      else if (e.pause.step === 4 && !rewound) {
        rewound = true;
        rewinding = true;
        assert.equal(ep.stepRecords.length, 3);
        await ep.rewind(2);
        // Paused again, at step 2's recorded decision, before its action.
        assert.equal(ep.paused?.point, 'before-action');
        assert.equal(ep.paused?.step, 2);
        assert.equal(ep.current?.action?.type, 'click');
        assert.equal(ep.stepRecords.length, 1);
        assert.equal(ep.historySteps.length, 1);
        const now = await deviceState(device);
        assert.ok(now.png.equals(atStep2!.png), 'byte-identical screenshot');
        assert.equal(now.xml, atStep2!.xml);
        assert.deepEqual(now.tables, atStep2!.tables);
        assert.ok(now.dbBytes.equals(atStep2!.dbBytes), 'byte-identical database file');
        rewinding = false;
      }
      ep.resume();
    })().catch((err: unknown) => { ep.stop(String(err)); throw err; });
  });
  const s = await ep.run();
  assert.ok(rewound);
  assert.deepEqual(seen, ['paused:2', 'paused:4', 'rewound:2', 'paused:2', 'paused:4']);
  assert.equal(s.success, true, s.reason);
  assert.deepEqual(s.steps.map((r) => r.step), [1, 2, 3, 4, 5]);
  assert.ok(ep.checkpoints().every((c) => c.bytes > 0 && c.ms >= 0));
  await assert.rejects(ep.rewind(1), /has ended: fork/);
});

test('fork: a new episode from a checkpoint with another action, its own id, records and verdict; the parent is untouched', async () => {
  const device = await phone();
  const task = await notesTask();
  const ep = new Episode({ device, policy: new SolutionPolicy(), task, checkpoints: { keep: 8 } });
  const parent = await ep.run();
  assert.equal(parent.success, true);
  const branchPhone = await phone();
  const fork = ep.fork(3, { type: 'type', text: 'Buy no milk' }, { device: branchPhone, policy: new SolutionPolicy() });
  const started: EpisodeEvent[] = [];
  fork.on('episode-started', (e) => started.push(e));
  const f = await fork.run();
  assert.notEqual(f.episodeId, parent.episodeId);
  assert.deepEqual(f.parent, { episodeId: parent.episodeId, step: 3 });
  assert.deepEqual(started[0].type === 'episode-started' && started[0].parent, { episodeId: parent.episodeId, step: 3 });
  assert.equal(f.verify?.passed, false, 'the branch typed something else');
  assert.deepEqual(f.steps.map((r) => r.step), [1, 2, 3, 4, 5]);
  assert.deepEqual(f.steps.slice(0, 2), parent.steps.slice(0, 2), 'steps before the fork are the parent\'s');
  assert.equal(f.steps[2].correction?.by, 'fork');
  assert.equal(parent.steps[2].correction, undefined);
  assert.deepEqual(device.execSql(NOTES, "SELECT count(*) FROM notes WHERE body = 'Buy oat milk'")[0].values, [[1]]);
  assert.deepEqual(branchPhone.execSql(NOTES, "SELECT count(*) FROM notes WHERE body = 'Buy oat milk'")[0].values, [[0]]);
  assert.throws(() => ep.fork(9), /no checkpoint before step 9/);
});

test('checkpoint memory is bounded (keep N); rewinding past them, or on a device without snapshots, is refused clearly', async () => {
  const device = await phone();
  const task = await notesTask();
  const e2 = new Episode({ device, policy: new SolutionPolicy(), task, checkpoints: { keep: 2 }, hooks: [pauseWhen('debugger', isAt('before-action', 4))] });
  const errors: string[] = [];
  e2.on('paused', () => {
    e2.rewind(1).catch((err: Error) => { errors.push(err.message); e2.resume(); });
  });
  assert.equal((await e2.run()).success, true);
  assert.match(errors[0], /no checkpoint before step 1 \(kept: steps 3–4; the last 2 are kept/);
  assert.throws(() => new Episode({ device, policy: new SolutionPolicy(), checkpoints: { keep: 0 } }), /positive integer/);

  const tiny = new TinyPhone();
  const e3 = new Episode({ device: tiny, goal: 'g', policy: new HumanPolicy(), checkpoints: true, hooks: [pauseWhen('debugger', isAt('before-decision'))] });
  e3.on('paused', () => {
    e3.rewind(1).catch((err: Error) => { errors.push(err.message); e3.stop('done looking'); });
  });
  const s3 = await e3.run();
  assert.match(errors[1], /needs a device that can snapshot its state \(the mock phone\); tiny:1 is a mock device/);
  assert.equal(s3.terminatedBy, 'aborted');
  assert.match(s3.reason, /done looking/);
});

test('restart frame re-asks the policy from its state before the decision; requestPause stops at the next point', async () => {
  const device = await phone();
  const task = await notesTask();
  const answers = [
    '<tool_call>{"name": "open_app", "arguments": {"app": "com.android.settings"}}</tool_call>',
    `<tool_call>{"name": "open_app", "arguments": {"app": "${NOTES}"}}</tool_call>`,
    '<tool_call>{"name": "finish", "arguments": {"text": "ok"}}</tool_call>',
  ];
  let asked = 0;
  const model: Policy = { name: 'model', async next(): Promise<PolicyDecision> { return { kind: 'text', output: { content: answers[asked++] } }; } };
  const ep = new Episode({ device, policy: model, task, checkpoints: true });
  let restarted = false;
  ep.on('step-started', (e) => { if (e.step === 1) ep.requestPause(); });
  ep.on('paused', (e) => {
    if (e.pause.point === 'step-start') { assert.equal(e.pause.reason, 'pause requested'); ep.requestPause(); ep.resume(); return; }
    if (e.pause.point === 'before-decision') { ep.requestPause(); ep.resume(); return; }
    if (!restarted) {
      restarted = true;
      assert.equal(ep.current?.action?.type === 'open_app' && ep.current.action.app, 'com.android.settings');
      ep.requestPause();
      void ep.redecide();
      return;
    }
    assert.equal(ep.current?.action?.type === 'open_app' && ep.current.action.app, NOTES);
    ep.resume();
  });
  const s = await ep.run();
  assert.equal(asked, 3);
  assert.deepEqual(s.steps.map((r) => r.call?.args.app ?? r.call?.name), [NOTES, 'finish']);
});

test('policies snapshot and restore their progress', async () => {
  const sol = new SolutionPolicy();
  sol.begin({ task: { instanceId: 'x', solution: [{ tool: 'wait', args: {} }, { tool: 'finish', args: { text: 'a' } }] } });
  const ctx = { task: { instanceId: 'x' } } as never;
  const s0 = sol.snapshot();
  assert.equal((await sol.next(ctx) as { call: { name: string } }).call.name, 'wait');
  sol.restore(s0);
  assert.equal((await sol.next(ctx) as { call: { name: string } }).call.name, 'wait');
  assert.throws(() => sol.restore({ index: -1 }), /cannot restore/);
  const human = new HumanPolicy();
  human.push({ type: 'wait', ms: 5 });
  const h0 = human.snapshot();
  await human.next({ signal: new AbortController().signal } as never);
  assert.equal(human.pending, 0);
  human.restore(h0);
  assert.equal(human.pending, 1);
  const fs = await import('node:fs');
  const os = await import('node:os');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'replay-')), 'steps.json');
  fs.writeFileSync(file, JSON.stringify([{ action: 'wait', args: {} }, { action: 'finish', args: { text: 'a' } }]));
  const replay = new ReplayPolicy(file);
  replay.begin({ goal: '' });
  await replay.next(ctx);
  const r1 = replay.snapshot();
  assert.equal((await replay.next(ctx) as { call: { name: string } }).call.name, 'finish');
  replay.restore(r1);
  assert.equal((await replay.next(ctx) as { call: { name: string } }).call.name, 'finish');
});
