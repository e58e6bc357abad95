// Every way to start a task — New Task's scaffold for each app, the empty file's completion,
// the `task` snippet — gives a file that loads with no error and has two instances.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mockAppCatalog } from '../../studio/app-catalog';
import { parseTaskFile } from '../parse-task-file';
import { instantiate } from '../instantiate';
import { completeAt } from './completion';
import { defaultTaskId, scaffoldTask } from './scaffold';

const root = path.resolve(__dirname, '..', '..', '..');

function loads(text: string, what: string, catalog: Awaited<ReturnType<typeof mockAppCatalog>>) {
  const parsed = parseTaskFile(text, `${what}.task.yaml`, { catalog });
  assert.deepEqual(parsed.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`), [], `${what}:\n${text}`);
  assert.equal(parsed.tasks.length, 1, what);
  return parsed;
}

test('New Task\'s scaffold loads without errors for every app of the mock phone, with two instances', async () => {
  const catalog = await mockAppCatalog();
  assert.ok(catalog.packages().length >= 10);
  for (const app of catalog.packages()) {
    const text = scaffoldTask({ id: defaultTaskId(app), app, catalog });
    const parsed = loads(text, app, catalog);
    assert.equal(instantiate(parsed.tasks[0].def).length, 2, app);
  }
});

test('an empty task file offers the scaffold as completion, one per app', async () => {
  const catalog = await mockAppCatalog();
  const entries = completeAt('', 0, catalog);
  assert.equal(entries.length, catalog.packages().length);
  const notes = entries.find((e) => e.detail?.includes('com.phonebuddy.notes'));
  assert.ok(notes?.insertText);
  loads(notes.insertText, 'completion', catalog);
  assert.ok(completeAt('ta', 2, catalog).some((e) => e.label.startsWith('task on')), 'also while typing "task"');
});

test('the `task` snippet, expanded with its defaults, loads without errors', async () => {
  const catalog = await mockAppCatalog();
  const snippets = JSON.parse(fs.readFileSync(path.join(root, 'syntaxes', 'phonebuddy-task.snippets.json'), 'utf8')) as Record<string, { body: string[] }>;
  const defaults = new Map<string, string>();
  const body = snippets['New task'].body.join('\n')
    .replace(/\$\{(\d+):([^}]*)\}/g, (_m, n: string, d: string) => { defaults.set(n, d); return d; })
    .replace(/\$\{(\d+)\}/g, (_m, n: string) => defaults.get(n) ?? '')
    .replace(/\$0/g, '');
  loads(body, 'snippet', catalog);
});
