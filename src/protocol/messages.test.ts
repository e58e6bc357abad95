// Golden tests: request messages and history strings must equal, byte for byte, what the
// reference runner (eval/run_android_world.py) builds for the same inputs. The golden file
// was produced by the reference's own build_messages / action_to_history_str.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SYSTEM_PROMPT } from './system-prompt';
import { buildMessages, instructionText, jpegDataUrl } from './messages';
import { actionString, historySection } from './history';
import type { HistoryStep } from './history';

const golden = JSON.parse(fs.readFileSync(path.join(__dirname, 'testdata', 'request-golden.json'), 'utf8')) as {
  goal: string;
  image: string;
  steps: { thought: string; action: string; args: Record<string, unknown> }[];
  first: unknown;
  withHistory: unknown;
  actionStrings: string[];
};
const history: HistoryStep[] = golden.steps.map((s) => ({ thought: s.thought, call: { name: s.action, args: s.args } }));

test('system prompt is the exact reference text', () => {
  assert.equal(SYSTEM_PROMPT.length, 4402);
  assert.ok(!SYSTEM_PROMPT.endsWith('\n'));
  const sha = createHash('sha256').update(SYSTEM_PROMPT, 'utf8').digest('hex');
  assert.ok(sha.startsWith('001c9b1e'), sha);
  assert.ok(sha.endsWith('11c2f8'), sha);
  assert.equal((SYSTEM_PROMPT.match(/"type": "function"/g) ?? []).length, 12);
});

test('first-step request equals the reference', () => {
  assert.deepEqual(buildMessages(golden.goal, golden.image, []), golden.first);
});

test('request with fourteen history steps equals the reference', () => {
  assert.deepEqual(buildMessages(golden.goal, golden.image, history), golden.withHistory);
  // And the serialised bytes too (key order included).
  assert.equal(JSON.stringify(buildMessages(golden.goal, golden.image, history)), JSON.stringify(golden.withHistory));
});

test('action strings: per-tool key filtering and Python json.dumps spacing', () => {
  assert.deepEqual(history.map((h) => actionString(h.call)), golden.actionStrings);
});

test('history section is empty on the first step and stripped otherwise', () => {
  assert.equal(historySection([]), '');
  assert.equal(instructionText('g', []), '# Instruction\ng');
  const one = historySection([{ thought: ' t ', call: { name: 'wait', args: { time: 5 } } }]);
  assert.equal(one, '\n\n# History of Previous Actions\n- Step 1:\nThought:  t \nAction: wait({"time": 5})');
});

test('screenshot goes in as a JPEG data URL', () => {
  assert.equal(jpegDataUrl(new Uint8Array([0xff, 0xd8, 0xff])), 'data:image/jpeg;base64,/9j/');
});

test('float literals are echoed as Python floats in the history (reference-generated goldens)', async () => {
  const { parseModelOutput } = await import('./parse');
  const cases = JSON.parse(fs.readFileSync(path.join(__dirname, 'testdata', 'float-history.json'), 'utf8')) as { raw: string; history: string }[];
  for (const c of cases) {
    const r = parseModelOutput(c.raw);
    assert.ok(r.ok, c.raw);
    if (r.ok) assert.equal(actionString(r.call), c.history, c.raw);
  }
  // The XML form carries the same information.
  const x = parseModelOutput('<tool_call>\n<function=click>\n<parameter=points>\n[[500.0, 300]]\n</parameter>\n</function>\n</tool_call>');
  assert.equal(x.ok && actionString(x.call), 'click({"points": [[500.0, 300]]})');
});
