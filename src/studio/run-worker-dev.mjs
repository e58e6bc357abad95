// Development bootstrap for the runner's worker thread when running from TypeScript sources
// (tests, `npx tsx`): Node 20 does not carry tsx's loader into a worker's .ts entry, so the
// worker starts here, registers tsx (ESM and CommonJS hooks) and then loads the real entry.
import { createRequire } from 'node:module';
import { register } from 'tsx/esm/api';

register();
createRequire(import.meta.url)('tsx/cjs');
await import('./run-worker.ts');
