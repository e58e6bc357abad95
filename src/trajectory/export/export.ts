// `phonebuddy export`: episode folders (or runs dirs holding them) → one training format, with
// a deterministic split by episode, de-duplication and a stats report. A corrupt or cut-off
// episode never aborts the export: its complete steps are used (or it is skipped) with a
// warning naming it. Images are never re-encoded: inline formats carry the recorded JPEG
// bytes as base64, file formats hard-link (or copy) the recorded file.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { EPISODE_SEARCH_DEPTH, findEpisodeFolders, readEpisode, type EpisodeRead } from '../reader';
import { MANIFEST_FILE, STEPS_FILE } from '../format';
import { FORMATS, type FormatName, type OutputFile } from './formats';
import { emptySkips, episodeSamples, type SampleSkips, type StepSample } from './samples';
import { splitOf, type SplitName } from './split';

export interface ExportOptions {
  inputs: string[];
  format: FormatName;
  outDir: string;
  onlySuccess?: boolean;
  /** Fraction of episodes in train (default 1: everything in train). */
  split?: number;
  seed?: number;
  /** Also write corrected steps as preference pairs (the model's original as rejected). */
  rejected?: boolean;
  onProgress?: (done: number, total: number, folder: string) => void;
  signal?: AbortSignal;
  warn?: (message: string) => void;
}

export interface ExportStats {
  format: FormatName;
  episodes: { found: number; exported: number; corrupt: number; live: number; notSuccessful: number; repairedInMemory: number };
  steps: {
    exported: number; train: number; val: number; preference: number;
    /** Exported steps a person made or corrected (demonstrations, debugger and panel corrections). */
    human: number;
    /** Exported steps whose target's thought is empty (`<think></think>`): mostly demonstration steps without a note. */
    emptyThought: number;
    skipped: SampleSkips;
  };
  success: { withOutcome: number; success: number; rate: number };
  perAction: Record<string, number>;
  perApp: Record<string, number>;
  bytes: { jsonl: number; images: number; total: number; perStep: number };
  files: OutputFile[];
  warnings: string[];
  durationMs: number;
}

/**
 * Stands in for an inline image while the line is stringified; the image's base64 is then
 * spliced in as bytes, so JSON.stringify never scans (and UTF-8 never re-encodes) ~200 KB of
 * base64 per line. Base64 needs no JSON escaping, so the line is the same either way.
 */
const IMAGE_SLOT = '\u0000pb-image\u0000';
const IMAGE_SLOT_JSON = JSON.stringify(IMAGE_SLOT).slice(1, -1);

/** Buffered append-only JSONL file; opened on first line. */
class JsonlOut {
  private fd?: number;
  private chunks: Buffer[] = [];
  private pending = 0;
  lines = 0;
  bytes = 0;
  constructor(readonly file: string) {}
  write(obj: unknown, inlineImage?: Buffer): void {
    const line = `${JSON.stringify(obj)}\n`;
    const at = inlineImage ? line.indexOf(IMAGE_SLOT_JSON) : -1;
    if (at >= 0) {
      this.push(Buffer.from(line.slice(0, at), 'utf8'));
      this.push(inlineImage!);
      this.push(Buffer.from(line.slice(at + IMAGE_SLOT_JSON.length), 'utf8'));
    } else {
      this.push(Buffer.from(line, 'utf8'));
    }
    this.lines++;
    if (this.pending > 4 << 20) this.flush();
  }
  private push(b: Buffer): void {
    this.chunks.push(b);
    this.pending += b.length;
  }
  flush(): void {
    if (!this.chunks.length) return;
    this.fd ??= fs.openSync(this.file, 'w');
    fs.writeSync(this.fd, Buffer.concat(this.chunks, this.pending));
    this.bytes += this.pending;
    this.chunks = [];
    this.pending = 0;
  }
  close(): void {
    this.flush();
    if (this.fd !== undefined) fs.closeSync(this.fd);
  }
}

