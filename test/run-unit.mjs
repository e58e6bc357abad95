// Runs every unit test (*.test.ts beside the code it tests, plus test/unit/) in plain Node
// with node's own test runner; tsx compiles TypeScript on the fly. Pass file filters as
// arguments to run a subset: `npm run test:unit -- mockphone`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ms } from './vscode/lib/time.mjs';

const root = path.resolve(import.meta.dirname, '..');
const roots = ['src', 'webview', 'test/unit', 'bench'];
const filters = process.argv.slice(2);

function collect(dir, out) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) collect(full, out);
    else if (entry.name.endsWith('.test.ts')) out.push(path.relative(root, full));
  }
  return out;
}

// The slowest files (as the slowest-files reporter prints them after a run) start first, so the
// two lanes finish together instead of one long file running alone at the end.
const SLOWEST_FIRST = [
  'test/unit/catalogue.test.ts', 'src/env/server.test.ts', 'src/mockphone/phone/panel-view.test.ts',
  'src/debug/adapter.test.ts', 'src/env/session-threads.test.ts', 'src/mockphone/goldens.test.ts',
  'src/env/python-client.test.ts', 'src/model/host.test.ts', 'test/unit/flawed-verifiers.test.ts',
  'src/panel/panel-webview.browser.test.ts', 'src/mockphone/ui/scroll-shift.test.ts', 'src/mockphone/ui/damage.test.ts',
];
const rank = (f) => { const i = SLOWEST_FIRST.indexOf(f); return i < 0 ? SLOWEST_FIRST.length : i; };
const files = roots.flatMap((r) => collect(path.join(root, r), [])).sort()
  .sort((a, b) => rank(a) - rank(b))
  .filter((f) => filters.length === 0 || filters.some((flt) => f.includes(flt)));
if (files.length === 0) {
  console.error('no unit test files matched');
  process.exit(1);
}
// A guard against a hung test, scaled like every other test timeout (×3 under CI or the CPU hog):
// the AndroidWorld sweeps take 2–3 minutes on a busy 2-core machine.
// Two files at a time at least: node's default (cores − 1) runs them one by one on a 2-core
// machine, leaving a core idle while a file waits on its child processes, sockets and threads.
const concurrency = Math.max(2, os.availableParallelism() - 1);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout',
  '--test-reporter=./test/slowest-files.mjs', '--test-reporter-destination=stdout', `--test-concurrency=${concurrency}`, `--test-timeout=${ms(180_000)}`, ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PHONEBUDDY_TEST: '1' },
});
process.exit(result.status ?? 1);
