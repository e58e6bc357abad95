// The report's statistics against values computed by hand (and, where noted, published ones).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mcnemarExact, median, rateDifference, wilson } from './stats';

const near = (a: number, b: number, eps = 5e-5) => assert.ok(Math.abs(a - b) < eps, `${a} ≉ ${b}`);

test('Wilson 95% intervals match hand computation', () => {
  // z = 1.959964, z² = 3.841459.
  // 5/10: centre = (0.5 + z²/20)/(1 + z²/10) = 0.5; half = z/(1.384146)·√(0.025 + z²/400) = 0.263403
  let ci = wilson(5, 10);
  near(ci.lo, 0.236597); near(ci.hi, 0.763403);
  // 4/6: centre = (0.666667 + 0.320122)/1.640243 = 0.601612; half = 1.194922·√(0.037037 + 0.026677) = 0.301617
  ci = wilson(4, 6);
  near(ci.lo, 0.299995); near(ci.hi, 0.903229);
  // 1/3: centre = (0.333333 + 0.640243)/2.280486 = 0.426917; half = 0.859451·√(0.074074 + 0.106707) = 0.365427
  ci = wilson(1, 3);
  near(ci.lo, 0.061490); near(ci.hi, 0.792344);
  // 0/1: lo is exactly 0; hi = 2·(z²/2)/(1 + z²) = 3.841459/4.841459 = 0.793451
  ci = wilson(0, 1);
  assert.equal(ci.lo, 0); near(ci.hi, 0.793451);
  // n/n: hi is exactly 1 (no rounding above or below).
  assert.equal(wilson(8, 8).hi, 1);
  assert.deepEqual(wilson(0, 0), { lo: 0, hi: 1 });
});

test('Newcombe\'s difference interval reproduces his published example', () => {
  // Newcombe (1998), Statistics in Medicine 17:873, Table II, example (a), method 10:
  // 56/70 − 48/80 = 0.2000, 95% CI +0.0524 to +0.3339. By hand: Wilson 56/70 = [0.691834,
  // 0.876953], 48/80 = [0.490455, 0.700382]; lo = 0.2 − √(0.108166² + 0.100382²) = 0.052431.
  const d = rateDifference(56, 70, 48, 80);
  near(d.diff, 0.2);
  near(d.lo, 0.0524, 5e-4); near(d.hi, 0.3339, 5e-4);
});

test('McNemar exact p-values match the binomial sums', () => {
  // b = 1, c = 4: 2·(C(5,0) + C(5,1))/2⁵ = 2·6/32 = 0.375
  near(mcnemarExact(1, 4), 0.375, 1e-12);
  assert.equal(mcnemarExact(4, 1), mcnemarExact(1, 4));
  // b = 0, c = 6: 2·1/64 = 0.03125
  near(mcnemarExact(0, 6), 0.03125, 1e-12);
  // nothing changed, or an even split: no evidence
  assert.equal(mcnemarExact(0, 0), 1);
  assert.equal(mcnemarExact(3, 3), 1);
  // thousands of flips do not underflow: 2000 vs 2100 is p ≈ 0.12 (normal approx. z = 100/√4100 = 1.56)
  const p = mcnemarExact(2000, 2100);
  assert.ok(p > 0.1 && p < 0.14, String(p));
});

test('median', () => {
  assert.equal(median([]), 0);
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
});
