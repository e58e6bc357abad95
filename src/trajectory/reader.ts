// Opens an episode folder and, when asked, repairs a recording that a crash or a kill cut
// off: steps.jsonl is cut back to its last complete, valid line, files no line names are
// removed, and the manifest is marked 'interrupted' — nothing before the cut is lost. A folder
// whose writer is still alive (same host, live pid) is read as it is and never touched.
// Every file name read from disk is checked to stay inside the folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeDurableFs, type DurableFs } from './durable-fs';
import { TrajectoryFileError, checkManifest, checkStepEntry } from './validate';
import { MANIFEST_FILE, STEPS_FILE, type Manifest, type StepEntry } from './format';

export interface EpisodeRead {
  folder: string;
  manifest: Manifest;
  steps: StepEntry[];
  /** Sentences for the user: dropped lines, missing files, what repair did. */
  problems: string[];
  /** Steps whose screenshot or UI file is missing or the wrong size. */
  missing: { step: number; file: string }[];
  /** True when this call rewrote the folder. */
  repaired: boolean;
  /** A writer process is still recording into it. */
  live: boolean;
}

export class CorruptEpisodeError extends Error {
  override readonly name = 'CorruptEpisodeError';
  constructor(readonly folder: string, why: string) {
    super(`${folder}: ${why}`);
  }
}

export interface ReadOptions {
  /** Repair a cut-off recording in place (default false: read only). */
  repair?: boolean;
  fs?: DurableFs;
}

const STEP_FILE = /^(\d{4,})\.(jpg|png|xml)$/;

export function isEpisodeFolder(dir: string): boolean {
  return fs.existsSync(path.join(dir, MANIFEST_FILE)) || fs.existsSync(path.join(dir, `${MANIFEST_FILE}.tmp`));
}

function readManifest(folder: string): { manifest: Manifest; fromTemp: boolean } {
  const errors: string[] = [];
  for (const [name, fromTemp] of [[MANIFEST_FILE, false], [`${MANIFEST_FILE}.tmp`, true]] as const) {
    const file = path.join(folder, name);
    if (!fs.existsSync(file)) continue;
    try {
      return { manifest: checkManifest(JSON.parse(fs.readFileSync(file, 'utf8')), name), fromTemp };
    } catch (e) {
      // A schema error names the file itself; a JSON syntax error does not.
      errors.push(e instanceof TrajectoryFileError ? e.message : `${name}: ${(e as Error).message}`);
    }
  }
  throw new CorruptEpisodeError(folder, errors.length ? `unreadable manifest (${errors.join('; ')})` : 'no manifest.json: not an episode folder');
}

