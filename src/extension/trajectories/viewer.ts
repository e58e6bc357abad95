// The trajectory viewer: a read-only custom editor on an episode folder's steps.jsonl (the
// default editor for it) or manifest.json (offered by "Open With…"). The host reads the episode
// (never repairing it: viewing changes nothing on disk), sends the header and light step
// summaries in chunks, answers the webview's requests for one step's detail, and re-sends when
// the recording grows. Every message from the webview is validated before it is acted on.
import path from 'node:path';
import * as vscode from 'vscode';
import { readEpisode, type EpisodeRead } from '../../trajectory/reader';
import { episodeHeader, stepDetail, stepSummaries } from '../../trajectory/view';
import { findEpisodesUnder } from '../../trajectory/catalog';
import { MANIFEST_FILE } from '../../trajectory/format';
import {
  STEP_CHUNK, parseViewerMessage, toViewer, type TrajectoryHostMessage, type ViewerMessage, type ViewerMessageOf,
} from '../../webview-protocol/trajectory-viewer';
import { renderViewerHtml, viewerWebviewOptions } from './viewer-html';

export const TRAJECTORY_VIEWER_TYPE = 'phonebuddy.trajectoryViewer';
const FIRST_CHUNK = 60;

class EpisodeDocument implements vscode.CustomDocument {
  constructor(readonly uri: vscode.Uri, readonly folder: string) {}
  dispose(): void {}
}

/** One open viewer tab. */
export class TrajectoryViewer {
  static readonly open = new Set<TrajectoryViewer>();
  private episode?: EpisodeRead;
  private readonly disposables: vscode.Disposable[] = [];
  private reloadTimer?: NodeJS.Timeout;
  /** What the webview last said it shows (tests and commands read it). */
  lastShown?: ViewerMessageOf<'shown'>;
  lastError?: string;
  rejected = 0;
  /** Time to read the episode and post every chunk; undefined until the last chunk is posted. */
  loadMs?: number;
  /** The step to show first (opened from a fork's parent link or a command). */
  initialSelect?: number;

