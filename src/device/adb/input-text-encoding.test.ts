import assert from 'node:assert/strict';
import { test } from 'node:test';
// The mock phone's sh tokenizer is the "device" these escapes are checked against.
import { tokenize } from '../../mockphone/adb/shell/tokenize';
import { shellQuote } from '../shell-quote';
import { androidInputTextDecode, inputTextArguments, inputTextCommand, inputTextSteps, isInputTextSafe } from './input-text-encoding';

const NASTY = [
  `; rm -rf / && $(reboot) \`x\` 'q' "d" | > <`, `it's`, `a\\b`, `$HOME`, `\${X}`, '!', '#not a comment', '~', '*', '?', '[a]',
  '&', '&&', '||', '(', ')', '{}', '\\', "'", '"', '`', '%', '%s', '%%s', '50%sale', ' leading and trailing ', '', 'a  b',
];

function words(cmd: string): string[] {
  return tokenize(cmd).map((t) => {
    if (t.kind !== 'word') throw new Error(`operator ${t.op} leaked into ${cmd}`);
    return t.parts.map((p) => {
      if (p.kind !== 'text') throw new Error(`expansion leaked into ${cmd}`);
      return p.text;
    }).join('');
  });
}

test('shellQuote: the device shell reads back exactly the original word', () => {
  for (const s of NASTY) assert.deepEqual(words(`echo ${shellQuote(s)}`), ['echo', s], JSON.stringify(s));
  for (let c = 0x20; c < 0x7f; c++) {
    const s = `x${String.fromCharCode(c)}y`;
    assert.deepEqual(words(`echo ${shellQuote(s)}`), ['echo', s]);
  }
});

test('input text arguments decode (Android %s rule) back to the exact text', () => {
  for (const s of NASTY) {
    const typed = inputTextArguments(s).map(androidInputTextDecode).join('');
    assert.equal(typed, s, JSON.stringify(s));
    for (const arg of inputTextArguments(s)) assert.ok(!arg.includes(' '), 'no raw spaces reach `input`');
  }
});

test('a whole typing command is only `input` invocations joined by &&', () => {
  const text = `x; reboot && $(id)\nnext\tcol 100%sure`;
  const cmd = inputTextCommand(text);
  const toks = tokenize(cmd);
  const ops = toks.filter((t) => t.kind === 'op').map((t) => (t.kind === 'op' ? t.op : ''));
  assert.ok(ops.every((o) => o === '&&'));
  assert.deepEqual(inputTextSteps('a\nb\tc').map((s) => (s.kind === 'key' ? s.keycode : s.arg)), ['a', 66, 'b', 61, 'c']);
  assert.equal(cmd.split(' && ')[0].startsWith('input text '), true);
});

test('isInputTextSafe accepts printable ASCII only', () => {
  assert.ok(isInputTextSafe('Hello, world! ~`$'));
  assert.ok(isInputTextSafe('line\nnext\ttab'));
  assert.ok(!isInputTextSafe('café'));
  assert.ok(!isInputTextSafe('你好'));
  assert.ok(!isInputTextSafe('bell\x07'));
});
