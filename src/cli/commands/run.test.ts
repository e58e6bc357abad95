// `phonebuddy run --policy openai:<url>` end to end: a child process runs the example notes
// tasks on mock phones against a local OpenAI-compatible server (port 0) that plays the model:
// it reads the goal and the history from each request, as a real model would see them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const root = path.resolve(__dirname, '..', '..', '..');

function fakeModel(): Promise<{ url: string; close: () => void; requests: number; failFirst: boolean }> {
  const state = { url: '', close: () => undefined as void, requests: 0, failFirst: true };
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => { data += c; });
    req.on('end', () => {
      state.requests++;
      if (state.failFirst) { state.failFirst = false; res.writeHead(503); res.end('warming up'); return; }
      const body = JSON.parse(data) as { messages: { content: { type: string; text?: string }[] }[] };
      const text = body.messages[1].content[2].text ?? '';
      const goal = /says "(.*)"\./.exec(text)?.[1] ?? '';
      const step = (text.match(/- Step \d+:/g) ?? []).length;
      const calls = [
        { name: 'open_app', arguments: { package: 'com.phonebuddy.notes' } },
        { name: 'click', arguments: { points: [[888, 895]] } },
        { name: 'type', arguments: { text: goal } },
        { name: 'click', arguments: { points: [[929, 78]] } },
        { name: 'finish', arguments: { text: 'Saved.' } },
      ];
      const call = calls[Math.min(step, calls.length - 1)];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: null, reasoning_content: `<think>step ${step + 1}</think>\n<tool_call>\n${JSON.stringify(call)}\n</tool_call>` }, finish_reason: 'stop' }] }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    state.close = () => { server.closeAllConnections(); server.close(); };
    resolve(state);
  }));
}

test('run --policy openai: passes the notes tasks through a served "model"', async () => {
  const model = await fakeModel();
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-run-oa-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'run', path.join(root, 'src', 'agent', 'testing', 'notes-write.task.yaml'),
      '--policy', `openai:${model.url}`, '--model', 'PhoneBuddy-4B', '--out', out], { cwd: root, env: { ...process.env, PHONEBUDDY_API_KEY: 'k' } });
    let err = '';
    child.stderr.on('data', (c) => { err += c; });
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    assert.equal(code, 0, err);
    const lines = fs.readFileSync(path.join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.ok(lines.length >= 1);
    for (const l of lines) {
      assert.equal(l.success, true, l.reason);
      assert.equal(l.policy, 'openai:PhoneBuddy-4B');
      assert.match(l.trajectory[0].raw, /<think>step 1<\/think>/);
    }
    assert.ok(model.requests >= lines.length * 5 + 1, 'one retried 503 plus five turns per task');
  } finally {
    model.close();
  }
});
