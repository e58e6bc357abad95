// The fuzzing campaign's one runner (fast-check). Every target runs FUZZ_RUNS generated inputs
// (10,000 unless PHONEBUDDY_FUZZ_RUNS says otherwise) plus the failures found so far, kept as
// `regressions` and run first; it prints how many inputs it ran and with which seed, and a
// failure names the seed and path to replay it (PHONEBUDDY_FUZZ_SEED=… PHONEBUDDY_FUZZ_PATH=…).
// "Never hangs" is checked per input: one using more CPU time than PER_INPUT_MS fails the target.
// The whole target's budget is its node:test timeout (FUZZ_BUDGET_MS), scaled by the suite's
// one time factor on a loaded machine.
import fc from 'fast-check';
import { timeFactor } from '../../vscode/lib/time.mjs';

export const TIME_FACTOR = timeFactor();
export const FUZZ_RUNS = Math.max(1, Number(process.env.PHONEBUDDY_FUZZ_RUNS) || 10_000);
/** One input of a linear parser takes well under a millisecond; seconds means it hangs. */
export const PER_INPUT_MS = 2_000 * TIME_FACTOR;
/** A target's whole budget (the node:test timeout of each fuzz test). */
export const FUZZ_BUDGET_MS = 120_000 * TIME_FACTOR;

export interface FuzzOptions<T> {
  /** Inputs that once failed: run before the generated ones, every time. */
  regressions?: T[];
  runs?: number;
}

/**
 * Runs `property` on generated inputs; throws (with seed and replay path) on the first failing
 * one after fast-check has shrunk it. `property` fails by throwing or returning false.
 */
export function fuzz<T>(name: string, arb: fc.Arbitrary<T>, property: (x: T) => boolean | void, opts: FuzzOptions<T> = {}): void {
  const seed = process.env.PHONEBUDDY_FUZZ_SEED ? Number(process.env.PHONEBUDDY_FUZZ_SEED) : (Date.now() ^ (process.pid << 8)) | 0;
  const path = process.env.PHONEBUDDY_FUZZ_PATH || undefined;
  const numRuns = opts.runs ?? FUZZ_RUNS;
  let inputs = 0;
  const started = performance.now();
  const timed = (x: T): boolean | void => {
    inputs++;
    // CPU time, not wall time: a hang spins, while a loaded machine only stalls the process
    // (a CI run at load 15 once failed a parser input on a 2 s wall-clock stall).
    const t0 = process.cpuUsage();
    const r = property(x);
    const used = process.cpuUsage(t0);
    const ms = (used.user + used.system) / 1000;
    if (ms > PER_INPUT_MS) throw new Error(`one input took ${Math.round(ms)} ms of CPU (> ${PER_INPUT_MS} ms): hangs`);
    return r;
  };
  const examples = (opts.regressions ?? []).map((x) => [x] as [T]);
  const result = fc.check(fc.property(arb, timed), { numRuns, seed, ...(path ? { path } : {}), examples, endOnFailure: false });
  const ms = Math.round(performance.now() - started);
  console.log(`fuzz ${name}: ${inputs} inputs (${examples.length} regression cases, ${numRuns} generated) in ${ms} ms, seed ${seed}`);
  if (result.failed) {
    throw new Error(`fuzz ${name} failed — replay with PHONEBUDDY_FUZZ_SEED=${seed} PHONEBUDDY_FUZZ_PATH=${result.counterexamplePath ?? ''}\n${fc.defaultReportMessage(result)}\nthe input's error: ${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}`);
  }
  if (!path && result.numRuns < numRuns) throw new Error(`fuzz ${name}: only ${result.numRuns} of ${numRuns} inputs ran`);
}

/** Text that looks like a model's output: tags the parser looks for, mixed with noise. */
export function taggedText(tags: readonly string[]): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...tags) },
    { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom(' ', '\n', '\t', '\u3000', '\u2028', '{', '}', '"', "'", ',', '[', ']', ':', '>', '=') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
  );
  return fc.array(piece, { maxLength: 40 }).map((a) => a.join(''));
}
