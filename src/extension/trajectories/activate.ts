// Wires trajectories into VS Code: the viewer (a read-only custom editor on episode folders),
// the Trajectories view with its filter / delete / reveal / export commands, the export command,
// and the Record CodeLens's command. Cheap at activation: the listing, the reader and the export
// worker load on first use.
import fs from 'node:fs/promises';
import path from 'node:path';
import * as vscode from 'vscode';
import { studioCommand } from '../commands';
import { walkthroughStepDone } from '../walkthrough';
import { config } from '../config';
import type { PanelHub } from '../../panel/panel-hub';
import type { EpisodeFilter } from '../../trajectory/catalog';
import { EPISODE_SOURCES, MANIFEST_FILE, type EpisodeSource } from '../../trajectory/format';
import { recordingRoot, DEFAULT_RECORDING_DIR } from '../task-language/recording-setting';
import { runExportCommand } from './export-command';
import { demonstrationControls, recordTask, type RecordArgs } from './record-task';
import { describeFilter, episodeDescription, foldersOf, TrajectoriesTree, type TrajectoryNode } from './tree';
import { openEpisodeInViewer, revealEpisodeFolder, TRAJECTORY_VIEWER_TYPE, TrajectoryViewer, TrajectoryViewerProvider } from './viewer';

export const TRAJECTORIES_VIEW_ID = 'phonebuddy.trajectories';

/** The viewer tab in front, else the one opened last. */
function focusedViewer(): TrajectoryViewer | undefined {
  const all = [...TrajectoryViewer.open];
  return all.find((v) => v.panel.active) ?? all.at(-1);
}

function selected(node: unknown, nodes: unknown, view: vscode.TreeView<TrajectoryNode>): TrajectoryNode[] {
  if (Array.isArray(nodes) && nodes.length) return nodes as TrajectoryNode[];
  if (node && typeof node === 'object' && 'kind' in node) return [node as TrajectoryNode];
  return [...view.selection];
}

async function pickFilter(current: EpisodeFilter): Promise<EpisodeFilter | undefined> {
  const what = await vscode.window.showQuickPick([
    { id: 'task', label: 'Task…', description: current.task ?? 'any' },
    { id: 'outcome', label: 'Outcome…', description: current.outcome ?? 'any' },
    { id: 'source', label: 'Source…', description: current.source ?? 'any' },
    { id: 'date', label: 'Date…', description: current.since !== undefined ? `since ${new Date(current.since).toISOString().slice(0, 10)}` : 'any' },
    { id: 'clear', label: 'Clear all filters' },
  ], { title: 'Filter Trajectories' });
  if (!what) return undefined;
  const next = { ...current };
  if (what.id === 'clear') return {};
  if (what.id === 'task') {
    const t = await vscode.window.showInputBox({ title: 'Task id or goal contains', value: current.task ?? '' });
    if (t === undefined) return undefined;
    if (t.trim()) next.task = t.trim();
    else delete next.task;
  } else if (what.id === 'outcome') {
    const o = await vscode.window.showQuickPick(['any', 'passed', 'failed', 'unfinished'], { title: 'Outcome' });
    if (!o) return undefined;
    if (o === 'any') delete next.outcome;
    else next.outcome = o as EpisodeFilter['outcome'];
  } else if (what.id === 'source') {
    const s = await vscode.window.showQuickPick(['any', ...EPISODE_SOURCES], { title: 'Source (run, Test Explorer, debugger, demonstration)' });
    if (!s) return undefined;
    if (s === 'any') delete next.source;
    else next.source = s as EpisodeSource;
  } else {
    const d = await vscode.window.showQuickPick([
      { label: 'any', days: 0 }, { label: 'today', days: 1 }, { label: 'last 7 days', days: 7 }, { label: 'last 30 days', days: 30 },
    ], { title: 'Started' });
    if (!d) return undefined;
    if (!d.days) delete next.since;
    else {
      const start = new Date();
      start.setHours(0, 0, 0, 0);
      next.since = start.getTime() - (d.days - 1) * 86_400_000;
    }
  }
  return next;
}

