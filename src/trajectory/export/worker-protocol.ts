// The messages between an export run on a worker thread and whoever started it (the VS Code
// command), declared once for both ends. Structured clone carries them; the host still checks
// the `type` it receives before trusting a message.
import type { ExportStats } from './export';
import type { FormatName } from './formats';
import type { ValidationReport } from './validate-export';

export interface ExportJob {
  inputs: string[];
  format: FormatName;
  outDir: string;
  onlySuccess?: boolean;
  split?: number;
  seed?: number;
  rejected?: boolean;
  /** Re-read the export afterwards with the --validate checks. */
  validate?: boolean;
}

export type ToExportWorker =
  | { type: 'start'; job: ExportJob }
  | { type: 'cancel' };

export type FromExportWorker =
  | { type: 'progress'; phase: 'export' | 'validate'; done: number; total: number; folder: string }
  | { type: 'warning'; message: string }
  | { type: 'done'; stats: ExportStats; validation?: ValidationReport }
  | { type: 'failed'; error: string };
