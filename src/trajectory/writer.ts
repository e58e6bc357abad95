// Writes one episode folder (format.ts) so that a crash at any instant leaves a readable
// recording: a step's screenshot, UI tree, folder entry and steps.jsonl line are written and
// fsynced together, and the step counts as recorded once all of them are durable. The line
// names each file with its size, so the reader can tell a step cut off mid-write (dropped on
// repair) from a complete one; files without a line are leftovers the reader removes.
// By default a step's writes and syncs run on the recording's sync threads (write-thread/),
// off libuv's pool, which the loop's screenshots need.
// Writes are queued in order, so a caller may start a step's write and await it later (the
// recorder overlaps the fsync with the next observation and awaits it before the next action).
// After a failed write (disk full) the recording is stopped: every later call rejects with the
// same error, and what was flushed before stays intact.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeFailure, type DurableFs, type RecordingWriteError } from './durable-fs';
import { threadDurableFs } from './write-thread/thread-fs';
import {
  FORMAT_NAME, FORMAT_VERSION, MANIFEST_FILE, STEPS_FILE, stepFileName,
  type EpisodeStatus, type Manifest, type ManifestOutcome, type StepEntry, type StepFlagCounts,
} from './format';

export type ManifestStart = Omit<Manifest, 'format' | 'version' | 'status' | 'steps' | 'writer' | 'endedAt' | 'outcome'>;

export interface StepImage {
  data: Uint8Array;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
}

/** A step as the recorder hands it over: the entry plus the bytes of its files. */
export type StepInput = Omit<StepEntry, 'screenshot' | 'uiTree'> & { image?: StepImage; uiXml?: string };

export interface WriterOptions {
  fs?: DurableFs;
}

/** `<root>/<yyyymmdd-hhmmss>-<label>-<id8>`: sorts by time, says what it is, never collides. */
export async function createEpisodeFolder(root: string, label: string, episodeId: string, startedAt = new Date()): Promise<string> {
  await fs.mkdir(root, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const slug = label.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48) || 'episode';
  const base = path.join(root, `${stamp}-${slug}-${episodeId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}`);
  for (let n = 0; ; n++) {
    const dir = n === 0 ? base : `${base}-${n}`;
    try {
      await fs.mkdir(dir);
      return dir;
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST') throw e;
    }
  }
}

export class EpisodeWriter {
  private manifestValue: Manifest;
  private tail: Promise<unknown> = Promise.resolve();
  private failure?: RecordingWriteError;
  private lastIndex = 0;
  private count = 0;
  private readonly flags: StepFlagCounts = { corrected: 0, human: 0, forked: 0 };
  /** The opening manifest's rename is not durable yet: the next step commit syncs the folder. */
  private folderSyncPending = false;

  private constructor(readonly folder: string, manifest: Manifest, private readonly dfs: DurableFs) {
    this.manifestValue = manifest;
  }

  /**
   * Creates the folder (if needed) and writes the opening manifest: its content and the
   * folder's entry in its parent are durable when this resolves; the manifest's name is made
   * durable with the first step (whose commit syncs the folder anyway), so a step never counts
   * as recorded before its manifest does. A crash before that leaves no manifest or a whole one.
   */
  static async create(folder: string, start: ManifestStart, options: WriterOptions = {}): Promise<EpisodeWriter> {
    const dfs = options.fs ?? threadDurableFs();
    const manifest: Manifest = {
      format: FORMAT_NAME, version: FORMAT_VERSION, ...start, status: 'recording', steps: 0,
      writer: { pid: process.pid, host: os.hostname() },
    };
    const w = new EpisodeWriter(folder, manifest, dfs);
    try {
      await dfs.mkdir(folder);
      if (dfs.createDeferred) {
        await dfs.createDeferred(path.join(folder, MANIFEST_FILE), manifestText(manifest), path.dirname(folder));
        w.folderSyncPending = true;
      } else {
        await dfs.replace(path.join(folder, MANIFEST_FILE), manifestText(manifest));
        await dfs.syncDir(path.dirname(folder));
      }
    } catch (e) {
      throw writeFailure(e, `the manifest of ${folder}`);
    }
    return w;
  }

  get manifest(): Readonly<Manifest> {
    return this.manifestValue;
  }

  get steps(): number {
    return this.count;
  }

  /** The error that stopped this recording, if any. */
  get failed(): RecordingWriteError | undefined {
    return this.failure;
  }

  /** Queues a step; resolves once it is durable. */
  appendStep(input: StepInput): Promise<StepEntry> {
    return this.enqueue(() => this.writeStep(input));
  }

  /** Resolves when every queued write is durable (rejects if one failed). */
  async flushed(): Promise<void> {
    await this.tail;
    if (this.failure) throw this.failure;
  }

