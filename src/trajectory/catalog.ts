// The listing behind the Trajectories view: every episode folder under a recording directory,
// read from its manifest alone (plus a byte scan of steps.jsonl for recordings older than the
// manifest's `flags`), so a directory of thousands of episodes lists without parsing a single
// step. Asynchronous throughout: the extension host never blocks on a big directory.
// Filters (task, outcome, source, date) are plain data so the view, tests and the CLI share them.
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkManifest } from './validate';
import { MANIFEST_FILE, STEPS_FILE, type EpisodeSource, type Manifest, type StepFlagCounts } from './format';

export type EpisodeVerdict = 'passed' | 'failed' | 'recording' | 'interrupted' | 'no outcome';

export interface EpisodeListing {
  folder: string;
  manifest: Manifest;
  verdict: EpisodeVerdict;
  /** Task id, or '(no task)' for a free demonstration. */
  taskKey: string;
  flags: StepFlagCounts;
}

export interface UnreadableEpisode {
  folder: string;
  error: string;
}

export interface EpisodeFilter {
  /** Substring of the task id or goal, case-insensitive. */
  task?: string;
  outcome?: 'passed' | 'failed' | 'unfinished';
  source?: EpisodeSource;
  /** Only episodes started at or after this time (ms since the epoch). */
  since?: number;
}

export const NO_TASK = '(no task)';

export function verdictOf(m: Manifest): EpisodeVerdict {
  if (m.status === 'recording') return 'recording';
  if (m.outcome) return m.outcome.success ? 'passed' : 'failed';
  return m.status === 'interrupted' || m.status === 'stopped' ? 'interrupted' : 'no outcome';
}

/** Counts flagged steps straight from the log's bytes (no JSON parse) when the manifest lacks them. */
async function scanFlags(folder: string): Promise<StepFlagCounts> {
  let buf: Buffer;
  try {
    buf = await fs.readFile(path.join(folder, STEPS_FILE));
  } catch {
    return { corrected: 0, human: 0, forked: 0 };
  }
  const count = (needle: string): number => {
    const b = Buffer.from(needle);
    let n = 0;
    for (let at = buf.indexOf(b); at >= 0; at = buf.indexOf(b, at + b.length)) n++;
    return n;
  };
  return { corrected: count('"corrected":{'), human: count('"human":true'), forked: count('"forked":true') };
}

async function readListing(folder: string): Promise<EpisodeListing> {
  let text: string;
  let file = path.join(folder, MANIFEST_FILE);
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    // Created but never renamed into place: the reader knows how to use the .tmp.
    file = `${file}.tmp`;
    text = await fs.readFile(file, 'utf8');
  }
  const manifest = checkManifest(JSON.parse(text), file);
  return {
    folder, manifest, verdict: verdictOf(manifest), taskKey: manifest.task?.taskId ?? NO_TASK,
    flags: manifest.flags ?? await scanFlags(folder),
  };
}

async function isEpisode(dir: string): Promise<boolean> {
  for (const n of [MANIFEST_FILE, `${MANIFEST_FILE}.tmp`]) {
    try {
      await fs.access(path.join(dir, n));
      return true;
    } catch { /* next */ }
  }
  return false;
}

/** Episode folders below `root` (a runs dir nests them a level or two down). */
export async function findEpisodesUnder(root: string, maxDepth = 4): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (await isEpisode(dir)) { out.push(dir); return; }
    if (depth >= maxDepth) return;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    await Promise.all(entries.filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules').map((e) => walk(path.join(dir, e.name), depth + 1)));
  };
  await walk(root, 0);
  return out.sort();
}

export async function listEpisodes(root: string): Promise<{ episodes: EpisodeListing[]; unreadable: UnreadableEpisode[] }> {
  const folders = await findEpisodesUnder(root);
  const episodes: EpisodeListing[] = [];
  const unreadable: UnreadableEpisode[] = [];
  // A bounded number of reads in flight: thousands of folders must not open thousands of files at once.
  for (let i = 0; i < folders.length; i += 64) {
    const batch = await Promise.allSettled(folders.slice(i, i + 64).map(readListing));
    batch.forEach((r, j) => {
      if (r.status === 'fulfilled') episodes.push(r.value);
      else unreadable.push({ folder: folders[i + j], error: (r.reason as Error).message });
    });
  }
  // Newest first within the listing; the view groups by task.
  episodes.sort((a, b) => b.manifest.startedAt.localeCompare(a.manifest.startedAt) || a.folder.localeCompare(b.folder));
  return { episodes, unreadable };
}

export function matchesFilter(e: EpisodeListing, f: EpisodeFilter): boolean {
  if (f.task) {
    const needle = f.task.toLowerCase();
    if (!e.taskKey.toLowerCase().includes(needle) && !e.manifest.goal.toLowerCase().includes(needle)) return false;
  }
  if (f.outcome === 'passed' && e.verdict !== 'passed') return false;
  if (f.outcome === 'failed' && e.verdict !== 'failed') return false;
  if (f.outcome === 'unfinished' && (e.verdict === 'passed' || e.verdict === 'failed')) return false;
  if (f.source && e.manifest.source !== f.source) return false;
  if (f.since !== undefined && Date.parse(e.manifest.startedAt) < f.since) return false;
  return true;
}

/** Episodes grouped by task, tasks in name order ('(no task)' last). */
export function groupByTask(episodes: readonly EpisodeListing[]): { taskKey: string; episodes: EpisodeListing[] }[] {
  const groups = new Map<string, EpisodeListing[]>();
  for (const e of episodes) {
    const g = groups.get(e.taskKey);
    if (g) g.push(e);
    else groups.set(e.taskKey, [e]);
  }
  return [...groups].map(([taskKey, eps]) => ({ taskKey, episodes: eps }))
    .sort((a, b) => (a.taskKey === NO_TASK ? 1 : 0) - (b.taskKey === NO_TASK ? 1 : 0) || a.taskKey.localeCompare(b.taskKey));
}
