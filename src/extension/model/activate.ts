// The local-model feature: "PhoneBuddy: Download Model" (a Hugging Face–style repository into
// a folder, with progress, cancel, resume and checksums), and unloading models on deactivate.
// The downloader and the model runtime load only when used.
import * as vscode from 'vscode';
import { studioCommand } from '../commands';
import { config } from '../config';

export function activateModel(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    studioCommand('phonebuddy.model.download', (preset?: { repo?: string; revision?: string; dtype?: string; out?: string; include?: string[] }) => downloadCommand(preset)),
    { dispose: () => void import('../../agent/policies/local').then((m) => m.closeLocalModels()) },
  );
}

async function downloadCommand(preset: { repo?: string; revision?: string; dtype?: string; out?: string; include?: string[] } = {}): Promise<{ dir: string; files: number } | undefined> {
  const repo = preset.repo ?? await vscode.window.showInputBox({
    title: 'Download Model (1/3)', prompt: 'Repository id on the hub (an ONNX export of PhoneBuddy, see docs/model.md)',
    placeHolder: 'owner/PhoneBuddy-0.8B-ONNX', validateInput: (v) => (/^[\w.-]+\/[\w.-]+$/.test(v.trim()) ? undefined : 'owner/name'),
  });
  if (!repo) return undefined;
  const revision = preset.revision ?? await vscode.window.showInputBox({ title: 'Download Model (2/3)', prompt: 'Revision (branch, tag or commit)', value: 'main' });
  if (!revision) return undefined;
  const dtype = preset.dtype ?? (await vscode.window.showQuickPick(['q4', 'q8', 'fp16', 'q4f16', 'fp32'], { title: 'Download Model (3/3)', placeHolder: 'Which graphs? q4/q8 run best on a CPU' }));
  if (!dtype) return undefined;
  let out = preset.out;
  if (!out) {
    const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, openLabel: 'Download here', title: 'Folder for the model' });
    if (!picked?.[0]) return undefined;
    out = vscode.Uri.joinPath(picked[0], repo.split('/')[1]).fsPath;
  }
  const { downloadModel } = await import('../../model/download');
  try {
    const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Downloading ${repo}`, cancellable: true }, async (progress, token) => {
      const abort = new AbortController();
      token.onCancellationRequested(() => abort.abort(new Error('cancelled')));
      let shown = 0;
      return downloadModel({
        endpoint: config.model.downloadEndpoint() || undefined, repo, revision, dtype: dtype as never, out: out!, include: preset.include, signal: abort.signal,
        onProgress: (p) => {
          const pct = (100 * p.totalReceived) / Math.max(1, p.totalSize);
          progress.report({ message: `${p.file} (${Math.round(pct)} %)`, increment: pct - shown });
          shown = pct;
        },
      });
    });
    const use = await (preset.out ? Promise.resolve(undefined) : vscode.window.showInformationMessage(`${repo}: ${r.files.length} files verified in ${out}`, 'Use this model'));
    if (use) await config.model.setPath(out);
    return { dir: out, files: r.files.length };
  } catch (e) {
    void vscode.window.showErrorMessage(`Download Model: ${(e as Error).message}`);
    return undefined;
  }
}
