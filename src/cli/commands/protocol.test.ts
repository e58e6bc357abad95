// `phonebuddy protocol` and `phonebuddy run` as a user runs them (a child process per case).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readHistory } from './protocol';

const root = path.resolve(__dirname, '..', '..', '..');
function cli(args: string[], input?: string): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: root, input, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('protocol prompt prints the request with history and an image placeholder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-cli-'));
  const steps = path.join(dir, 'steps.json');
  fs.writeFileSync(steps, JSON.stringify([{ thought: '打开', action: 'open_app', args: { package: 'com.x' } }, { thought: 't', action: 'click', args: { points: [[1, 2]] } }]));
  const r = cli(['protocol', 'prompt', '--goal', 'Do it', '--history', steps]);
  assert.equal(r.code, 0, r.err);
  const msgs = JSON.parse(r.out);
  assert.deepEqual(msgs[0], { role: 'system', content: '' });
  assert.equal(msgs[1].content[1].image_url.url, 'data:image/jpeg;base64,<screenshot>');
  assert.equal(msgs[1].content[2].text, '# Instruction\nDo it\n\n# History of Previous Actions\n- Step 1:\nThought: 打开\nAction: open_app({"app": "com.x"})\n- Step 2:\nThought: t\nAction: click({"points": [[1, 2]]})');
  fs.writeFileSync(steps, '[{"thought": "f", "action": "click", "args": {"points": [[1.0, 2]]}}]');
  const f = cli(['protocol', 'prompt', '--goal', 'g', '--history', steps]);
  assert.match(JSON.parse(f.out)[1].content[2].text, /Action: click\(\{"points": \[\[1\.0, 2\]\]\}\)$/);
  fs.writeFileSync(steps, '[{"thought": "x"}]');
  const bad = cli(['protocol', 'prompt', '--goal', 'g', '--history', steps]);
  assert.equal(bad.code, 1);
  assert.match(bad.err, /step 1 needs "action"/);
});

test('protocol prompt --image sends a PNG as a JPEG (quality 90) data URL', async () => {
  const sharp = (await import('sharp')).default;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-cli-'));
  const png = path.join(dir, 'shot.png');
  await sharp({ create: { width: 8, height: 16, channels: 3, background: '#336699' } }).png().toFile(png);
  const r = cli(['protocol', 'prompt', '--goal', 'g', '--image', png]);
  assert.equal(r.code, 0, r.err);
  const url: string = JSON.parse(r.out)[1].content[1].image_url.url;
  assert.match(url, /^data:image\/jpeg;base64,\/9j\//);
  const meta = await sharp(Buffer.from(url.split(',')[1], 'base64')).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 8, 16]);
  const missing = cli(['protocol', 'prompt', '--goal', 'g', '--image', path.join(dir, 'nope.png')]);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /ENOENT|no such file/);
});

test('protocol parse reads stdin or files and prints the action with points in 0–1000', () => {
  const ok = cli(['protocol', 'parse'], '<think>hm</think><tool_call>{"name": "Long_Press", "arguments": {"coordinate": [300.9, 640], "duration": 900}}</tool_call>');
  assert.equal(ok.code, 0, ok.err);
  assert.deepEqual(JSON.parse(ok.out), { action: 'long_press', args: { duration: 900, points: [[300, 640]] }, thought: 'hm' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-cli-'));
  fs.writeFileSync(path.join(dir, 'c.txt'), '<tool_call>{"name": "finish", "arguments": {"text": "ok"}}</tool_call>');
  fs.writeFileSync(path.join(dir, 'r.txt'), 'thinking hard');
  const split = cli(['protocol', 'parse', '--content-file', path.join(dir, 'c.txt'), '--reasoning-file', path.join(dir, 'r.txt')]);
  assert.deepEqual(JSON.parse(split.out), { action: 'finish', args: { text: 'ok' }, thought: 'thinking hard' });
  const bad = cli(['protocol', 'parse'], 'no tool call here');
  assert.equal(bad.code, 1);
  assert.equal(JSON.parse(bad.out).error.kind, 'no-tool-call');
});

test('run: bad usage is exit 2 with a clear message', () => {
  const r = cli(['run', 'tasks-examples', '--device', 'floppy']);
  assert.equal(r.code, 2);
  assert.match(r.err, /--device must be mock, adb:<serial> or androidworld:<url>/);
  const p = cli(['run', 'tasks-examples', '--policy', 'magic']);
  assert.equal(p.code, 2);
  assert.match(p.err, /unknown policy 'magic'/);
});

test('run: tasks pass with the solution policy, shard 1/2 on two threads, then resume the rest', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-run-cli-'));
  const tasks = path.join(root, 'src', 'agent', 'testing', 'notes-write.task.yaml');
  const a = cli(['run', tasks, '--out', out, '--shard', '1/2', '--parallel', '2', '--no-screenshots']);
  assert.equal(a.code, 0, a.err);
  const first = fs.readFileSync(path.join(out, 'results.jsonl'), 'utf8').trim().split('\n').length;
  const b = cli(['run', tasks, '--out', out, '--resume', '--no-screenshots']);
  assert.equal(b.code, 0, b.err);
  assert.match(b.out, /resumed from earlier/);
  const summary = JSON.parse(fs.readFileSync(path.join(out, 'summary.json'), 'utf8'));
  assert.equal(first, 2);
  assert.equal(summary.total, 4);
  assert.equal(summary.success, 4);
});

test('readHistory validates steps.json', () => {
  assert.throws(() => readHistory('{', 'f.json'), /f.json is not valid JSON/);
  assert.throws(() => readHistory('{}', 'f.json'), /must be a JSON array/);
  assert.throws(() => readHistory('[{"action": "click", "args": []}]', 'f.json'), /"args" must be an object/);
});
