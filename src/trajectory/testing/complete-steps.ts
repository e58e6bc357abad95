// For the kill tests: how many leading steps of an episode folder are complete right now. A
// step is complete once its line and its files are all written; the writer writes them side
// by side, so a line can be on disk while its screenshot is still short (repair drops such a
// last step). A killed recording must keep at least this many.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { STEPS_FILE } from '../format';

interface FileRef { file: string; bytes: number }

export function completeSteps(folder: string): number {
  const log = path.join(folder, STEPS_FILE);
  if (!fs.existsSync(log)) return 0;
  const lines = fs.readFileSync(log, 'utf8').split('\n').slice(0, -1);
  let n = 0;
  for (const line of lines) {
    const s = JSON.parse(line) as { screenshot?: FileRef; uiTree?: FileRef };
    const whole = [s.screenshot, s.uiTree].every((f) => {
      if (!f) return true;
      const at = path.join(folder, f.file);
      return fs.existsSync(at) && fs.statSync(at).size === f.bytes;
    });
    if (!whole) break;
    n++;
  }
  return n;
}

/**
 * Waits (up to a minute) until `folder` holds at least `steps` complete steps, then kills the
 * recording `child` without warning (SIGKILL) and returns how many were complete just before.
 */
export async function killAfterSteps(child: ChildProcess, folder: string, steps: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (completeSteps(folder) < steps && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const before = completeSteps(folder);
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  return before;
}