const sorted = (m: Map<string, number>): Record<string, number> => Object.fromEntries([...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));

/**
 * The episode folders under each input. An input that yields none is named with why, so a
 * mistyped path or a folder that is not a recording never just exports nothing in silence.
 */
function findInputFolders(inputs: readonly string[], warn: (m: string) => void): string[] {
  const found = new Set<string>();
  for (const p of inputs) {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch (e) {
      const code = (e as { code?: string }).code;
      warn(code === 'ENOENT' ? `${p}: no such file or folder` : `${p}: cannot be read (${code ?? String(e)})`);
      continue;
    }
    if (!st.isDirectory()) { warn(`${p}: is a file, not an episode folder or a folder of recordings`); continue; }
    const under = findEpisodeFolders([p]);
    if (under.length === 0) {
      warn(fs.existsSync(path.join(p, STEPS_FILE))
        ? `${p}: has ${STEPS_FILE} but no ${MANIFEST_FILE}, so it is not a readable episode folder`
        : `${p}: no episode folders in it (none with a ${MANIFEST_FILE}, ${EPISODE_SEARCH_DEPTH} levels down)`);
    }
    for (const f of under) found.add(f);
  }
  return [...found].sort();
}

export async function exportTrajectories(o: ExportOptions): Promise<ExportStats> {
  const started = performance.now();
  const format = FORMATS[o.format];
  if (!format) throw new Error(`unknown format '${o.format}' (use phonebuddy, llamafactory or swift)`);
  const split = o.split ?? 1;
  if (!(split > 0 && split <= 1)) throw new Error(`--split must be in (0, 1], got ${split}`);
  const warnings: string[] = [];
  const warn = (m: string): void => { warnings.push(m); o.warn?.(m); };
  const folders = findInputFolders(o.inputs, warn);
  fs.mkdirSync(o.outDir, { recursive: true });
  // A re-export must not leave an older run's split beside the new one.
  for (const n of ['train.jsonl', 'val.jsonl', 'train.preference.jsonl', 'val.preference.jsonl', 'dataset_info.json']) fs.rmSync(path.join(o.outDir, n), { force: true });

  const outs = new Map<string, JsonlOut>();
  const out = (s: SplitName, kind: 'sft' | 'preference'): JsonlOut => {
    const name = `${s}${kind === 'preference' ? '.preference' : ''}.jsonl`;
    let w = outs.get(name);
    if (!w) outs.set(name, (w = new JsonlOut(path.join(o.outDir, name))));
    return w;
  };
  const stats: ExportStats = {
    format: o.format,
    episodes: { found: folders.length, exported: 0, corrupt: 0, live: 0, notSuccessful: 0, repairedInMemory: 0 },
    steps: { exported: 0, train: 0, val: 0, preference: 0, human: 0, emptyThought: 0, skipped: emptySkips() },
    success: { withOutcome: 0, success: 0, rate: 0 }, perAction: {}, perApp: {},
    bytes: { jsonl: 0, images: 0, total: 0, perStep: 0 }, files: [], warnings, durationMs: 0,
  };
  const perAction = new Map<string, number>();
  const perApp = new Map<string, number>();
  const seen = new Set<string>();
  const imageDirs = new Map<string, string>();
  let imageBytes = 0;

  const inlineImage = (s: StepSample): Buffer =>
    Buffer.from(`data:image/${s.step.screenshot!.file.endsWith('.png') ? 'png' : 'jpeg'};base64,${fs.readFileSync(s.image).toString('base64')}`, 'latin1');
  const imageRef = (s: StepSample): string => {
    if (format.images === 'inline') return IMAGE_SLOT;
    let dir = imageDirs.get(s.episode.folder);
    if (!dir) {
      const base = path.basename(s.episode.folder);
      dir = [...imageDirs.values()].includes(base) ? `${base}-${createHash('sha256').update(s.episode.folder).digest('hex').slice(0, 6)}` : base;
      imageDirs.set(s.episode.folder, dir);
      fs.mkdirSync(path.join(o.outDir, 'images', dir), { recursive: true });
    }
    const rel = path.posix.join('images', dir, s.step.screenshot!.file);
    const dest = path.join(o.outDir, rel);
    fs.rmSync(dest, { force: true });
    try {
      fs.linkSync(s.image, dest);
    } catch {
      fs.copyFileSync(s.image, dest);
    }
    imageBytes += s.step.screenshot!.bytes;
    return rel;
  };

  for (let i = 0; i < folders.length; i++) {
    if (o.signal?.aborted) { warn('export cancelled'); break; }
    const folder = folders[i];
    o.onProgress?.(i, folders.length, folder);
    let ep: EpisodeRead;
    try {
      ep = await readEpisode(folder);
    } catch (e) {
      stats.episodes.corrupt++;
      warn(`skipped ${folder}: ${(e as Error).message}`);
      continue;
    }
    if (ep.live) { stats.episodes.live++; warn(`skipped ${folder}: still being recorded (pid ${ep.manifest.writer?.pid})`); continue; }
    for (const p of ep.problems) warn(`${folder}: ${p}`);
    if (ep.problems.length) stats.episodes.repairedInMemory++;
    const outcome = ep.manifest.outcome;
    if (outcome) {
      stats.success.withOutcome++;
      if (outcome.success) stats.success.success++;
    }
    if (o.onlySuccess && !outcome?.success) { stats.episodes.notSuccessful++; continue; }
    const samples = episodeSamples(ep, seen, stats.steps.skipped, warn);
    const side = splitOf(ep.manifest.episodeId, split, o.seed ?? 0);
    for (const s of samples) {
      const image = imageRef(s);
      const inline = format.images === 'inline' ? inlineImage(s) : undefined;
      out(side, 'sft').write(format.sample(s, image), inline);
      stats.steps.exported++;
      stats.steps[side]++;
      if (s.step.human) stats.steps.human++;
      if (!s.step.thought.trim()) stats.steps.emptyThought++;
      if (o.rejected && s.rejected !== undefined) {
        out(side, 'preference').write(format.preference(s, image), inline);
        stats.steps.preference++;
      }
      perAction.set(s.tool, (perAction.get(s.tool) ?? 0) + 1);
      perApp.set(s.app, (perApp.get(s.app) ?? 0) + 1);
    }
    stats.episodes.exported++;
    // Let a progress bar (and a cancel) through on long exports.
    if (i % 16 === 15) await new Promise((r) => setImmediate(r));
  }
  o.onProgress?.(folders.length, folders.length, '');
  for (const [name, w] of outs) {
    w.close();
    stats.bytes.jsonl += w.bytes;
    stats.files.push({ split: name.startsWith('val') ? 'val' : 'train', kind: name.includes('.preference') ? 'preference' : 'sft', file: name, samples: w.lines });
  }
  stats.files.sort((a, b) => a.file.localeCompare(b.file));
  for (const idx of format.index?.(stats.files) ?? []) fs.writeFileSync(path.join(o.outDir, idx.file), idx.content);
  stats.perAction = sorted(perAction);
  stats.perApp = sorted(perApp);
  stats.success.rate = stats.success.withOutcome ? stats.success.success / stats.success.withOutcome : 0;
  stats.bytes.images = imageBytes;
  stats.bytes.total = stats.bytes.jsonl + imageBytes;
  stats.bytes.perStep = stats.steps.exported ? Math.round(stats.bytes.total / stats.steps.exported) : 0;
  stats.durationMs = Math.round(performance.now() - started);
  fs.writeFileSync(path.join(o.outDir, 'stats.json'), `${JSON.stringify(stats, null, 2)}\n`);
  return stats;
}
