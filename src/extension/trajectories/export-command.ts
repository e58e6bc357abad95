// "PhoneBuddy: Export Trajectories…": which episodes (the view's selection, a folder from the
// Explorer, or the whole recording directory), which format, which options, where to; then
// the export runs on a worker thread (dist/export-worker.js) under a cancellable progress
// notification, is re-read with the --validate checks, and ends with a summary naming what
// was written, what was left out and why. Arguments skip the questions (tests, keybindings).
import path from 'node:path';
import * as vscode from 'vscode';
import type { ExportJob } from '../../trajectory/export/worker-protocol';
import type { WorkerExportResult } from '../../trajectory/export/in-worker';
import type { FormatName } from '../../trajectory/export/formats';
import { foldersOf, type TrajectoryNode } from './tree';

export interface ExportArgs {
  inputs?: string[];
  format?: FormatName;
  outDir?: string;
  onlySuccess?: boolean;
  split?: number;
  rejected?: boolean;
  validate?: boolean;
}

const FORMATS: (vscode.QuickPickItem & { format: FormatName })[] = [
  { format: 'phonebuddy', label: 'phonebuddy', description: 'PhoneBuddy\'s own request + target, screenshot inline', detail: 'Trains PhoneBuddy-4B without conversion: each sample is exactly what the loop sent.' },
  { format: 'llamafactory', label: 'llamafactory', description: 'ShareGPT messages + images, dataset_info.json', detail: 'LLaMA-Factory multimodal SFT; screenshots hard-linked beside the JSONL.' },
  { format: 'swift', label: 'swift', description: 'ms-swift messages / images / tools', detail: 'ms-swift SFT; screenshots hard-linked beside the JSONL.' },
];

export type ExportOutcome = WorkerExportResult & { outDir: string; cancelled: boolean };

function isNode(x: unknown): x is TrajectoryNode {
  return typeof x === 'object' && x !== null && 'kind' in x && ((x as TrajectoryNode).kind === 'episode' || (x as TrajectoryNode).kind === 'task');
}

/** What the command was invoked on: tree nodes, Explorer URIs, or an ExportArgs object. */
export function inputsFromInvocation(first: unknown, all: unknown): { args: ExportArgs; inputs: string[] } {
  const list = Array.isArray(all) ? all : first !== undefined ? [first] : [];
  if (list.length && list.every(isNode)) return { args: {}, inputs: foldersOf(list) };
  if (list.length && list.every((u) => u instanceof vscode.Uri)) return { args: {}, inputs: (list as vscode.Uri[]).map((u) => u.fsPath) };
  const args = (first && typeof first === 'object' && !(first instanceof vscode.Uri) ? first : {}) as ExportArgs;
  return { args, inputs: args.inputs ?? [] };
}

async function ask(recordingRoot: string | undefined, given: { args: ExportArgs; inputs: string[] }): Promise<ExportJob | undefined> {
  const { args } = given;
  let inputs = given.inputs;
  if (inputs.length === 0) {
    const choices: (vscode.QuickPickItem & { pick: 'root' | 'folder' })[] = [
      ...(recordingRoot ? [{ pick: 'root' as const, label: 'Every episode in the recording directory', description: recordingRoot }] : []),
      { pick: 'folder', label: 'Choose a folder…', description: 'an episode folder or a runs directory' },
    ];
    const c = choices.length === 1 ? choices[0] : await vscode.window.showQuickPick(choices, { title: 'Export Trajectories: which episodes?', ignoreFocusOut: true });
    if (!c) return undefined;
    if (c.pick === 'root') inputs = [recordingRoot!];
    else {
      const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: true, title: 'Episode folders or a runs directory to export' });
      if (!picked?.length) return undefined;
      inputs = picked.map((u) => u.fsPath);
    }
  }
  const format = args.format ?? (await vscode.window.showQuickPick(FORMATS, { title: `Export ${inputs.length === 1 ? path.basename(inputs[0]) : `${inputs.length} selections`}: format`, ignoreFocusOut: true }))?.format;
  if (!format) return undefined;
  let { onlySuccess, split, rejected } = args;
  if (args.format === undefined) {
    const opts = await vscode.window.showQuickPick([
      { id: 'success', label: 'Only episodes whose verifiers passed', picked: false },
      { id: 'split', label: 'Hold out 10 % of the episodes as val.jsonl', picked: false },
      { id: 'rejected', label: 'Also write corrected steps as preference pairs', picked: false },
    ], { title: `Export as ${format}: options`, canPickMany: true, ignoreFocusOut: true });
    if (!opts) return undefined;
    onlySuccess = opts.some((o) => o.id === 'success');
    split = opts.some((o) => o.id === 'split') ? 0.9 : 1;
    rejected = opts.some((o) => o.id === 'rejected');
  }
  let outDir = args.outDir;
  if (!outDir) {
    const base = vscode.workspace.workspaceFolders?.[0]?.uri;
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    // The dialog only proposes a path whose folder exists.
    if (base) await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(base, 'exports'));
    const picked = await vscode.window.showSaveDialog({
      title: 'Export into this folder (created if needed)',
      saveLabel: 'Export here',
      ...(base ? { defaultUri: vscode.Uri.joinPath(base, 'exports', `${format}-${stamp}`) } : {}),
    });
    if (!picked) return undefined;
    outDir = picked.fsPath;
  }
  return { inputs, format, outDir, onlySuccess, split, rejected, validate: args.validate ?? true };
}

