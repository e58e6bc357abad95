// Shop's module-built screens draw what the hand-written ones drew: the same walk on both
// phones, every step's screenshot and UI tree equal, the clocks equal, and the same rows
// written (the goldens only hold Shop's home).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareShopWalk } from './shop-walk';

describe('Shop on modules', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`home, results, product, cart, checkout, addresses, address editor, payment and orders equal the hand-written screens byte for byte (${locale})`, async () => {
      const steps = await compareShopWalk(locale);
      assert.equal(steps.length, 48);
    });
  }
});
