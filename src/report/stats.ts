// The statistics a suite report needs, and no more: the Wilson score interval for a success
// rate (sound at 0 % and 100 % and for the small counts a family or an app has, where the
// normal "± 1.96·√(p(1−p)/n)" collapses to zero width), Newcombe's difference of two such
// rates, and McNemar's exact test for two runs on the same instances. Hand-written: a handful
// of formulas, each pinned by hand-computed values in stats.test.ts.

export interface Interval {
  lo: number;
  hi: number;
}

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

/** Wilson score interval for `k` successes in `n` trials; [0, 1] when there are no trials. */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (n <= 0) return { lo: 0, hi: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Clamp the last ulp: at k = 0 or k = n the bound is exactly 0 or 1.
  return { lo: k === 0 ? 0 : Math.max(0, centre - half), hi: k === n ? 1 : Math.min(1, centre + half) };
}

/**
 * Newcombe's hybrid score interval (his method 10) for p1 − p2 of two independent rates, built
 * from their Wilson intervals. On paired runs it is conservative (pairing only narrows it);
 * the paired question "did it change?" is McNemar's below.
 */
export function rateDifference(k1: number, n1: number, k2: number, n2: number, z = Z95): { diff: number } & Interval {
  const p1 = n1 ? k1 / n1 : 0;
  const p2 = n2 ? k2 / n2 : 0;
  const a = wilson(k1, n1, z);
  const b = wilson(k2, n2, z);
  const diff = p1 - p2;
  return {
    diff,
    lo: diff - Math.sqrt((p1 - a.lo) ** 2 + (b.hi - p2) ** 2),
    hi: diff + Math.sqrt((a.hi - p1) ** 2 + (p2 - b.lo) ** 2),
  };
}

/**
 * McNemar's exact test: of the `b + c` discordant pairs (b: only the first run passed, c: only
 * the second did), is the split further from even than chance allows? Two-sided binomial
 * p-value, P = min(1, 2·Σ_{i ≤ min(b,c)} C(b+c, i) / 2^(b+c)); 1 when nothing changed. Summed in
 * logs so a few thousand flips do not underflow.
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const lnFact = [0];
  for (let i = 1; i <= n; i++) lnFact.push(lnFact[i - 1] + Math.log(i));
  const ln2n = n * Math.LN2;
  let tail = 0;
  for (let i = 0; i <= Math.min(b, c); i++) tail += Math.exp(lnFact[n] - lnFact[i] - lnFact[n - i] - ln2n);
  return Math.min(1, 2 * tail);
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
