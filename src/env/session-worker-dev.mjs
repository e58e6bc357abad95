// Development bootstrap for the session thread when running from TypeScript sources (tests,
// `npx tsx`): Node 20 does not carry tsx's loader into a worker's .ts entry.
import { createRequire } from 'node:module';
import { register } from 'tsx/esm/api';

register();
createRequire(import.meta.url)('tsx/cjs');
await import('./session-worker.ts');
