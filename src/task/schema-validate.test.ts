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

test('maxLength counts characters: a longer string is an error, a string of that length passes', () => {
  const schema = { type: 'object', properties: { sign: { type: 'string', maxLength: 2 } } } as JsonSchema;
  const check = (text: string) => {
    const src = parseYamlSource(text, 'x.yaml');
    return validateAgainstSchema(src, src.doc.contents ?? undefined, schema, '', schema).map((d) => d.message);
  };
  assert.deepEqual(check('sign: "€€"\n'), []);
  assert.deepEqual(check('sign: "EUR"\n'), ['sign must be at most 2 characters long']);
});
