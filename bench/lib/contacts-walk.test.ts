// Contacts' module-built screens draw what the hand-written ones drew: the same walk on both
// phones, every step's screenshot and UI tree equal, and the same rows written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareContactsWalk } from './contacts-walk';

describe('Contacts on modules', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`list, detail and editor equal the hand-written screens byte for byte (${locale})`, async () => {
      const steps = await compareContactsWalk(locale);
      assert.equal(steps.length, 29);
    });
  }
});
