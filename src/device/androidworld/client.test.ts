import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AndroidWorldClient } from './client';
import { DeviceError } from '../errors';

/** A loopback server that answers each path with a fixed raw body. */
async function serve(bodies: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const body = bodies[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(body ?? '{"detail":"Not Found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

test('response bodies are checked: a wrong one is a server error that names the field', async () => {
  const s = await serve({
    '/suite/task_list': '{"task_list": ["a", 2]}',
    '/task/score': '{"score": "1.0"}',
    '/task/goal': '{"goal": "Open notes", "extra": 1}',
    '/reset': 'not json',
    '/screenshot': '{"pixels": [1, 2]}',
  });
  try {
    const c = new AndroidWorldClient(s.url);
    const fails = async (p: Promise<unknown>, re: RegExp) => {
      await assert.rejects(p, (e: unknown) => e instanceof DeviceError && e.code === 'server' && re.test(e.message), String(re));
    };
    await fails(c.taskList(), /GET \/suite\/task_list answered an unexpected body: body\.task_list\[1\]: expected a string, got 2/);
    await fails(c.taskScore('x'), /GET \/task\/score answered an unexpected body: body\.score: expected a finite number, got "1\.0"/);
    await fails(c.reset(), /POST \/reset answered with a body that is not JSON/);
    await fails(c.screenshotRgb(), /body\.pixels: expected rows of \[r, g, b\] pixels/);
    // Fields a newer server adds are dropped, not rejected.
    assert.equal(await c.taskGoal('x'), 'Open notes');
  } finally {
    await s.close();
  }
});
