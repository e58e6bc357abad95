// The app-file language's cost per keystroke (after the 250 ms debounce) on the example app
// (apps-examples/pantry.app.yaml): the editor's diagnostics (the loader's checks plus the
// package and the seed tried in SQLite, four seedings) beside the loader's checks alone
// (parseAppFile, what a save-reload runs per file), interleaved in one run; and one completion
// (tables after FROM) and one hover (a module), which parse the document each time.
// Run: npm run bench -- app-language
import { loadSql } from '../src/mockphone/runtime/database';
import { parseAppFile } from '../src/studio/app-files/parse-app-file';
import { completeAppAt } from '../src/studio/app-files/language/completion';
import { appFileDiagnostics } from '../src/studio/app-files/language/diagnostics';
import { appHoverAt } from '../src/studio/app-files/language/hover';
import { PANTRY_APP } from '../src/studio/app-files/testing/pantry-app';
import { median, percentile, report, round, timeRuns } from './report';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);

async function main(): Promise<void> {
  const sql = await loadSql();
  const file = '/ws/apps/pantry.app.yaml';
  // Interleaved (A, B, A, B…) so the machine's load falls on both alike.
  const loader: number[] = [];
  const editor: number[] = [];
  for (let i = 0; i < 20; i++) { parseAppFile(PANTRY_APP, file, sql); appFileDiagnostics(PANTRY_APP, file, sql); }
  for (let i = 0; i < RUNS; i++) {
    const pair: [() => unknown, number[]][] = [[() => parseAppFile(PANTRY_APP, file, sql), loader], [() => appFileDiagnostics(PANTRY_APP, file, sql), editor]];
    for (const [fn, out] of i % 2 === 0 ? pair : pair.reverse()) {
      const t = process.hrtime.bigint();
      fn();
      out.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }
  const from = PANTRY_APP.indexOf('FROM items WHERE (?') + 'FROM '.length;
  const completion = await timeRuns(() => completeAppAt(PANTRY_APP, from, sql), RUNS, 20);
  const hover = await timeRuns(() => appHoverAt(PANTRY_APP, PANTRY_APP.indexOf('module: form') + 9, sql), RUNS, 20);
  report('app-language', [
    { metric: 'loader checks (parseAppFile), median', value: median(loader), unit: 'ms', note: 'baseline' },
    { metric: 'editor diagnostics, median', value: median(editor), unit: 'ms', note: `p95 ${round(percentile(editor, 95))} ms; + package and four trial seedings` },
    { metric: 'editor diagnostics / loader checks', value: median(editor) / median(loader), unit: 'x' },
    { metric: 'completion (tables after FROM), median', value: median(completion), unit: 'ms', note: `p95 ${round(percentile(completion, 95))} ms` },
    { metric: 'hover (a module), median', value: median(hover), unit: 'ms', note: `p95 ${round(percentile(hover, 95))} ms` },
  ]);
}

void main();
