// Which file a worker thread runs: beside the sources (tests, `tsx`) a small bootstrap that
// loads TypeScript (`…-dev.mjs`), beside a bundle in dist/ the bundled worker. One rule for the
// model worker, the bounded-SQL worker and the runner's threads. (Here because every layer that
// starts a worker may import protocol.)
import fs from 'node:fs';
import path from 'node:path';

/** `callerFile` is the caller's `__filename`; the two names are files beside it. */
export function workerScript(callerFile: string, devBootstrap: string, bundle: string): string {
  const dir = path.dirname(callerFile);
  const dev = path.join(dir, devBootstrap);
  if (callerFile.endsWith('.ts') && fs.existsSync(dev)) return dev;
  return path.join(dir, bundle);
}
