// The task-schema validator fails loudly on a JSON-Schema keyword it does not implement,
// instead of silently accepting what the schema would reject.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertImplemented, validateAgainstSchema } from './schema-validate';
import type { JsonSchema } from './schema';
import { parseYamlSource } from './yaml-source';

test('an unimplemented schema keyword is an error naming it; the implemented ones pass', () => {
  assert.throws(() => assertImplemented({ type: 'array', uniqueItems: true } as unknown as JsonSchema), /keyword 'uniqueItems'.*does not implement/);
  assert.doesNotThrow(() => assertImplemented({ type: 'string', minLength: 1, pattern: '^a', description: 'x' } as JsonSchema));
});

// The app schema's `currency` (the shop modules' money sign) is a string of at most 4
// characters: a YAML app that set it made check fail with an internal error before.
test('maxLength is checked: at most that many characters (a CJK sign counts as one)', () => {
  const schema = { type: 'object', properties: { currency: { type: 'string', maxLength: 4 } } } as JsonSchema;
  const check = (text: string) => {
    const src = parseYamlSource(text, 'app.yaml');
    return validateAgainstSchema(src, src.doc.contents ?? undefined, schema, '', schema).map((d) => d.message);
  };
  assert.deepEqual(check('currency: "¥"'), []);
  assert.deepEqual(check('currency: "US$ "'), []);
  assert.equal(check('currency: "dollars"').length, 1);
  assert.match(check('currency: "dollars"')[0], /at most 4 characters/);
});