function writerAlive(m: Manifest): boolean {
  if (!m.writer || m.status !== 'recording' || m.writer.host !== os.hostname()) return false;
  if (m.writer.pid === process.pid) return true;
  try {
    process.kill(m.writer.pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
}

/** Parses steps.jsonl up to its last complete, valid line. */
function readSteps(folder: string, problems: string[]): { steps: StepEntry[]; goodBytes: number; totalBytes: number } {
  const file = path.join(folder, STEPS_FILE);
  const buf = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
  const steps: StepEntry[] = [];
  let offset = 0;
  let lineNo = 0;
  while (offset < buf.length) {
    const nl = buf.indexOf(0x0a, offset);
    lineNo++;
    if (nl < 0) {
      problems.push(`steps.jsonl line ${lineNo} is cut off (${buf.length - offset} bytes without an end): dropped`);
      break;
    }
    const line = buf.subarray(offset, nl).toString('utf8');
    if (line.trim() === '') { offset = nl + 1; continue; }
    let entry: StepEntry;
    try {
      entry = checkStepEntry(JSON.parse(line));
    } catch (e) {
      problems.push(`steps.jsonl line ${lineNo} is not a valid step (${(e as Error).message}): it and the lines after it were dropped`);
      break;
    }
    const prev = steps.at(-1);
    if (prev && entry.index <= prev.index) {
      problems.push(`steps.jsonl line ${lineNo}: step ${entry.index} after step ${prev.index}: it and the lines after it were dropped`);
      break;
    }
    steps.push(entry);
    offset = nl + 1;
  }
  return { steps, goodBytes: offset, totalBytes: buf.length };
}

/** Byte offset where line number `n` (0-based) of steps.jsonl starts. */
function lineStart(folder: string, n: number): number {
  const buf = fs.readFileSync(path.join(folder, STEPS_FILE));
  let off = 0;
  for (let i = 0; i < n; i++) off = buf.indexOf(0x0a, off) + 1;
  return off;
}

function checkFiles(folder: string, steps: StepEntry[], problems: string[]): { step: number; file: string }[] {
  const missing: { step: number; file: string }[] = [];
  for (const s of steps) {
    for (const f of [s.screenshot, s.uiTree]) {
      if (!f) continue;
      const problem = fileProblem(path.join(folder, f.file), f.file, f.bytes);
      if (problem) {
        missing.push({ step: s.index, file: f.file });
        problems.push(`step ${s.index}: ${problem}`);
      }
    }
  }
  return missing;
}

// What a screenshot's first bytes must be: an episode's images go into training data whole.
const IMAGE_MAGIC: Record<string, readonly number[]> = { '.jpg': [0xff, 0xd8, 0xff], '.png': [0x89, 0x50, 0x4e, 0x47] };

/**
 * Why a step file cannot be used, or undefined. Never followed out of the folder: a symbolic
 * link (e.g. 0003.jpg → /etc/passwd with the log's byte count) would have been read into
 * the export; a screenshot that is not the image its name says is not used either.
 */
function fileProblem(full: string, name: string, bytes: number): string | undefined {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(full);
  } catch {
    return `${name} is missing`;
  }
  if (st.isSymbolicLink()) return `${name} is a symbolic link, not a file of the episode: not read`;
  if (!st.isFile()) return `${name} is not a regular file: not read`;
  if (st.size !== bytes) return `${name} has ${st.size} bytes, the log says ${bytes}`;
  const magic = IMAGE_MAGIC[path.extname(name)];
  if (magic) {
    const head = Buffer.alloc(magic.length);
    const fd = fs.openSync(full, 'r');
    try {
      fs.readSync(fd, head, 0, magic.length, 0);
    } finally {
      fs.closeSync(fd);
    }
    if (!magic.every((b, i) => head[i] === b)) return `${name} is not a ${path.extname(name) === '.png' ? 'PNG' : 'JPEG'} image`;
  }
  return undefined;
}

/** Step files no kept line names (written just before a crash, or left by a dropped line). */
function orphanFiles(folder: string, steps: StepEntry[]): string[] {
  const named = new Set(steps.flatMap((s) => [s.screenshot?.file, s.uiTree?.file]).filter(Boolean));
  return fs.readdirSync(folder).filter((n) => STEP_FILE.test(n) && !named.has(n));
}

export async function readEpisode(folder: string, options: ReadOptions = {}): Promise<EpisodeRead> {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new CorruptEpisodeError(folder, 'not a folder');
  const { manifest: m, fromTemp } = readManifest(folder);
  const problems: string[] = [];
  if (fromTemp) problems.push('manifest.json is missing; read manifest.json.tmp (the process stopped while creating it)');
  const live = writerAlive(m);
  const read = readSteps(folder, live ? [] : problems);
  const { steps, totalBytes } = read;
  let goodBytes = read.goodBytes;
  // A crash while a step was being written can leave its line on disk before its files:
  // that last step was never complete, so it goes (and only at the end of a dead recording).
  if (!live && (m.status === 'recording' || m.status === 'stopped')) {
    while (steps.length && checkFiles(folder, [steps.at(-1)!], []).length) {
      const s = steps.pop()!;
      problems.push(`step ${s.index} was cut off while its files were written: dropped`);
      goodBytes = lineStart(folder, steps.length);
    }
  }
  const missing = checkFiles(folder, steps, problems);
  let manifest: Manifest = m;
  let repaired = false;
  const orphans = live ? [] : orphanFiles(folder, steps);
  const cut = !live && (m.status === 'recording' || goodBytes < totalBytes || fromTemp || m.steps !== steps.length);
  if (!live && orphans.length) problems.push(`${orphans.length} file(s) without a step line: ${orphans.slice(0, 5).join(', ')}${orphans.length > 5 ? ', …' : ''}`);
  if (cut || (!live && m.steps !== steps.length && m.status !== 'recording')) {
    const { writer: _w, ...rest } = m;
    manifest = {
      ...rest,
      status: m.status === 'recording' ? 'interrupted' : m.status,
      steps: steps.length,
      endedAt: m.endedAt ?? steps.at(-1)?.time ?? m.startedAt,
    };
  }
  if (options.repair && !live && (cut || orphans.length || manifest !== m)) {
    const dfs = options.fs ?? nodeDurableFs;
    if (goodBytes < totalBytes) {
      const text = fs.readFileSync(path.join(folder, STEPS_FILE)).subarray(0, goodBytes);
      await dfs.replace(path.join(folder, STEPS_FILE), text.toString('utf8'));
    }
    for (const o of orphans) fs.rmSync(path.join(folder, o), { force: true });
    await dfs.replace(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.rmSync(path.join(folder, `${MANIFEST_FILE}.tmp`), { force: true });
    repaired = true;
    problems.push(`repaired: kept ${steps.length} complete step(s)${m.status === 'recording' ? ', marked interrupted' : ''}`);
  }
  return { folder, manifest, steps, problems, missing, repaired, live };
}

/**
 * Episode folders under the given paths: a path that is an episode folder, or any folder
 * below it (runs dirs nest episodes a level or two down). Sorted, de-duplicated.
 */
/** How many folder levels below an input the episode folders are looked for. */
export const EPISODE_SEARCH_DEPTH = 4;

export function findEpisodeFolders(paths: readonly string[], maxDepth = EPISODE_SEARCH_DEPTH): string[] {
  const out = new Set<string>();
  const walk = (dir: string, depth: number): void => {
    if (isEpisodeFolder(dir)) { out.add(path.resolve(dir)); return; }
    if (depth >= maxDepth) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') walk(path.join(dir, e.name), depth + 1);
  };
  for (const p of paths) walk(p, 0);
  return [...out].sort();
}
