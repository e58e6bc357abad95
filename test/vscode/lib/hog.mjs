// The CPU hog the stress run puts beside the VS Code stage (npm run test:stress, and CI):
// N processes that spin, so the suites and scenarios prove they wait for events and not for
// time. Each spinner checks its parent every 200 ms and exits when orphaned; the parent kills
// them on exit, on SIGINT/SIGTERM and when the stage ends.
import { spawn } from 'node:child_process';

const SPIN = `const parent = process.ppid;
for (;;) { const t = Date.now(); while (Date.now() - t < 200) {} if (process.ppid !== parent) process.exit(0); }`;

/** Starts `count` busy-loop processes; returns a function that stops them (idempotent). */
export function startHog(count) {
  const children = Array.from({ length: count }, () => spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    process.off('exit', stop);
  };
  process.on('exit', stop);
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => { stop(); process.exit(130); });
  return stop;
}