export function activateTrajectories(context: vscode.ExtensionContext, hub?: PanelHub): void {
  const log = vscode.window.createOutputChannel('PhoneBuddy Trajectories', { log: true });
  const tree = new TrajectoriesTree(() => recordingRoot(), log);
  const view = vscode.window.createTreeView(TRAJECTORIES_VIEW_ID, { treeDataProvider: tree, canSelectMany: true, showCollapseAll: true });
  const updateDescription = () => { view.description = describeFilter(tree.filter); };

  context.subscriptions.push(
    log, tree, view,
    vscode.window.registerCustomEditorProvider(TRAJECTORY_VIEWER_TYPE, new TrajectoryViewerProvider(context.extensionUri, log), {
      // A viewer rebuilds from disk in milliseconds; hidden tabs keep no webview state.
      webviewOptions: { retainContextWhenHidden: false },
      supportsMultipleEditorsPerDocument: true,
    }),
    config.onDidChange('recording', () => tree.refresh()),
    studioCommand('phonebuddy.trajectories.refresh', () => tree.refresh()),
    studioCommand('phonebuddy.trajectories.open', async (arg?: unknown) => {
      if (arg instanceof vscode.Uri) {
        const stat = await fs.stat(arg.fsPath).catch(() => undefined);
        return openEpisodeInViewer(stat?.isDirectory() ? arg.fsPath : path.dirname(arg.fsPath));
      }
      const node = selected(arg, undefined, view).find((n) => n.kind === 'episode');
      if (node?.kind === 'episode') return openEpisodeInViewer(node.episode.folder);
      const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, title: 'Episode folder to open' });
      if (picked?.[0]) return openEpisodeInViewer(picked[0].fsPath);
      return undefined;
    }),
    studioCommand('phonebuddy.trajectories.reveal', async (node?: unknown) => {
      const n = selected(node, undefined, view).find((x) => x.kind === 'episode');
      if (n?.kind === 'episode') await revealEpisodeFolder(n.episode.folder);
    }),
    studioCommand('phonebuddy.trajectories.delete', async (node?: unknown, nodes?: unknown, confirmed?: boolean) => {
      const folders = foldersOf(selected(node, nodes, view));
      if (!folders.length) return 0;
      const live = (await tree.episodes()).filter((e) => folders.includes(e.folder) && e.verdict === 'recording');
      if (live.length) {
        void vscode.window.showWarningMessage(`${live.length} of these episodes are still being recorded; stop them before deleting.`);
        return 0;
      }
      if (confirmed !== true) {
        const ok = await vscode.window.showWarningMessage(
          folders.length === 1 ? `Delete the recorded episode ${path.basename(folders[0])}?` : `Delete ${folders.length} recorded episodes?`,
          { modal: true, detail: 'Their folders (screenshots, UI trees, step log) are removed from disk.' }, 'Delete');
        if (ok !== 'Delete') return 0;
      }
      for (const f of folders) {
        // Only ever an episode folder: never a directory that lost its manifest in between.
        if (!(await fs.stat(path.join(f, MANIFEST_FILE)).catch(() => undefined))) continue;
        await fs.rm(f, { recursive: true, force: true });
        log.info(`deleted ${f}`);
      }
      tree.refresh();
      return folders.length;
    }),
    studioCommand('phonebuddy.trajectories.filter', async (preset?: EpisodeFilter) => {
      const next = preset && typeof preset === 'object' && !('kind' in preset) ? preset : await pickFilter(tree.filter);
      if (!next) return;
      tree.filter = next;
      updateDescription();
      tree.refresh();
    }),
    studioCommand('phonebuddy.trajectories.clearFilter', () => {
      tree.filter = {};
      updateDescription();
      tree.refresh();
    }),
    studioCommand('phonebuddy.trajectories.setDirectory', async () => {
      const base = vscode.workspace.workspaceFolders?.[0]?.uri;
      const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, title: 'Recording directory', ...(base ? { defaultUri: base } : {}) });
      if (!picked?.[0]) return;
      const abs = picked[0].fsPath;
      const rel = base && abs.startsWith(base.fsPath + path.sep) ? path.relative(base.fsPath, abs) : abs;
      await config.recording.setDirectory(rel);
    }),
    studioCommand('phonebuddy.trajectories.export', (first?: unknown, all?: unknown) => {
      // From the view's title bar: the selection if any, else ask.
      const fromView = first === undefined && view.selection.length ? [...view.selection] : undefined;
      return runExportCommand(context.extensionUri, recordingRoot(), log, fromView?.[0] ?? first, fromView ?? all).then((r) => {
        if (r && !r.cancelled) walkthroughStepDone('export');
        return r;
      });
    }),
    studioCommand('phonebuddy.recordTask', (uri?: vscode.Uri, taskId?: string, args?: RecordArgs) => recordTask(log, hub, uri, taskId, args ?? {})),
    studioCommand('phonebuddy.demonstration.finish', () => demonstrationControls().finish()),
    studioCommand('phonebuddy.demonstration.stop', () => demonstrationControls().stop()),
  );
  void vscode.commands.executeCommand('setContext', 'phonebuddy.recordingDefaultDir', DEFAULT_RECORDING_DIR);

  // Hooks for the integration tests (never in an installed extension): the viewer's visible
  // state as its webview reports it, the host validation path, and the view's items.
  if (context.extensionMode !== vscode.ExtensionMode.Production) {
    context.subscriptions.push(
      studioCommand('phonebuddy.test.trajectories.viewers', () => [...TrajectoryViewer.open].map((v) => ({
        folder: v.folder, steps: v.steps, verdict: v.verdict, shown: v.lastShown, rejected: v.rejected, loadMs: v.loadMs, error: v.lastError, title: v.panel.title,
      }))),
      studioCommand('phonebuddy.test.trajectories.forge', (raw: unknown) => focusedViewer()?.receive(raw)),
      studioCommand('phonebuddy.test.trajectories.select', (index: number) => focusedViewer()?.select(index)),
      studioCommand('phonebuddy.test.trajectories.tree', async () => {
        const tasks = await tree.getChildren();
        return {
          root: recordingRoot(), refreshes: tree.refreshes,
          tasks: await Promise.all(tasks.map(async (t) => ({
            label: tree.getTreeItem(t).label, description: tree.getTreeItem(t).description,
            episodes: t.kind === 'task' ? t.episodes.map((e) => ({ folder: e.folder, verdict: e.verdict, description: episodeDescription(e) })) : [],
          }))),
        };
      }),
    );
  }
}
