// Real runs for the report's end-to-end tests: `phonebuddy run` in a child process with the
// solution policy on example tasks, recorded (`--record`), then `phonebuddy report`.
import { spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
/** Two small example tasks: three notes instances and two chat instances, all recorded. */
export const EXAMPLE_TASKS = ['tasks-examples/single-app/notes-create.task.yaml', 'tasks-examples/single-app/chat-send.task.yaml'].map((f) => path.join(ROOT, f));

export interface CliResult {
  code: number | null;
  out: string;
  err: string;
}

/** `phonebuddy <args>` from the sources, in a child process. */
export function cli(args: readonly string[]): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src', 'cli', 'main.ts'), ...args], { cwd: ROOT, env: { ...process.env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => { out += c; });
  child.stderr.on('data', (c) => { err += c; });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/**
 * A recorded run of the example tasks into `dir` (results in dir/run, episodes in dir/rec);
 * `maxSteps` small makes every episode fail on its step budget (the base of a comparison).
 */
export async function recordedRun(dir: string, maxSteps?: number): Promise<string> {
  const out = path.join(dir, 'run');
  const r = await cli(['run', ...EXAMPLE_TASKS, '--out', out, '--record', path.join(dir, 'rec'), ...(maxSteps ? ['--max-steps', String(maxSteps)] : [])]);
  if (r.code !== 0 && r.code !== 1) throw new Error(`run exited ${r.code}: ${r.err}`);
  return out;
}
