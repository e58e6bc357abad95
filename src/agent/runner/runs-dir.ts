// A runs dir written in one go from finished records: results.jsonl (one record a line) and
// summary.json from summarize(), exactly what `phonebuddy run --out` leaves, so `report` reads
// a Test Explorer run as it reads a CLI run. (`runSuite` writes its own incrementally and
// durably, as episodes finish.)
import fs from 'node:fs';
import path from 'node:path';
import { summarize, type ResultRecord, type RunSummary } from './results';

/** Writes `records` as a runs dir at `dir` (created); returns `dir`. */
export function writeRunsDir(dir: string, records: readonly ResultRecord[], extra: Partial<RunSummary> = {}): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'results.jsonl'), records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  fs.writeFileSync(path.join(dir, 'summary.json'), `${JSON.stringify(summarize([...records], extra), null, 2)}\n`);
  return dir;
}
