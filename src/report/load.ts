// Reads one run from one or more runs dirs (the --out folders of `phonebuddy run`): several
// dirs are shards of one suite (`run --shard i/n`, a CI matrix, a job array) and merge into one
// run. Nothing is counted silently: an instance found twice is counted once and named, a shard
// that was not given is named, unreadable lines and interrupted episodes are named.
import fs from 'node:fs';
import path from 'node:path';
import { parseResultsJsonl, type ResultRecord, type RunSummary } from '../agent/runner/results';
import type { ReportNote } from '../webview-protocol/run-report';

export interface LoadedRecord {
  record: ResultRecord;
  /** The runs dir it came from. */
  dir: string;
}

export interface LoadedRun {
  label: string;
  /** The label was given (not made from the dirs' names). */
  labelled?: boolean;
  dirs: string[];
  records: LoadedRecord[];
  notes: ReportNote[];
}

export class RunsDirError extends Error {
  override readonly name = 'RunsDirError';
}

const RESULTS = 'results.jsonl';
const SUMMARY = 'summary.json';

function readSummary(dir: string, notes: ReportNote[]): RunSummary | undefined {
  const file = path.join(dir, SUMMARY);
  if (!fs.existsSync(file)) {
    notes.push({ level: 'info', text: `${dir}: no ${SUMMARY} (the run did not finish writing it); the report uses results.jsonl alone` });
    return undefined;
  }
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as RunSummary;
  } catch (e) {
    notes.push({ level: 'warning', text: `${dir}: ${SUMMARY} is not valid JSON (${(e as Error).message}); the report uses results.jsonl alone` });
    return undefined;
  }
}

/** Loads and merges `dirs` into one run; throws RunsDirError for a folder that is not a runs dir. */
export function loadRun(dirs: readonly string[], label?: string): LoadedRun {
  if (dirs.length === 0) throw new RunsDirError('give at least one runs dir (the --out folder of `phonebuddy run`)');
  const notes: ReportNote[] = [];
  const records: LoadedRecord[] = [];
  const firstDir = new Map<string, string>();
  const duplicates = new Map<string, Set<string>>();
  const shards: { dir: string; index: number; count: number }[] = [];
  const policies = new Set<string>();
  for (const dir of dirs) {
    const file = path.join(dir, RESULTS);
    if (!fs.existsSync(file)) {
      throw new RunsDirError(fs.existsSync(dir)
        ? `${dir}: no ${RESULTS} here; give the --out folder of \`phonebuddy run\``
        : `${dir}: no such folder`);
    }
    const { records: rs, bad } = parseResultsJsonl(fs.readFileSync(file, 'utf8'));
    if (bad) notes.push({ level: 'warning', text: `${file}: ${bad} line${bad === 1 ? '' : 's'} could not be read (cut short by a crash?) and ${bad === 1 ? 'is' : 'are'} left out` });
    const summary = readSummary(dir, notes);
    const m = summary?.shard ? /^(\d+)\/(\d+)$/.exec(summary.shard) : null;
    if (m) shards.push({ dir, index: Number(m[1]), count: Number(m[2]) });
    if (summary?.complete === false) {
      notes.push({
        level: 'warning',
        text: `${dir}: the run was interrupted; ${summary.not_run ?? '?'} task${summary.not_run === 1 ? ' was' : 's were'} not run and are missing from this report (finish it with \`run --resume --out ${dir}\`)`,
        ...(summary.interrupted?.length ? { instances: summary.interrupted } : {}),
      });
    }
    const seenHere = new Set(rs.map((r) => r.task));
    const lost = Object.keys(summary?.per_task ?? {}).filter((t) => !seenHere.has(t));
    if (lost.length) notes.push({ level: 'warning', text: `${dir}: ${lost.length} instance${lost.length === 1 ? '' : 's'} in ${SUMMARY} but not in ${RESULTS} (missing from this report)`, instances: lost });
    for (const r of rs) {
      if (r.terminated_by === 'aborted') continue; // an old run's Ctrl-C record: no verdict
      policies.add(r.policy);
      const first = firstDir.get(r.task);
      if (first !== undefined) {
        const set = duplicates.get(r.task) ?? new Set([first]);
        set.add(dir);
        duplicates.set(r.task, set);
        continue;
      }
      firstDir.set(r.task, dir);
      records.push({ record: r, dir });
    }
  }
  if (duplicates.size) {
    notes.push({
      level: 'warning',
      text: `${duplicates.size} instance${duplicates.size === 1 ? '' : 's'} found more than once (overlapping shards or runs dirs given twice); each is counted once, from the first dir: ${[...duplicates].slice(0, 20).map(([t, ds]) => `${t} (${[...ds].join(', ')})`).join('; ')}`,
      instances: [...duplicates.keys()],
    });
  }
  notes.push(...shardNotes(shards, dirs.length));
  if (policies.size > 1) notes.push({ level: 'warning', text: `these runs dirs used different policies (${[...policies].join(', ')}): they are merged as one run` });
  return { label: label ?? runLabel(dirs), labelled: label !== undefined, dirs: [...dirs], records, notes };
}

/**
 * Labels for two runs that tell them apart: runs dirs are often named alike (`run`, `out`), so
 * parent folders are added to a made-up label until the two differ.
 */
export function distinctLabels(a: LoadedRun, b: LoadedRun): void {
  for (let depth = 2; a.label === b.label && depth <= 6; depth++) {
    if (!a.labelled) a.label = runLabel(a.dirs, depth);
    if (!b.labelled) b.label = runLabel(b.dirs, depth);
  }
}

function shardNotes(shards: { dir: string; index: number; count: number }[], dirCount: number): ReportNote[] {
  if (shards.length === 0) return [];
  const notes: ReportNote[] = [];
  const counts = new Set(shards.map((s) => s.count));
  if (counts.size > 1) notes.push({ level: 'warning', text: `the runs dirs are shards of different splits (${[...counts].map((n) => `of ${n}`).join(', ')}): they do not add up to one suite` });
  if (shards.length < dirCount) notes.push({ level: 'warning', text: `${dirCount - shards.length} runs dir${dirCount - shards.length === 1 ? ' is' : 's are'} not a shard, merged with ${shards.length} that ${shards.length === 1 ? 'is' : 'are'}` });
  for (const n of counts) {
    const have = new Set(shards.filter((s) => s.count === n).map((s) => s.index));
    const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !have.has(i));
    if (missing.length) notes.push({ level: 'warning', text: `shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${n}`).join(', ')} not given: ${missing.length === 1 ? 'its' : 'their'} instances are missing from this report` });
    else if (n > 1) notes.push({ level: 'info', text: `merged all ${n} shards of the suite` });
  }
  return notes;
}

/** A run's name from its dirs: their folder names, with `depth` parent folders when asked. */
export function runLabel(dirs: readonly string[], depth = 1): string {
  const names = dirs.map((d) => path.resolve(d).split(path.sep).filter(Boolean).slice(-depth).join('/'));
  return names.length <= 2 ? names.join(' + ') : `${names[0]} + ${names.length - 1} more`;
}
