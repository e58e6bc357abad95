// Development bootstrap for the model worker when running from TypeScript sources (tests,
// benchmarks): Node 20 does not carry tsx's loader into a worker's .ts entry, so the worker
// starts here, registers tsx and then loads the real entry.
import { createRequire } from 'node:module';
import { register } from 'tsx/esm/api';

register();
createRequire(import.meta.url)('tsx/cjs');
await import('./worker.ts');
