// The AndroidWorld server under bad requests: a malformed request target, an oversize body,
// a body that is not JSON or not an action. Each gets a clear error and the server keeps serving.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { MAX_BODY_BYTES, startAndroidWorldServer } from './server';
import { TinyPhone, NOTES_PKG } from '../testing/tiny-phone';
import { saveNoteTask } from '../testing/tiny-tasks';

/** Writes raw bytes and reads the reply until the server closes the connection. */
function raw(port: number, payload: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(payload));
    let out = '';
    s.on('data', (d) => { out += d.toString('latin1'); });
    s.on('close', () => resolve(out));
    s.on('error', (e) => (out ? resolve(out) : reject(e)));
  });
}

test('bad requests get clear errors and the server keeps serving', async () => {
  const phone = new TinyPhone();
  const server = await startAndroidWorldServer({ phone, tasks: [saveNoteTask(phone, 'a')], port: 0, appNames: { Notes: NOTES_PKG } });
  try {
    const bad = await raw(server.port, 'GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.match(bad, /^HTTP\/1\.1 400/);
    assert.match(bad, /the request target is not a valid URL: \\"http:\/\/\[\\"/);
    assert.equal((await fetch(`${server.url}/health`)).status, 200, 'still serving after a malformed target');

    const huge = await fetch(`${server.url}/execute_action`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"action_type":"input_text","text":"${'x'.repeat(MAX_BODY_BYTES)}"}` }).catch((e: Error) => e);
    assert.ok(!(huge instanceof Error), `the 413 reached the client: ${String(huge)}`);
    assert.equal(huge.status, 413);
    assert.match(((await huge.json()) as { detail: string }).detail, /request body over 1048576 bytes/);

    const notJson = await fetch(`${server.url}/execute_action`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"action_type": ' });
    assert.deepEqual([notJson.status, await notJson.json()], [422, { detail: 'body is not valid JSON' }]);
    const wrong = await fetch(`${server.url}/execute_action`, { method: 'POST', body: JSON.stringify({ action_type: 'click', x: 'left', y: 1e309 }) });
    assert.equal(wrong.status, 422);
    assert.equal((await fetch(`${server.url}/health`)).status, 200, 'still serving');
  } finally {
    await server.close();
  }
});
