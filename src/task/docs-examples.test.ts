// The reference's opening example must stay a valid task: parse it with the mock apps' schemas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mockAppCatalog } from '../studio/app-catalog';
import { parseTaskFile } from './parse-task-file';

test('docs/task-language.md: the first example is a valid task', async () => {
  const md = fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'task-language.md'), 'utf8');
  const first = /```yaml\n([\s\S]*?)```/.exec(md)![1];
  const r = parseTaskFile(first, 'docs-example.task.yaml', { catalog: await mockAppCatalog() });
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.tasks[0].def.id, 'messages.reply');
});
