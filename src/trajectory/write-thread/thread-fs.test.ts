// The sync threads: a step committed through them is on disk byte for byte (files, line), a
// failing system call comes back as an error carrying its errno code (so the writer can say
// "disk full"), and the thread refuses a request that does not match messages.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { threadDurableFs } from './thread-fs';
import { checkSyncRequest, checkSyncResponse } from './messages';

const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'pb-sync-'));

test('a step committed on the sync threads is on disk exactly, line after line', async () => {
  const dfs = threadDurableFs();
  assert.ok(dfs.commitStep, 'the sync threads are used from the sources');
  const folder = tmp();
  const jpg = Buffer.alloc(300_000, 9);
  await dfs.commitStep({ folder, files: [{ name: '0001.jpg', data: jpg }, { name: '0001.xml', data: Buffer.from('<hierarchy/>') }], stepsFile: 'steps.jsonl', line: '{"index":1}\n' });
  await dfs.commitStep({ folder, files: [], stepsFile: 'steps.jsonl', line: '{"index":2}\n' });
  assert.ok(fs.readFileSync(path.join(folder, '0001.jpg')).equals(jpg));
  assert.equal(fs.readFileSync(path.join(folder, '0001.xml'), 'utf8'), '<hierarchy/>');
  assert.equal(fs.readFileSync(path.join(folder, 'steps.jsonl'), 'utf8'), '{"index":1}\n{"index":2}\n');
  assert.equal(jpg[0], 9, 'the caller keeps its bytes (copied, not transferred)');
  assert.equal(jpg.byteLength, 300_000);
  // The threads' buffers come back and are filled again: a smaller step after a bigger one
  // must write only its own bytes, not the rest of the reused buffer.
  const small = Buffer.alloc(1000, 3);
  await dfs.commitStep({ folder, files: [{ name: '0003.jpg', data: small }], stepsFile: 'steps.jsonl', line: '{"index":3}\n' });
  assert.ok(fs.readFileSync(path.join(folder, '0003.jpg')).equals(small));
  assert.equal(fs.readFileSync(path.join(folder, 'steps.jsonl'), 'utf8'), '{"index":1}\n{"index":2}\n{"index":3}\n');
});

test('a failed call rejects with its errno code; a malformed request is refused by the thread', async () => {
  const dfs = threadDurableFs();
  await assert.rejects(dfs.commitStep!({ folder: path.join(tmp(), 'gone'), files: [], stepsFile: 'steps.jsonl', line: 'x\n' }), (e: Error & { code?: string }) => e.code === 'ENOENT');
  const w = new Worker(path.join(__dirname, 'worker.mjs'), { execArgv: [] });
  try {
    const answer = (m: unknown): Promise<unknown> => new Promise((r) => { w.once('message', r); w.postMessage(m); });
    // The thread's hand-written check refuses what the schema refuses.
    for (const m of [{ id: 3, fd: 1, sync: 'maybe' }, { id: 4, fd: 1, sync: 'data', path: '/etc/passwd' }]) assert.throws(() => checkSyncRequest(m));
    const bad = checkSyncResponse(await answer({ id: 3, fd: 1, sync: 'maybe' }));
    assert.deepEqual(bad, { id: 3, error: 'syncRequest.sync: expected "data" or "full"' });
    const extra = checkSyncResponse(await answer({ id: 4, fd: 1, sync: 'data', path: '/etc/passwd' }));
    assert.match('error' in extra ? extra.error : '', /syncRequest\.path: unexpected field/);
    const ebadf = checkSyncResponse(await answer({ id: 5, fd: 987_654, sync: 'data' }));
    assert.equal('code' in ebadf ? ebadf.code : undefined, 'EBADF');
  } finally {
    await w.terminate();
  }
});
