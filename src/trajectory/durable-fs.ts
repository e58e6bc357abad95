// The few file operations a recording needs, each durable when its promise resolves: data
// fsynced, and new directory entries fsynced through their folder. A full disk becomes a
// `RecordingWriteError` that says so in words. Behind an interface so tests can make the disk
// "fill up" at any byte without a real full filesystem.
import fs from 'node:fs/promises';
import path from 'node:path';

export interface DurableFs {
  /** Creates (or truncates) a file with `data`, fsynced. */
  writeFile(file: string, data: Uint8Array | string): Promise<void>;
  /** Appends to a file, fsynced. */
  append(file: string, data: string): Promise<void>;
  /** Replaces a file atomically: temp file, fsync, rename, fsync the folder. */
  replace(file: string, data: string): Promise<void>;
  /** Makes new entries in a folder durable. */
  syncDir(dir: string): Promise<void>;
  mkdir(dir: string): Promise<void>;
  /**
   * Optional: a whole step as one job — the files written and synced, their folder synced,
   * `line` appended and synced — resolving once all of it is durable. Without it the writer
   * composes the step from the calls above.
   */
  commitStep?(step: StepCommit): Promise<void>;
  /**
   * Optional: creates `file` (which must not exist yet) atomically — a temp file written and
   * synced, then renamed into place — and syncs the folder `alsoSync` in the same round. The
   * rename's own entry is not synced here: it becomes durable with the next sync of the
   * file's folder, which the caller must do (the writer's first step commit does it). Without
   * it the writer uses `replace` and `syncDir`, one after another.
   */
  createDeferred?(file: string, data: string, alsoSync: string): Promise<void>;
  /**
   * Optional: the recording of `folder` ends; removes what `commitStep` prepared for later
   * steps (empty files under their names). The caller syncs the folder afterwards (the final
   * manifest's `replace` does).
   */
  release?(folder: string): void;
}

export interface StepCommit {
  folder: string;
  files: { name: string; data: Uint8Array }[];
  /** Sync the folder even without new files (a rename in it is not durable yet). */
  syncFolder?: boolean;
  stepsFile: string;
  line: string;
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

export class RecordingWriteError extends Error {
  override readonly name = 'RecordingWriteError';
  constructor(message: string, readonly code: string | undefined, readonly diskFull: boolean) {
    super(message);
  }
}

export function isDiskFull(e: unknown): boolean {
  return typeof e === 'object' && e !== null && DISK_FULL.has((e as { code?: string }).code ?? '');
}

/** Wraps a failed write with what it was writing; disk-full errors say so plainly. */
export function writeFailure(e: unknown, what: string): RecordingWriteError {
  const code = (e as { code?: string } | undefined)?.code;
  if (isDiskFull(e)) return new RecordingWriteError(`disk full while writing ${what}`, code, true);
  return new RecordingWriteError(`could not write ${what}: ${e instanceof Error ? e.message : String(e)}`, code, false);
}

async function writeSynced(file: string, data: Uint8Array | string, flags: 'w' | 'a'): Promise<void> {
  const h = await fs.open(file, flags);
  try {
    await h.writeFile(data);
    await h.datasync();
  } finally {
    await h.close();
  }
}

export const nodeDurableFs: DurableFs = {
  writeFile: (file, data) => writeSynced(file, data, 'w'),
  append: (file, data) => writeSynced(file, data, 'a'),
  async replace(file, data) {
    const tmp = `${file}.tmp`;
    await writeSynced(tmp, data, 'w');
    await fs.rename(tmp, file);
    await nodeDurableFs.syncDir(path.dirname(file));
  },
  async syncDir(dir) {
    const h = await fs.open(dir, 'r');
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  },
  async mkdir(dir) {
    await fs.mkdir(dir, { recursive: true });
  },
};
