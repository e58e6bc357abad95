// The TextMate grammars (syntaxes/) are data: check they parse, every regex compiles, and the
// key patterns match what they should. (VS Code's own tokenizer is exercised in test/vscode.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const load = (f: string) => JSON.parse(fs.readFileSync(path.join(root, 'syntaxes', f), 'utf8')) as Record<string, unknown>;
const main = load('phonebuddy-task.tmLanguage.json');
const injection = load('phonebuddy-task.injection.tmLanguage.json');

/** Oniguruma → JS for the constructs these grammars use. */
function js(re: string): RegExp {
  return new RegExp(re.replace(/\(\?i:/g, '(?:'), 'i');
}

function regexes(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => regexes(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'match' || k === 'begin' || k === 'end') && typeof v === 'string') out.push(v);
      else regexes(v, out);
    }
  }
  return out;
}

test('grammars parse and every regex compiles', () => {
  const all = [...regexes(main), ...regexes(injection)];
  assert.ok(all.length > 10);
  for (const r of all) assert.doesNotThrow(() => js(r.replace(/\\1/g, '(?:)')), r);
});

test('key patterns match SQL values, fixtures and {param} slots', () => {
  assert.deepEqual(main.patterns, [{ include: 'source.yaml' }]);
  const repo = injection.repository as Record<string, { begin?: string; match?: string }>;
  assert.ok(js(repo['sql-query-block'].begin!).test('    query: |'));
  assert.ok(js(repo['sql-query-double'].begin!).test('  sql: { app: x, query: "SELECT 1" }'));
  assert.ok(js(repo['sql-query-plain'].begin!).test('    query: SELECT * FROM notes'));
  assert.ok(js(repo['sql-fixture-double'].begin!).test('      - "INSERT INTO notes(body) VALUES (:b)"'));
  assert.ok(!js(repo['sql-fixture-plain'].begin!).test('  - click: { text: Insert }'));
  const slot = js((injection.repository as Record<string, { match: string }>).slot.match);
  assert.equal('Text {who} now'.match(slot)?.[2], 'who');
  assert.equal(slot.test('literal {{who}}'), false);
  const sqlParam = js((injection.repository as Record<string, { patterns: { match?: string }[] }>).sql.patterns[0].match!);
  assert.equal('WHERE a = :who'.match(sqlParam)?.[0], ':who');
});

test('package.json contributes the language, both grammars and the schema', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { contributes: Record<string, { path?: string; url?: string; configuration?: string; id?: string }[]> };
  const c = pkg.contributes;
  assert.equal(c.languages.find((l) => l.id === 'phonebuddy-task')?.configuration, './syntaxes/language-configuration.json');
  for (const g of c.grammars) assert.ok(fs.existsSync(path.join(root, g.path!)), g.path);
  for (const y of c.yamlValidation) assert.ok(fs.existsSync(path.join(root, y.url!)), y.url);
  assert.ok(fs.existsSync(path.join(root, 'syntaxes', 'language-configuration.json')));
});
