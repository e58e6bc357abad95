// Extension-tests entry (`extensionTestsPath`): VS Code loads the bundle of this file inside the
// real extension host and awaits run(); a rejection makes the host report failure. It runs every
// mocha suite test/vscode/suite/**/*.test.ts (tdd UI: suite/test), prints each result, and writes
// them to <output>/mocha-results.json for test/vscode/run.mjs to count.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import { metrics, outputDir, repoRoot, scaled } from './support';

const suiteDir = path.join(repoRoot, 'test', 'vscode', 'suite');

export interface TestRecord {
  title: string;
  state: 'passed' | 'failed';
  ms: number;
  error?: string;
}

export interface SuiteResults {
  passed: number;
  failed: number;
  tests: TestRecord[];
  /** Figures tests choose to publish (activation time…), collected by bench and the log. */
  metrics: Record<string, number>;
}

function suiteFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return suiteFiles(full, base);
    return e.name.endsWith('.test.ts') ? [path.relative(base, full).replace(/\\/g, '/').slice(0, -'.test.ts'.length)] : [];
  }).sort();
}

export async function run(): Promise<void> {
  const grep = process.env.PHONEBUDDY_TEST_GREP;
  const mocha = new Mocha({ ui: 'tdd', timeout: scaled(30_000), color: false, reporter: 'spec', ...(grep ? { grep } : {}) });
  // Defines suite/test/setup… as globals before the suite modules evaluate.
  mocha.suite.emit('pre-require', globalThis, 'phonebuddy-suites', mocha);
  for (const name of suiteFiles(suiteDir)) {
    // esbuild bundles every file matching this template (./**/*.test.ts) into this entry.
    await import(`./${name}.test.ts`);
  }
  const tests: TestRecord[] = [];
  const started = new Map<unknown, number>();
  const failures = await new Promise<number>((resolve) => {
    const runner = mocha.run(resolve);
    runner.on('test', (t) => started.set(t, Date.now()));
    runner.on('pass', (t) => tests.push({ title: t.fullTitle(), state: 'passed', ms: Date.now() - (started.get(t) ?? Date.now()) }));
    runner.on('fail', (t, err: Error) => tests.push({
      title: t.fullTitle(), state: 'failed', ms: Date.now() - (started.get(t) ?? Date.now()),
      error: err?.stack ?? String(err),
    }));
  });
  const results: SuiteResults = {
    passed: tests.filter((t) => t.state === 'passed').length,
    failed: tests.filter((t) => t.state === 'failed').length,
    tests,
    metrics,
  };
  fs.mkdirSync(outputDir(), { recursive: true });
  fs.writeFileSync(path.join(outputDir(), 'mocha-results.json'), JSON.stringify(results, null, 2));
  if (failures > 0) throw new Error(`${failures} extension-host test(s) failed`);
}
