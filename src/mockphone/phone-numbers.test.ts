import assert from 'node:assert/strict';
import test from 'node:test';
import { createMockPhone, PhoneNumbers } from './index';

test('a maker with its own numbering gets its own ids; phones made without one share the process numbering', async () => {
  const threadA = new PhoneNumbers('a');
  const threadB = new PhoneNumbers('b');
  const phones = [];
  // One after another: the number is taken when the phone is made.
  for (const numbers of [threadA, threadA, threadB, undefined, undefined]) phones.push(await createMockPhone(numbers ? { numbers } : {}));
  try {
    assert.deepEqual(phones.slice(0, 3).map((p) => p.id), ['mock:a1', 'mock:a2', 'mock:b1']);
    const shared = phones.slice(3).map((p) => Number(p.id.replace('mock:', '')));
    assert.ok(shared.every(Number.isInteger), `process-numbered ids are plain numbers: ${phones.slice(3).map((p) => p.id).join(', ')}`);
    assert.equal(shared[1], shared[0] + 1);
    assert.equal(new Set(phones.map((p) => p.id)).size, phones.length);
  } finally {
    await Promise.all(phones.map((p) => p.close()));
  }
});
