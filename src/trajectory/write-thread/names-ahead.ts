// Step file names created ahead of their steps, so that most step commits need no folder sync.
// A new name is durable only once its folder is fsynced; a file whose name is already durable
// needs only its own data sync. So when a step's commit has to sync the folder anyway (its
// names were not made ahead), it also creates the next AHEAD steps' names (empty files) under
// the same folder sync, and the following steps write into those: one folder sync every AHEAD
// steps instead of one per step, and one thread fewer woken per step.
// The empty files no step used are removed when the recording ends, before the final manifest,
// whose replace syncs the folder; after a crash, the reader's repair removes them with every
// other file no step line names.
import fs from 'node:fs';
import path from 'node:path';
import { stepFileName } from '../format';

const AHEAD = 8;
const STEP_FILE = /^(\d{4,})\.(jpg|png|xml)$/;

interface Folder {
  /** Created, empty, and durable (their folder synced) — unless `trusted` is false. */
  ready: Set<string>;
  /** False after a failed commit: a name made in it may not be durable. */
  trusted: boolean;
}

const folders = new Map<string, Folder>();

export interface AheadPlan {
  /** The commit must sync the folder: a file of it is new, or it creates names ahead. */
  syncFolder: boolean;
  /** Call when the commit failed. */
  failed(): void;
}

/** Before a step's files are opened: which of `names` exist already, and names made ahead for later steps. */
export function planAhead(folder: string, names: readonly string[]): AheadPlan {
  let f = folders.get(folder);
  if (!f) folders.set(folder, (f = { ready: new Set(), trusted: true }));
  let fresh = !f.trusted;
  for (const n of names) if (!f.ready.delete(n)) fresh = true;
  if (fresh && names.length) {
    const last = Math.max(...names.map((n) => Number(STEP_FILE.exec(n)?.[1] ?? NaN)));
    const exts = names.map((n) => STEP_FILE.exec(n)?.[2]).filter((e): e is 'jpg' | 'png' | 'xml' => e !== undefined);
    if (Number.isInteger(last)) {
      for (let i = last + 1; i <= last + AHEAD; i++) {
        for (const ext of exts) {
          const name = stepFileName(i, ext);
          if (f.ready.has(name)) continue;
          // 'wx': a later step's file never exists yet; if one does, it is left alone (and its
          // step will create and sync its name itself).
          try {
            fs.closeSync(fs.openSync(path.join(folder, name), 'wx'));
            f.ready.add(name);
          } catch (e) {
            if ((e as { code?: string }).code !== 'EEXIST') throw e;
          }
        }
      }
    }
  }
  const state = f;
  const plan: AheadPlan = { syncFolder: fresh, failed: () => { state.trusted = false; } };
  if (fresh) state.trusted = true;
  return plan;
}

/** The recording ends: removes the names made ahead that no step used, and forgets the folder. */
export function releaseAhead(folder: string): void {
  const f = folders.get(folder);
  folders.delete(folder);
  for (const n of f?.ready ?? []) fs.rmSync(path.join(folder, n), { force: true });
}
