// The machine's own ceiling for running two things at once, measured in the same run as the
// benchmark that compares 1 → 2 threads or slots: pure CPU work with nothing shared.
import { spawn } from 'node:child_process';
import path from 'node:path';

const SPIN_ROUNDS = 240_000_000; // ≈ 1 s of one core

/**
 * Wall ms for `copies` processes of bench/cpu-spin.mjs started at once: 2 copies against 1 is
 * the most any two-slot run could gain on this machine at this moment (other people's work on
 * the cores included).
 */
export async function spinRun(copies: number): Promise<number> {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: copies }, () => new Promise<void>((resolve, reject) => {
    const c = spawn(process.execPath, [path.join(__dirname, 'cpu-spin.mjs'), String(SPIN_ROUNDS)], { stdio: 'ignore' });
    c.on('error', reject);
    c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cpu-spin.mjs exited with ${code}`))));
  })));
  return performance.now() - t0;
}
