// Shared by the extension-host suites: where the repository and the test output are, and a
// place to publish measured figures (activation time…) into the results file.
import path from 'node:path';

// The bundle runs from dist/test/vscode/index.js; the repository root is three levels up.
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export const EXTENSION_ID = 'phonebuddy.phonebuddy-studio';

export function outputDir(): string {
  return process.env.PHONEBUDDY_TEST_OUTPUT ?? path.join(repoRoot, '.test-output', 'vscode');
}

export const metrics: Record<string, number> = {};

/** Publishes a measured figure; test/vscode/run.mjs prints it and bench can read it. */
export function publishMetric(name: string, value: number): void {
  metrics[name] = Number(value.toFixed(2));
}