  constructor(readonly folder: string, readonly panel: vscode.WebviewPanel, private readonly extensionUri: vscode.Uri, private readonly log: vscode.LogOutputChannel) {
    TrajectoryViewer.open.add(this);
    const folderUri = vscode.Uri.file(folder);
    panel.webview.options = viewerWebviewOptions(extensionUri, folderUri);
    panel.webview.html = renderViewerHtml(panel.webview, extensionUri);
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folderUri, '{manifest.json,steps.jsonl}'));
    const soon = () => {
      clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => void this.load(), 300);
    };
    this.disposables.push(
      watcher, watcher.onDidChange(soon), watcher.onDidCreate(soon),
      panel.webview.onDidReceiveMessage((raw) => void this.receive(raw)),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  get steps(): number {
    return this.episode?.steps.length ?? 0;
  }

  get verdict(): string | undefined {
    return this.episode ? episodeHeader(this.episode).verdict : undefined;
  }

  private post(m: TrajectoryHostMessage): Thenable<boolean> {
    return this.panel.webview.postMessage(m);
  }

  /** Reads the episode and sends it: the header first, then the step summaries in chunks. */
  async load(select?: number): Promise<void> {
    const t = performance.now();
    this.loadMs = undefined;
    try {
      this.episode = await readEpisode(this.folder);
    } catch (e) {
      this.lastError = (e as Error).message;
      await this.post(toViewer('notice', { level: 'error', message: `Cannot open this episode: ${this.lastError}`.slice(0, 2000) }));
      return;
    }
    const ep = this.episode;
    const header = episodeHeader(ep);
    this.panel.title = `${header.taskId ?? 'Episode'} · ${header.verdict}`;
    const imageBase = this.panel.webview.asWebviewUri(vscode.Uri.file(this.folder)).toString();
    const summaries = stepSummaries(ep);
    await this.post(toViewer('episode', { header, imageBase, total: summaries.length, ...(select ? { select } : {}) }));
    // A small first chunk paints the first rows (and the first screenshot) sooner.
    for (let from = 0; from < summaries.length;) {
      const n = from === 0 ? FIRST_CHUNK : STEP_CHUNK;
      await this.post(toViewer('steps', { from, items: summaries.slice(from, from + n) }));
      from += n;
    }
    this.loadMs = performance.now() - t;
  }

  /** Host-side validation path for everything the webview (or a test forging it) sends. */
  async receive(raw: unknown): Promise<{ accepted: true; type: string } | { accepted: false; reason: string }> {
    const r = parseViewerMessage(raw);
    if (!r.ok) {
      this.rejected++;
      this.log.warn(`trajectory viewer: ignored a webview message: ${r.error}`);
      return { accepted: false, reason: r.error };
    }
    await this.handle(r.message);
    return { accepted: true, type: r.message.type };
  }

  private async handle(m: ViewerMessage): Promise<void> {
    switch (m.type) {
      case 'ready': await this.load(this.initialSelect); break;
      case 'wantStep': {
        const d = this.episode ? stepDetail(this.episode, m.index) : undefined;
        if (d) await this.post(toViewer('stepDetail', { detail: d }));
        break;
      }
      case 'shown': this.lastShown = m; break;
      case 'openTask': await this.openTask(); break;
      case 'openParent': await this.openParent(); break;
      case 'revealFolder': await revealEpisodeFolder(this.folder); break;
      case 'log': this.log[m.level](`trajectory viewer: ${m.message}`); break;
    }
  }

  select(index: number): Thenable<boolean> {
    return this.post(toViewer('select', { index }));
  }

  private async openTask(): Promise<void> {
    const task = this.episode?.manifest.task;
    if (!task?.file) {
      void vscode.window.showInformationMessage(task ? `The recording does not say which file task ${task.taskId} came from.` : 'This episode was not recorded from a task file.');
      return;
    }
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(task.file));
    const line = doc.getText().split('\n').findIndex((l) => new RegExp(`^\\s*-?\\s*id:\\s*['"]?${task.taskId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*$`).test(l));
    const at = new vscode.Position(Math.max(0, line), 0);
    await vscode.window.showTextDocument(doc, { selection: new vscode.Range(at, at), viewColumn: vscode.ViewColumn.Beside });
  }

  private async openParent(): Promise<void> {
    const parent = this.episode?.manifest.parent;
    if (!parent) {
      void vscode.window.showInformationMessage('This episode is not a fork.');
      return;
    }
    let folder = parent.folder;
    if (!folder) {
      // Forks are recorded beside their parent; look there by episode id.
      for (const f of await findEpisodesUnder(path.dirname(this.folder), 1)) {
        try {
          const ep = await readEpisode(f);
          if (ep.manifest.episodeId === parent.episodeId && f !== this.folder) { folder = f; break; }
        } catch { /* not this one */ }
      }
    }
    if (!folder) {
      void vscode.window.showWarningMessage(`The parent episode ${parent.episodeId} was not found beside this one.`);
      return;
    }
    await openEpisodeInViewer(folder, parent.step > 0 ? parent.step : undefined);
  }

  dispose(): void {
    clearTimeout(this.reloadTimer);
    TrajectoryViewer.open.delete(this);
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

let pendingSelect: { folder: string; step: number } | undefined;

export class TrajectoryViewerProvider implements vscode.CustomReadonlyEditorProvider<EpisodeDocument> {
  constructor(private readonly extensionUri: vscode.Uri, private readonly log: vscode.LogOutputChannel) {}

  openCustomDocument(uri: vscode.Uri): EpisodeDocument {
    return new EpisodeDocument(uri, path.dirname(uri.fsPath));
  }

  resolveCustomEditor(doc: EpisodeDocument, panel: vscode.WebviewPanel): void {
    const viewer = new TrajectoryViewer(doc.folder, panel, this.extensionUri, this.log);
    if (pendingSelect?.folder === doc.folder) viewer.initialSelect = pendingSelect.step;
    pendingSelect = undefined;
  }
}

/** Opens an episode folder in the viewer (through its manifest), optionally at a step. */
export async function openEpisodeInViewer(folder: string, step?: number): Promise<void> {
  const already = [...TrajectoryViewer.open].find((v) => v.folder === folder);
  pendingSelect = step && !already ? { folder, step } : undefined;
  await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(path.join(folder, MANIFEST_FILE)), TRAJECTORY_VIEWER_TYPE);
  if (already && step) await already.select(step);
}

export async function revealEpisodeFolder(folder: string): Promise<void> {
  const uri = vscode.Uri.file(path.join(folder, MANIFEST_FILE));
  if (vscode.workspace.getWorkspaceFolder(uri)) await vscode.commands.executeCommand('revealInExplorer', uri);
  else await vscode.commands.executeCommand('revealFileInOS', uri);
}
