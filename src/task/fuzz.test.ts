// Bad input never crashes the checker: every example file, cut and mangled at seeded random
// places, still yields diagnostics and no internal error (a check that threw).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { completeAt } from './language/completion';
import { definitionAt, hoverAt, taskLensSites } from './language/navigation';
import { mockAppCatalog } from '../studio/app-catalog';
import { seededRandom } from './params';
import { parseTaskFile } from './parse-task-file';

const examples = path.resolve(__dirname, '..', '..', 'tasks-examples');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.task.yaml') ? [path.join(dir, e.name)] : []));
}

const MANGLERS: ((s: string, r: () => number) => string)[] = [
  (s, r) => { const i = Math.floor(r() * s.length); return s.slice(0, i); },                                   // truncated
  (s, r) => { const i = Math.floor(r() * s.length); return s.slice(0, i) + s.slice(i + 1 + Math.floor(r() * 20)); }, // a bite out
  (s, r) => { const i = Math.floor(r() * s.length); return `${s.slice(0, i)}${['{', ':', '- ', '"', '[', '\t', '|', '\n  x: 1\n', '{{'][Math.floor(r() * 9)]}${s.slice(i)}`; },
  (s, r) => s.split('\n').filter(() => r() > 0.15).join('\n'),                                              // lines dropped
  (s, r) => s.split('\n').map((l) => (r() < 0.1 ? `  ${l}` : l)).join('\n'),                                  // indentation broken
];

test('mangled examples: diagnostics, never an internal error, editor features never throw', async () => {
  const catalog = await mockAppCatalog();
  const rnd = seededRandom(42);
  let mangled = 0;
  for (const file of files(examples)) {
    const text = fs.readFileSync(file, 'utf8');
    for (let i = 0; i < 6; i++) {
      const bad = MANGLERS[i % MANGLERS.length](text, rnd);
      const r = parseTaskFile(bad, file, { catalog });
      const internal = r.diagnostics.filter((d) => d.message.startsWith('internal error'));
      assert.deepEqual(internal, [], `${path.basename(file)} variant ${i}:\n${bad}`);
      const at = Math.floor(rnd() * (bad.length + 1));
      assert.doesNotThrow(() => {
        completeAt(bad, at, catalog);
        hoverAt(bad, at, catalog);
        definitionAt(bad, at);
        taskLensSites(bad);
      }, `${path.basename(file)} variant ${i} at ${at}`);
      mangled++;
    }
  }
  assert.ok(mangled > 150);
});
