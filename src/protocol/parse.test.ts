// The parser on a corpus of real-looking model outputs. For every output the reference runner
// can parse, we must produce the same action, thought and arguments; the other forms (Qwen3.5
// XML, arg_key, content/reasoning splits) and the failures are pinned by hand below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { combineOutput, parseModelOutput } from './parse';
import { lenientJsonParse } from './lenient-json';

interface CorpusCase { name: string; raw: string; reference: { action: string; cot: string; args: Record<string, unknown> } | null }
const corpus = JSON.parse(fs.readFileSync(path.join(__dirname, 'testdata', 'parse-corpus.json'), 'utf8')) as CorpusCase[];

// Where we deliberately differ from the reference (documented in docs/agent-loop.md).
const EXPECTED_ERRORS: Record<string, string> = {
  empty: 'empty', whitespace: 'empty', 'no tool call': 'no-tool-call', 'truncated inside think': 'no-tool-call',
  'truncated json': 'bad-json', garbage: 'bad-json', 'json array': 'not-an-object', 'missing name': 'no-name',
};

for (const c of corpus) {
  test(`corpus: ${c.name}`, () => {
    const r = parseModelOutput(c.raw);
    if (c.name in EXPECTED_ERRORS) {
      assert.equal(r.ok, false, `expected a parse error for ${JSON.stringify(c.raw)}`);
      if (!r.ok) {
        assert.equal(r.error.kind, EXPECTED_ERRORS[c.name]);
        assert.equal(r.error.raw, c.raw);
        assert.ok(r.error.message.length > 0);
      }
      return;
    }
    assert.ok(c.reference, 'the reference parses this case');
    assert.equal(r.ok, true, JSON.stringify(r));
    if (!r.ok) return;
    assert.equal(r.call.name, c.reference.action);
    assert.equal(r.thought, c.reference.cot);
    assert.deepEqual(r.call.args, c.reference.args);
    assert.equal(r.format, 'json');
  });
}

test('every corpus case is covered (no silent skips)', () => {
  assert.ok(corpus.length >= 20);
  for (const name of Object.keys(EXPECTED_ERRORS)) assert.ok(corpus.some((c) => c.name === name), name);
});

test('Qwen3.5 XML form', () => {
  const r = parseModelOutput('<think>Tap Send.</think>\n<tool_call>\n<function=click>\n<parameter=points>\n[[500, 300]]\n</parameter>\n</function>\n</tool_call>');
  assert.deepEqual(r.ok && { name: r.call.name, args: r.call.args, thought: r.thought, format: r.format },
    { name: 'click', args: { points: [[500, 300]] }, thought: 'Tap Send.', format: 'xml' });
});

test('XML form: string parameters kept verbatim, package renamed, missing closing tags', () => {
  const t = parseModelOutput('<tool_call>\n<function=type>\n<parameter=text>\n123\n</parameter>\n</function>\n</tool_call>');
  assert.deepEqual(t.ok && t.call, { name: 'type', args: { text: '123' } });
  const o = parseModelOutput('<tool_call>\n<function=OPEN_APP>\n<parameter=package>\ncom.android.chrome\n</parameter>\n</function>');
  assert.deepEqual(o.ok && o.call, { name: 'open_app', args: { app: 'com.android.chrome' } });
  const s = parseModelOutput('<tool_call>\n<function=scroll>\n<parameter=points>\n[[500, 800], [500, 200],]\n<parameter=duration>\n300\n');
  assert.deepEqual(s.ok && s.call, { name: 'scroll', args: { points: [[500, 800], [500, 200]], duration: 300 } });
});

test('arg_key / tool_sep form', () => {
  const r = parseModelOutput('<tool_call>click<tool_sep><arg_key>points</arg_key><arg_value>[[500,300]]</arg_value></tool_call>');
  assert.deepEqual(r.ok && { call: r.call, format: r.format }, { call: { name: 'click', args: { points: [[500, 300]] } }, format: 'arg-key' });
  const g = parseModelOutput('<think>x</think><tool_call>type\n<arg_key>text</arg_key>\n<arg_value>hello world</arg_value>\n</tool_call>');
  assert.deepEqual(g.ok && g.call, { name: 'type', args: { text: 'hello world' } });
});

test('content and reasoning_content are both read', () => {
  // The reference case: content null, everything in reasoning.
  const a = parseModelOutput({ content: null, reasoning: '<think>go</think><tool_call>{"name": "wait", "arguments": {"time": 500}}</tool_call>' });
  assert.deepEqual(a.ok && { call: a.call, thought: a.thought }, { call: { name: 'wait', args: { time: 500 } }, thought: 'go' });
  // A reasoning parser split: bare reasoning, tool call in content.
  const b = parseModelOutput({ content: '<tool_call>{"name": "click", "arguments": {"points": [[1, 2]]}}</tool_call>', reasoning: 'I see the button.' });
  assert.deepEqual(b.ok && { call: b.call, thought: b.thought }, { call: { name: 'click', args: { points: [[1, 2]] } }, thought: 'I see the button.' });
  assert.equal(combineOutput({ content: 'a', reasoning: '<tool_call>x' }), 'a\n<tool_call>x');
  assert.equal(combineOutput({}), '');
});

test('only a closing </think> (template opened it) still yields the thought', () => {
  const r = parseModelOutput('The list is long.\n</think>\n<tool_call>{"name": "scroll", "arguments": {"points": [[5, 9], [5, 1]]}}</tool_call>');
  assert.equal(r.ok && r.thought, 'The list is long.');
});

test('arguments given as a JSON string are accepted', () => {
  const r = parseModelOutput('<tool_call>{"name": "type", "arguments": "{\\"text\\": \\"hi\\"}"}</tool_call>');
  assert.deepEqual(r.ok && r.call, { name: 'type', args: { text: 'hi' } });
});

test('never throws on hostile input', () => {
  const inputs = ['<tool_call>', '</tool_call><tool_call>', '<think><think></think>', '<function=', '<tool_call><arg_key>', '{'.repeat(10000), '\u0000\uffff', '<tool_call>{"name": 5}</tool_call>'];
  for (const i of inputs) {
    const r = parseModelOutput(i);
    assert.equal(typeof r.ok, 'boolean');
    if (!r.ok) assert.equal(r.error.raw, i);
  }
});

test('lenient JSON rules in order', () => {
  assert.deepEqual(lenientJsonParse('{"a": 1}')?.value, { a: 1 });
  assert.deepEqual(lenientJsonParse('x {“a”: “b”} y')?.value, { a: 'b' });
  assert.deepEqual(lenientJsonParse('{"a": [1, 2,], }')?.value, { a: [1, 2] });
  assert.deepEqual(lenientJsonParse("{'a': 'b'}")?.value, { a: 'b' });
  // Single quotes are left alone when double quotes exist (the reference's rule).
  assert.equal(lenientJsonParse(`{'a': "b"}`), undefined);
});
