// Trajectory store: one folder per recorded episode (format.ts), a crash-safe writer, a reader
// that repairs cut-off recordings, and the SFT exporters (export/).
export * from './format';
export * from './durable-fs';
export * from './writer';
export * from './reader';
export { checkManifest, checkStepEntry } from './validate';
