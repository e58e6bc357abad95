// Shared by the extension-host suites: where the repository and the test output are, and a
// place to publish measured figures (activation time…) into the results file.
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';

// The bundle runs from dist/test/vscode/index.js; the repository root is three levels up.
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export const EXTENSION_ID = 'phonebuddy.phonebuddy-studio';

export function outputDir(): string {
  return process.env.PHONEBUDDY_TEST_OUTPUT ?? path.join(repoRoot, '.test-output', 'vscode');
}

/**
 * `n` milliseconds scaled by the stage's one time factor (PHONEBUDDY_TEST_TIME_FACTOR, set by
 * test/vscode/run.mjs: higher under CI and the CPU hog). Every timeout in the suites goes through it.
 */
/** Activates the extension and makes a new folder `<prefix>-<time>` under the output folder. */
export async function activateWithFolder(prefix: string): Promise<string> {
  await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
  const dir = path.join(outputDir(), `${prefix}-${Date.now()}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function scaled(n: number): number {
  const f = Number(process.env.PHONEBUDDY_TEST_TIME_FACTOR);
  return Math.round(n * (f > 0 ? f : 1));
}

export const metrics: Record<string, number> = {};

/** Publishes a measured figure; test/vscode/run.mjs prints it and bench can read it. */
export function publishMetric(name: string, value: number): void {
  metrics[name] = Number(value.toFixed(2));
}

/**
 * Polls `probe` until it returns a truthy value (returned) or `timeoutMs` passes (throws, naming
 * `what` and the probe's last error). The suites wait on the workbench this way, never on sleeps.
 */
export async function until<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + scaled(timeoutMs);
  let last: unknown;
  for (;;) {
    const v = await Promise.resolve().then(probe).catch((e: unknown) => { last = e; return undefined; });
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
