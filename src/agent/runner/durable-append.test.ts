import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DurableAppender } from './durable-append';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pb-append-'));

test('appends land whole and in call order, each resolved only once it is in the file', async () => {
  const file = path.join(tmp(), 'results.jsonl');
  const a = new DurableAppender(file);
  const seen: number[] = [];
  await Promise.all(Array.from({ length: 50 }, (_, i) => a.append(`${i}\n`).then(() => {
    // Resolved means written: the line is in the file by now.
    assert.ok(fs.readFileSync(file, 'utf8').split('\n').includes(String(i)));
    seen.push(i);
  })));
  await a.close();
  assert.deepEqual(fs.readFileSync(file, 'utf8'), Array.from({ length: 50 }, (_, i) => `${i}\n`).join(''));
  assert.equal(seen.length, 50);
});

test('a failed append rejects its callers and the next one opens the file again', async () => {
  const dir = tmp();
  const file = path.join(dir, 'missing', 'results.jsonl');
  const a = new DurableAppender(file);
  await assert.rejects(a.append('lost\n'), /ENOENT/);
  fs.mkdirSync(path.dirname(file));
  await a.append('kept\n');
  await a.close();
  assert.equal(fs.readFileSync(file, 'utf8'), 'kept\n');
});