export function summaryText(r: ExportOutcome): string {
  const s = r.stats;
  const v = r.validation;
  const valid = v ? (v.errors.length + v.moreErrors === 0 ? `valid (${v.samples} samples, ${v.images} images re-checked)` : `INVALID: ${v.errors.length + v.moreErrors} problem(s), first: ${v.errors[0]}`) : 'not validated';
  const left = s.steps.skipped;
  const out = [
    `${r.cancelled ? 'Export cancelled after' : 'Exported'} ${s.steps.exported} steps from ${s.episodes.exported} of ${s.episodes.found} episodes as ${s.format} into ${r.outDir}: ${valid}.`,
    `train ${s.steps.train}, val ${s.steps.val}${s.steps.preference ? `, preference pairs ${s.steps.preference}` : ''}${s.steps.human ? `; ${s.steps.human} by a person` : ''}${s.steps.emptyThought ? `, ${s.steps.emptyThought} with an empty <think> (no note)` : ''}; ${(s.bytes.total / 1024 / 1024).toFixed(1)} MiB, ${Math.round(s.bytes.perStep / 1024)} KiB/step; success rate ${(s.success.rate * 100).toFixed(0)} %.`,
  ];
  const skipped = [
    s.episodes.corrupt ? `${s.episodes.corrupt} corrupt episode(s)` : '', s.episodes.live ? `${s.episodes.live} still recording` : '',
    s.episodes.notSuccessful ? `${s.episodes.notSuccessful} not successful` : '', left.missingScreenshot ? `${left.missingScreenshot} step(s) missing a screenshot` : '',
    left.duplicate ? `${left.duplicate} duplicate step(s)` : '', left.failed ? `${left.failed} failed step(s)` : '', left.noAction ? `${left.noAction} step(s) without an action` : '',
  ].filter(Boolean);
  if (skipped.length) out.push(`Left out: ${skipped.join(', ')}.`);
  return out.join(' ');
}

export async function runExportCommand(extensionUri: vscode.Uri, recordingRoot: string | undefined, log: vscode.LogOutputChannel, first: unknown, all: unknown): Promise<ExportOutcome | undefined> {
  const job = await ask(recordingRoot, inputsFromInvocation(first, all));
  if (!job) return undefined;
  const { exportInWorker } = await import('../../trajectory/export/in-worker');
  const script = vscode.Uri.joinPath(extensionUri, 'dist', 'export-worker.js').fsPath;
  log.info(`export ${job.format} of ${job.inputs.join(', ')} → ${job.outDir}`);
  let outcome: ExportOutcome;
  try {
    outcome = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Exporting trajectories as ${job.format}`, cancellable: true }, async (progress, token) => {
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort());
      let last = 0;
      try {
        const r = await exportInWorker(script, job, {
          signal: abort.signal,
          onWarning: (m) => log.warn(m),
          onProgress: (p) => {
            if (p.phase === 'validate') { progress.report({ message: `validating ${p.total} samples…` }); return; }
            const pct = p.total ? (p.done / p.total) * 100 : 100;
            progress.report({ increment: pct - last, message: `${p.done}/${p.total} episodes${p.folder ? ` — ${path.basename(p.folder)}` : ''}` });
            last = pct;
          },
        });
        return { ...r, outDir: job.outDir, cancelled: abort.signal.aborted };
      } finally {
        sub.dispose();
      }
    });
  } catch (e) {
    const message = `Export failed: ${(e as Error).message}`;
    log.error(message);
    void vscode.window.showErrorMessage(message);
    return undefined;
  }
  const text = summaryText(outcome);
  log.info(text);
  const v = outcome.validation;
  const bad = v && v.errors.length + v.moreErrors > 0;
  const show = bad || outcome.cancelled ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  void show(text, 'Show Output', 'Reveal stats.json').then((choice) => {
    if (choice === 'Show Output') log.show(true);
    if (choice === 'Reveal stats.json') void vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(path.join(job.outDir, 'stats.json')));
  });
  return outcome;
}