  /** Writes the final manifest (outcome, end time) atomically. */
  finish(outcome: ManifestOutcome | undefined, status: EpisodeStatus = 'complete'): Promise<void> {
    return this.enqueue(async () => {
      this.manifestValue = withoutWriter({ ...this.manifestValue, status, steps: this.count, flags: { ...this.flags }, endedAt: new Date().toISOString(), ...(outcome ? { outcome } : {}) });
      this.dfs.release?.(this.folder); // before the manifest, whose replace syncs the folder
      await this.writeManifest();
    });
  }

  /** Merges fields into the manifest (e.g. a fork's parent) and rewrites it atomically. */
  update(patch: Partial<Pick<Manifest, 'parent' | 'model' | 'locale' | 'task'>>): Promise<void> {
    return this.enqueue(async () => {
      this.manifestValue = { ...this.manifestValue, ...patch };
      await this.writeManifest();
    });
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      if (this.failure) throw this.failure;
      try {
        return await job();
      } catch (e) {
        this.failure ??= e instanceof Error && e.name === 'RecordingWriteError' ? e as RecordingWriteError : writeFailure(e, `a step of ${this.folder}`);
        await this.noteStop().catch(() => undefined);
        throw this.failure;
      }
    };
    const p = this.tail.then(run, run);
    this.tail = p.catch(() => undefined);
    return p;
  }

  private async writeStep(input: StepInput): Promise<StepEntry> {
    const { image, uiXml, ...rest } = input;
    if (!Number.isInteger(rest.index) || rest.index <= this.lastIndex) {
      throw new Error(`step index ${rest.index} after ${this.lastIndex}: steps must be appended in order`);
    }
    const entry: StepEntry = { ...rest };
    const files: { name: string; data: Uint8Array }[] = [];
    if (image) {
      const name = stepFileName(rest.index, image.format === 'png' ? 'png' : 'jpg');
      entry.screenshot = { file: name, bytes: image.data.byteLength, width: image.width, height: image.height, sha256: createHash('sha256').update(image.data).digest('hex') };
      files.push({ name, data: image.data });
    }
    if (uiXml !== undefined) {
      const name = stepFileName(rest.index, 'xml');
      const data = Buffer.from(uiXml, 'utf8');
      entry.uiTree = { file: name, bytes: data.byteLength };
      files.push({ name, data });
    }
    const line = `${JSON.stringify(entry)}\n`;
    // Everything of a step syncs at once (the filesystem commits it together): the files, their
    // folder entries and the line. A crash in the middle can leave a line whose files are short;
    // the line carries each file's size, and the reader drops such a last step on repair.
    if (this.dfs.commitStep) {
      const commit = this.dfs.commitStep.bind(this.dfs);
      const syncFolder = this.folderSyncPending;
      await this.durably(`step ${rest.index}`, () => commit({ folder: this.folder, files, ...(syncFolder ? { syncFolder } : {}), stepsFile: STEPS_FILE, line }));
    } else {
      await Promise.all([
        ...files.map((f) => this.durably(f.name, () => this.dfs.writeFile(path.join(this.folder, f.name), f.data))),
        ...(files.length || this.folderSyncPending ? [this.durably('the folder entries', () => this.dfs.syncDir(this.folder))] : []),
        this.durably(`step ${rest.index}`, () => this.dfs.append(path.join(this.folder, STEPS_FILE), line)),
      ]);
    }
    this.folderSyncPending = false;
    this.lastIndex = rest.index;
    this.count++;
    if (entry.corrected) this.flags.corrected++;
    if (entry.human) this.flags.human++;
    if (entry.forked) this.flags.forked++;
    return entry;
  }

  private async durably<T>(what: string, op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (e) {
      throw writeFailure(e, `${what} of ${this.folder}`);
    }
  }

  private async writeManifest(): Promise<void> {
    await this.durably(MANIFEST_FILE, () => this.dfs.replace(path.join(this.folder, MANIFEST_FILE), manifestText(this.manifestValue)));
    this.folderSyncPending = false; // replace syncs the folder
  }

  /** Best effort after a failure: say in the manifest why the recording stopped. */
  private async noteStop(): Promise<void> {
    this.manifestValue = withoutWriter({ ...this.manifestValue, status: 'stopped', steps: this.count, flags: { ...this.flags }, endedAt: new Date().toISOString(), stopReason: this.failure?.message });
    this.dfs.release?.(this.folder);
    await this.dfs.replace(path.join(this.folder, MANIFEST_FILE), manifestText(this.manifestValue));
  }
}

function withoutWriter(m: Manifest): Manifest {
  const { writer: _writer, ...rest } = m;
  return rest;
}

function manifestText(m: Manifest): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}
