// The one factor every timeout of the VS Code stage is scaled by: waits are for events, and a
// timeout only says how long an event may take before the test gives up — longer on a loaded
// machine. PHONEBUDDY_TEST_TIME_FACTOR sets it (run.mjs passes it on to the extension host,
// whose suites read it in suite/support.ts); unset, it is 3 under CI or the CPU hog (--hog)
// and 1 otherwise. Read when asked, so run.mjs can set it after its options are parsed.
export function timeFactor() {
  const fromEnv = Number(process.env.PHONEBUDDY_TEST_TIME_FACTOR);
  return fromEnv > 0 ? fromEnv : (process.env.CI || Number(process.env.PHONEBUDDY_TEST_HOG) > 0 ? 3 : 1);
}

/** `n` milliseconds, scaled by the time factor. */
export const ms = (n) => Math.round(n * timeFactor());

/**
 * Polls `probe` (async; a throw counts as not yet) until it returns a truthy value, which is
 * returned, or `timeoutMs` (scaled) passes. Scenarios wait on the workbench this way.
 */
export async function until(what, probe, timeoutMs = 30_000) {
  const deadline = Date.now() + ms(timeoutMs);
  let last;
  for (;;) {
    const v = await Promise.resolve().then(probe).catch((e) => { last = e; return undefined; });
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (${last?.message ?? last})` : ''}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
