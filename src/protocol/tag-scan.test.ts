// The parser's linear scans give the matches the regexes they replace gave (seeded random
// strings of tag fragments), and outputs that made those regexes backtrack for seconds to
// minutes now parse at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { argKeyPairs, between, findToolCallBody, findUnclosedBody, namedTag, removeAllBetween, xmlParameters } from './tag-scan';
import { pyStrip } from './history';
import { parseModelOutput } from './parse';

const FRAGMENTS = ['<tool_call>', '</tool_call>', '<think>', '</think>', '<function=', '<function=click>', '<parameter=', '<parameter=points>',
  '</parameter>', '</function>', '<arg_key>', '</arg_key>', '<arg_value>', '</arg_value>', '{', '}', ' ', '\n', '\t', '\u00a0', '\u0085', '\ufeff', 'a', '>', '[[1,2]]'];

function randomStrings(count: number): string[] {
  let seed = 7;
  const rnd = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(rnd() * 10) }, () => FRAGMENTS[Math.floor(rnd() * FRAGMENTS.length)]).join(''));
}

const regexPairs = (re: RegExp, s: string) => [...s.matchAll(re)].map((m) => ({ key: m[1], value: m[2] }));

test('the scans match the regexes they replace', () => {
  for (const s of randomStrings(4000)) {
    const think = /<think>([\s\S]*?)<\/think>/.exec(s);
    const b = between(s, '<think>', '</think>');
    assert.equal(b && s.slice(b.inner, b.close), think ? think[1] : undefined, JSON.stringify(s));
    assert.equal(removeAllBetween(s, '<think>', '</think>'), s.replace(/<think>[\s\S]*?<\/think>/g, ''), JSON.stringify(s));
    assert.equal(namedTag(s, '<function=')?.name, /<function=([^>\n]+)>/.exec(s)?.[1], JSON.stringify(s));
    assert.equal(findToolCallBody(s), /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/.exec(s)?.[1], JSON.stringify(s));
    const unclosed = /<tool_call>\s*(\{[\s\S]*\})/.exec(s)?.[1] ?? /<tool_call>([\s\S]*)$/.exec(s)?.[1].trim();
    assert.equal(findUnclosedBody(s), unclosed, JSON.stringify(s));
    assert.deepEqual(xmlParameters(s), regexPairs(/<parameter=([^>\n]+)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|(?=<\/function>)|$)/g, s), JSON.stringify(s));
    assert.deepEqual(argKeyPairs(s), regexPairs(/<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)(?:<\/arg_value>|$)/g, s).map((p) => ({ ...p, key: p.key.trim() })), JSON.stringify(s));
    const py = /^[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
    assert.equal(pyStrip(s), s.replace(py, ''), JSON.stringify(s));
  }
});

test('runaway model outputs parse at once to a clear step error or the call (they took seconds to minutes)', () => {
  const hostile: [string, string, RegExp | string][] = [
    ['a tool call then 20,000 newlines', `<tool_call>${'\n'.repeat(20_000)}{"name": "click", "arguments": {"points": [[1, 2]]}}${' '.repeat(20_000)}`, 'click'],
    ['20,000 unclosed <tool_call>{', '<tool_call>{'.repeat(20_000), /not valid JSON \(no closing <\/tool_call>: truncated output\?\)/],
    ['30,000 <think> never closed', '<think>'.repeat(30_000), /no <tool_call> block/],
    ['20,000 <function= without a name', '<function='.repeat(20_000), /no <function=…>/],
    ['30,000 <parameter= never closed', `<tool_call><function=wait>${'<parameter=x'.repeat(30_000)}`, 'wait'],
    ['30,000 keys without a value', `<tool_call>wait<arg_key>${'<arg_key>x</arg_key>'.repeat(30_000)}`, 'wait'],
    ['a thought with 200,000 inner spaces', `<think>a${' '.repeat(200_000)}b</think><tool_call>{"name": "wait", "arguments": {}}</tool_call>`, 'wait'],
  ];
  for (const [what, raw, expect] of hostile) {
    const t = performance.now();
    const r = parseModelOutput(raw);
    const ms = performance.now() - t;
    assert.ok(ms < 3000, `${what}: ${Math.round(ms)} ms`);
    if (typeof expect === 'string') assert.equal(r.ok && r.call.name, expect, what);
    else assert.match(r.ok ? '' : r.error.message, expect, what);
  }
});
