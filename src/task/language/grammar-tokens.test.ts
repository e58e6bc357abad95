// The TextMate grammars tokenized for real (vscode-textmate + Oniguruma, as VS Code does) on
// top of VS Code's own YAML and SQL grammars, taken from the VS Code host this project
// provisions for its integration tests. Skipped when that host is not provisioned yet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const root = path.resolve(__dirname, '..', '..', '..');

function vscodeExtensionsDir(): string | undefined {
  const cache = process.env.PHONEBUDDY_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'phonebuddy-studio');
  const hosts = path.join(cache, 'vscode-host');
  if (!fs.existsSync(hosts)) return undefined;
  for (const h of fs.readdirSync(hosts).sort().reverse()) {
    const dir = path.join(hosts, h, 'code-server', 'node_modules', 'code-server', 'lib', 'vscode', 'extensions');
    if (fs.existsSync(path.join(dir, 'yaml', 'syntaxes', 'yaml.tmLanguage.json'))) return dir;
  }
  return undefined;
}

async function grammar(ext: string): Promise<vsctm.IGrammar> {
  const files: Record<string, string> = {
    'source.phonebuddy-task': path.join(root, 'syntaxes', 'phonebuddy-task.tmLanguage.json'),
    'phonebuddy-task.injection': path.join(root, 'syntaxes', 'phonebuddy-task.injection.tmLanguage.json'),
    'source.sql': path.join(ext, 'sql', 'syntaxes', 'sql.tmLanguage.json'),
  };
  for (const f of fs.readdirSync(path.join(ext, 'yaml', 'syntaxes'))) {
    const g = JSON.parse(fs.readFileSync(path.join(ext, 'yaml', 'syntaxes', f), 'utf8')) as { scopeName: string };
    files[g.scopeName] = path.join(ext, 'yaml', 'syntaxes', f);
  }
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope) => (files[scope] ? vsctm.parseRawGrammar(fs.readFileSync(files[scope], 'utf8'), files[scope]) : null),
    getInjections: (scope) => (scope === 'source.phonebuddy-task' ? ['phonebuddy-task.injection'] : undefined),
  });
  return (await registry.loadGrammar('source.phonebuddy-task'))!;
}

/** Every token of a document as [line, text, innermost scope, all scopes]. */
function tokenize(g: vsctm.IGrammar, text: string): { line: number; text: string; scope: string; scopes: string[] }[] {
  let stack = vsctm.INITIAL;
  return text.split('\n').flatMap((line, i) => {
    const r = g.tokenizeLine(line, stack);
    stack = r.ruleStack;
    return r.tokens.map((t) => ({ line: i + 1, text: line.slice(t.startIndex, t.endIndex), scope: t.scopes.at(-1)!, scopes: t.scopes }));
  });
}

const DOC = `id: forms
goal: Text {who} now {{literal}}
setup:
  sql:
    com.phonebuddy.notes:
      - INSERT INTO notes(title) VALUES (:who)
      - "UPDATE notes SET pinned = 1 WHERE title = :who"
verify:
  all:
    - sql: { app: com.phonebuddy.notes, query: "SELECT * FROM notes WHERE title = :who", expect: "count > 0" }
    - sql:
        app: com.phonebuddy.notes
        query: |
          SELECT count(*) AS n
          FROM notes
        expect: row.n > 0
tags: [a]
`;

test('SQL is embedded in query values and fixtures, {param} slots are marked, YAML keys stay keys', async (t) => {
  const ext = vscodeExtensionsDir();
  if (!ext) return t.skip('VS Code host not provisioned (npm run test:vscode provisions it)');
  const tokens = tokenize(await grammar(ext), DOC);
  const on = (line: number, text: string) => tokens.find((x) => x.line === line && x.text === text);
  assert.equal(on(2, 'who')?.scope, 'variable.parameter.slot.phonebuddy-task');
  assert.ok(!tokens.some((x) => x.line === 2 && x.text === 'literal' && x.scope.includes('slot')), '{{literal}} is not a slot');
  for (const [line, kw] of [[6, 'INSERT INTO'], [7, 'UPDATE'], [10, 'SELECT'], [14, 'SELECT'], [15, 'FROM']] as const) {
    const tok = on(line, kw);
    assert.ok(tok?.scope.startsWith('keyword.other.DML.sql'), `line ${line} ${kw}: ${tok?.scope}`);
    assert.ok(tok!.scopes.includes('meta.embedded.sql.phonebuddy-task'));
  }
  assert.equal(on(6, ':who')?.scope, 'variable.parameter.sql-param.phonebuddy-task');
  assert.equal(on(10, ':who')?.scope, 'variable.parameter.sql-param.phonebuddy-task');
  // After the embedded SQL the YAML structure carries on: keys are still keys.
  for (const [line, key] of [[10, 'expect'], [16, 'expect'], [17, 'tags']] as const) assert.equal(on(line, key)?.scope, 'entity.name.tag.yaml', `line ${line} ${key}`);
  assert.ok(!tokens.some((x) => x.scope.startsWith('invalid')), `invalid tokens: ${JSON.stringify(tokens.filter((x) => x.scope.startsWith('invalid')))}`);
});
