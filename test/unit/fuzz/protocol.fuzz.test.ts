// Fuzzing the model-output parser, the lenient JSON reader and the tag scanners (src/protocol).
// parseModelOutput must never throw and never need its defensive catch ("parser failed"); the
// scanners must give what the regexes they replace give; a printed tool call parses back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FUZZ_BUDGET_MS, fuzz, taggedText } from './kit';
import { parseModelOutput } from '../../../src/protocol/parse';
import { lenientJsonParse } from '../../../src/protocol/lenient-json';
import { actionToCall, toAction, type Action } from '../../../src/protocol/action';
import { argKeyPairs, between, findToolCallBody, namedTag, removeAllBetween, xmlParameters } from '../../../src/protocol/tag-scan';
import { BUTTONS } from '../../../src/protocol/tools';

const MODEL_TAGS = ['<think>', '</think>', '<tool_call>', '</tool_call>', '<function=', '</function>', '<parameter=',
  '</parameter>', '<arg_key>', '</arg_key>', '<arg_value>', '</arg_value>', '<tool_sep>', '{"name": "click", "arguments": {"points": [[1, 2]]}}',
  '"name"', '"arguments"', 'click', 'type', 'text', 'points', '500.0', '\u201c', '\u201d', '\u2018'];

const options = { timeout: FUZZ_BUDGET_MS };

test('fuzz: the model-output parser never throws and never falls into its defensive catch', options, () => {
  const input = fc.oneof(taggedText(MODEL_TAGS), fc.record({ content: fc.option(taggedText(MODEL_TAGS)), reasoning: fc.option(taggedText(MODEL_TAGS)) }));
  fuzz('parseModelOutput', input, (raw) => {
    const r = parseModelOutput(raw);
    if (r.ok) {
      assert.equal(typeof r.call.name, 'string');
      assert.ok(r.call.args && typeof r.call.args === 'object' && !Array.isArray(r.call.args));
    } else {
      assert.doesNotMatch(r.error.message, /^parser failed/, 'an exception escaped the parser');
    }
  }, { regressions: ['<tool_call>{"name": "x", "arguments": "{\\"a\\": 1.0}"}</tool_call>', '</think><tool_call><function=click>'] });
});

test('fuzz: lenient JSON never throws; strict JSON is read as JSON.parse reads it', options, () => {
  fuzz('lenientJsonParse', fc.oneof(fc.json(), taggedText(['{', '}', '"', "'", ',', '\u201c', '\u2019', ': ', '[', ']', 'true', '1.5'])), (s) => {
    const r = lenientJsonParse(s);
    let strict: { v: unknown } | undefined;
    try { strict = { v: JSON.parse(s.trim()) }; } catch { strict = undefined; }
    if (strict) assert.deepEqual(r?.value, strict.v);
    if (r) assert.deepEqual(JSON.parse(r.text), r.value, 'the repaired text is the value read');
  });
});

// The regexes the scanners replace (their doc comments), as the reference.
const reference = {
  between: (s: string) => /<tool_call>([\s\S]*?)<\/tool_call>/.exec(s),
  removeThink: (s: string) => s.replace(/<think>[\s\S]*?<\/think>/g, ''),
  toolCallBody: (s: string) => /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/.exec(s)?.[1],
  namedTag: (s: string) => /<function=([^>\n]+)>/.exec(s),
  xmlParameters: (s: string) => [...s.matchAll(/<parameter=([^>\n]+)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|(?=<\/function>)|$)/g)].map((m) => ({ key: m[1], value: m[2] })),
  argKeyPairs: (s: string) => [...s.matchAll(/<arg_key>([\s\S]*?)<\/arg_key>\s*<arg_value>([\s\S]*?)(?:<\/arg_value>|$)/g)].map((m) => ({ key: m[1].trim(), value: m[2] })),
};

test('fuzz: the tag scanners give what the regexes they replace give', options, () => {
  fuzz('tag-scan vs regex', taggedText(MODEL_TAGS), (s) => {
    const b = between(s, '<tool_call>', '</tool_call>');
    const rb = reference.between(s);
    assert.deepEqual(b ? s.slice(b.inner, b.close) : undefined, rb?.[1]);
    assert.equal(removeAllBetween(s, '<think>', '</think>'), reference.removeThink(s));
    assert.equal(findToolCallBody(s), reference.toolCallBody(s));
    const n = namedTag(s, '<function=');
    const rn = reference.namedTag(s);
    assert.deepEqual(n ? { start: n.start, name: n.name } : undefined, rn ? { start: rn.index, name: rn[1] } : undefined);
    assert.deepEqual(xmlParameters(s), reference.xmlParameters(s));
    assert.deepEqual(argKeyPairs(s), reference.argKeyPairs(s));
  });
});

const point = fc.record({ x: fc.integer({ min: 0, max: 1000 }), y: fc.integer({ min: 0, max: 1000 }) });
const text = fc.string({ unit: 'grapheme', maxLength: 30 });
// Durations are positive: 0 means "the default" to toAction (and no gesture takes 0 ms).
const ms = fc.integer({ min: 1, max: 60_000 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('click' as const), point }),
  fc.record({ type: fc.constant('double_click' as const), point, intervalMs: ms }, { requiredKeys: ['type', 'point'] }),
  fc.record({ type: fc.constant('long_press' as const), point, durationMs: ms }, { requiredKeys: ['type', 'point'] }),
  fc.record({ type: fc.constant('type' as const), text }),
  fc.record({ type: fc.constant('scroll' as const), from: point, to: point, durationMs: ms, tool: fc.constantFrom('scroll' as const, 'swipe' as const) }, { requiredKeys: ['type', 'from', 'to', 'tool'] }),
  fc.record({ type: fc.constant('drag' as const), from: point, to: point, durationMs: ms }, { requiredKeys: ['type', 'from', 'to'] }),
  fc.record({ type: fc.constant('button_press' as const), button: fc.constantFrom(...BUTTONS) }),
  fc.record({ type: fc.constant('open_app' as const), app: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}(\.[a-z][a-z0-9_]{0,8}){1,3}$/) }),
  fc.record({ type: fc.constant('close_app' as const), app: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}(\.[a-z][a-z0-9_]{0,8}){1,3}$/) }),
  fc.record({ type: fc.constant('wait' as const), ms }),
  fc.record({ type: fc.constant('finish' as const), text, tool: fc.constantFrom('finish', 'output') }),
);

test('fuzz: a printed tool call parses back to the same action (JSON form)', options, () => {
  fuzz('action round trip', fc.tuple(action, text), ([a, thought]) => {
    const call = actionToCall(a);
    const printed = `<think>${thought.replace(/<\/?think>|<tool_call>/g, '')}</think>\n<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.args })}\n</tool_call>`;
    const r = parseModelOutput(printed);
    assert.ok(r.ok, r.ok ? '' : r.error.message);
    assert.equal(r.format, 'json');
    const back = toAction(r.call);
    assert.ok(back.ok, back.ok ? '' : back.reason);
    // An absent optional field comes back as `undefined`: compare as JSON does.
    assert.deepEqual(JSON.parse(JSON.stringify(back.action)), JSON.parse(JSON.stringify(a)));
  });
});
