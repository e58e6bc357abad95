// The messages between an export run on a worker thread and whoever started it (the VS Code
// command), declared once for both ends as schemas of the shared kit (src/protocol/validate)
// and checked on receipt on both sides, like the model worker's and the runner threads'.
import { arr, bool, num, obj, oneOf, optional, parse, shaped, str, tagged, type Infer } from '../../protocol/validate';
import type { ExportStats } from './export';
import { FORMAT_NAMES } from './formats';
import type { ValidationReport } from './validate-export';

const path = str({ max: 4096, min: 1 });
const job = obj({
  inputs: arr(path, { max: 100_000 }),
  format: oneOf(FORMAT_NAMES as readonly ['phonebuddy', 'llamafactory', 'swift']),
  outDir: path,
  onlySuccess: optional(bool),
  split: optional(num({ min: 0, max: 1 })),
  seed: optional(num({ int: true })),
  rejected: optional(bool),
  /** Re-read the export afterwards with the --validate checks. */
  validate: optional(bool),
});
export type ExportJob = Infer<typeof job>;

export const toWorker = tagged('type', { start: { job }, cancel: {} });
export type ToExportWorker = Infer<typeof toWorker>;

// Stats and the validation report are built by this same bundle's code on the other side;
// checking that they are objects is enough, their fields are typed by their producers.
const isObject = (x: unknown): boolean => !!x && typeof x === 'object' && !Array.isArray(x);
export const fromWorker = tagged('type', {
  progress: { phase: oneOf(['export', 'validate'] as const), done: num({ min: 0, int: true }), total: num({ min: 0, int: true }), folder: str({ max: 4096 }) },
  warning: { message: str({ max: 100_000 }) },
  done: { stats: shaped<ExportStats>(isObject, 'export stats'), validation: optional(shaped<ValidationReport>(isObject, 'a validation report')) },
  failed: { error: str({ max: 100_000 }) },
});
export type FromExportWorker = Infer<typeof fromWorker>;

export const checkToExportWorker = (raw: unknown): ToExportWorker => parse(toWorker, raw, 'to export worker');
export const checkFromExportWorker = (raw: unknown): FromExportWorker => parse(fromWorker, raw, 'from export worker');
