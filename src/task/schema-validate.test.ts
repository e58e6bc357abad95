// The task-schema validator fails loudly on a JSON-Schema keyword it does not implement,
// instead of silently accepting what the schema would reject.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertImplemented } from './schema-validate';
import type { JsonSchema } from './schema';

test('an unimplemented schema keyword is an error naming it; the implemented ones pass', () => {
  assert.throws(() => assertImplemented({ type: 'string', maxLength: 3 } as unknown as JsonSchema), /keyword 'maxLength'.*does not implement/);
  assert.doesNotThrow(() => assertImplemented({ type: 'string', minLength: 1, pattern: '^a', description: 'x' } as JsonSchema));
});
