import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseScript } from './parse';
import { ShellSyntaxError, tokenize, type Token } from './tokenize';

const words = (src: string): (string | { op: string } | { var: string } | { subst: string })[] =>
  tokenize(src).map((t: Token) => (t.kind === 'op' ? { op: t.op }
    : t.parts.length === 1 && t.parts[0].kind === 'var' ? { var: t.parts[0].name }
      : t.parts.length === 1 && t.parts[0].kind === 'subst' ? { subst: t.parts[0].script }
        : t.parts.map((p) => (p.kind === 'text' ? p.text : `<${p.kind}>`)).join('')));

test('quotes and escapes keep metacharacters literal', () => {
  assert.deepEqual(words(`input text 'a; b && $(c) \`d\` "e" | > <'`), ['input', 'text', 'a; b && $(c) `d` "e" | > <']);
  assert.deepEqual(words(`echo "it's \\"q\\" \\$x"`), ['echo', `it's "q" $x`]);
  assert.deepEqual(words(`echo a\\ b \\;`), ['echo', 'a b', ';']);
  assert.deepEqual(words(`echo 'it'\\''s'`), ['echo', "it's"]);
  assert.deepEqual(words(`echo ''`), ['echo', '']);
});

test('operators and redirections are split out', () => {
  assert.deepEqual(words('a;b&&c||d|e >f 2>/dev/null 2>&1 >>g'), ['a', { op: ';' }, 'b', { op: '&&' }, 'c', { op: '||' }, 'd', { op: '|' }, 'e', { op: '>' }, 'f', { op: '2>' }, '/dev/null', { op: '2>&1' }, { op: '>>' }, 'g']);
  assert.deepEqual(words('echo a2>b'), ['echo', 'a2', { op: '>' }, 'b']);
  assert.deepEqual(words('echo x # comment ; rm'), ['echo', 'x']);
});

test('unquoted $ and backticks become expansions', () => {
  assert.deepEqual(words('echo $HOME ${X} $? $(id -u) `whoami`'), ['echo', { var: 'HOME' }, { var: 'X' }, { var: '?' }, { subst: 'id -u' }, { subst: 'whoami' }]);
  assert.deepEqual(words('echo $(echo $(echo hi))'), ['echo', { subst: 'echo $(echo hi)' }]);
  assert.deepEqual(words('echo 5$ $'), ['echo', '5$', '$']);
});

test('syntax errors are reported, not thrown as crashes', () => {
  assert.throws(() => tokenize("echo 'open"), ShellSyntaxError);
  assert.throws(() => tokenize('echo "open'), ShellSyntaxError);
  assert.throws(() => tokenize('echo $(open'), ShellSyntaxError);
  assert.throws(() => parseScript('&& echo'), ShellSyntaxError);
  assert.throws(() => parseScript('echo |'), ShellSyntaxError);
  assert.throws(() => parseScript('echo >'), ShellSyntaxError);
});

test('parseScript builds and-or lists of pipelines', () => {
  const s = parseScript('a x | b && c || d; e');
  assert.deepEqual(s.map((i) => [i.connector, i.pipeline.length]), [[';', 2], ['&&', 1], ['||', 1], [';', 1]]);
});
