// The Trajectories view: the recording directory's episodes grouped by task, newest first, each
// with its verdict, step count and corrected / human / fork badges; filters by task, outcome,
// source and date. Listing reads manifests only (src/trajectory/catalog.ts) and refreshes when
// a manifest under the directory is created, replaced or deleted.
import path from 'node:path';
import * as vscode from 'vscode';
import {
  groupByTask, listEpisodes, matchesFilter, NO_TASK,
  type EpisodeFilter, type EpisodeListing, type EpisodeVerdict,
} from '../../trajectory/catalog';
import { MANIFEST_FILE } from '../../trajectory/format';
import { TRAJECTORY_VIEWER_TYPE } from './viewer';

export type TrajectoryNode =
  | { kind: 'task'; taskKey: string; episodes: EpisodeListing[] }
  | { kind: 'episode'; episode: EpisodeListing }
  | { kind: 'note'; text: string };

const ICON: Record<EpisodeVerdict, [string, string]> = {
  passed: ['pass', 'testing.iconPassed'],
  failed: ['error', 'testing.iconFailed'],
  recording: ['record', 'charts.red'],
  interrupted: ['warning', 'list.warningForeground'],
  'no outcome': ['circle-outline', 'descriptionForeground'],
};

function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function episodeDescription(e: EpisodeListing): string {
  const parts = [e.verdict, `${e.manifest.steps} step${e.manifest.steps === 1 ? '' : 's'}`];
  if (e.flags.corrected) parts.push(`✎ ${e.flags.corrected} corrected`);
  if (e.flags.human && e.manifest.source !== 'demo') parts.push(`✋ ${e.flags.human} by hand`);
  if (e.manifest.parent) parts.push('⑂ fork');
  else if (e.flags.forked) parts.push('⑂ forked');
  return parts.join(' · ');
}

export class TrajectoriesTree implements vscode.TreeDataProvider<TrajectoryNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TrajectoryNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private listing?: Promise<{ episodes: EpisodeListing[]; unreadable: { folder: string; error: string }[] }>;
  private watcher?: vscode.FileSystemWatcher;
  private watched?: string;
  private timer?: NodeJS.Timeout;
  filter: EpisodeFilter = {};
  /** Every refresh, for tests that wait for the view to catch up with the disk. */
  refreshes = 0;

  constructor(private readonly root: () => string | undefined, private readonly log: vscode.LogOutputChannel) {}

  /** The episodes as last listed, after the filter. */
  async episodes(): Promise<EpisodeListing[]> {
    const dir = this.root();
    if (!dir) return [];
    this.listing ??= listEpisodes(dir);
    const { episodes } = await this.listing;
    return episodes.filter((e) => matchesFilter(e, this.filter));
  }

  refresh(): void {
    this.listing = undefined;
    this.refreshes++;
    this.watch();
    this.changed.fire(undefined);
  }

  /** Watches the directory for manifests appearing, being replaced or deleted (debounced). */
  watch(): void {
    const dir = this.root();
    if (dir === this.watched) return;
    this.watcher?.dispose();
    this.watched = dir;
    if (!dir) return;
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dir), `**/${MANIFEST_FILE}`));
    const soon = () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.refresh(), 400);
    };
    this.watcher.onDidCreate(soon);
    this.watcher.onDidChange(soon);
    this.watcher.onDidDelete(soon);
  }

  getTreeItem(n: TrajectoryNode): vscode.TreeItem {
    if (n.kind === 'note') {
      const item = new vscode.TreeItem(n.text, vscode.TreeItemCollapsibleState.None);
      item.iconPath = new vscode.ThemeIcon('info');
      return item;
    }
    if (n.kind === 'task') {
      const item = new vscode.TreeItem(n.taskKey, vscode.TreeItemCollapsibleState.Expanded);
      const passed = n.episodes.filter((e) => e.verdict === 'passed').length;
      item.description = `${n.episodes.length} episode${n.episodes.length === 1 ? '' : 's'} · ${passed} passed`;
      item.iconPath = new vscode.ThemeIcon(n.taskKey === NO_TASK ? 'person' : 'checklist');
      item.contextValue = 'trajectoryTask';
      item.id = `task:${n.taskKey}`;
      return item;
    }
    const e = n.episode;
    const m = e.manifest;
    const item = new vscode.TreeItem(`${when(m.startedAt)} · ${m.policy}`, vscode.TreeItemCollapsibleState.None);
    item.id = `episode:${e.folder}`;
    item.description = episodeDescription(e);
    const [icon, colour] = ICON[e.verdict];
    item.iconPath = new vscode.ThemeIcon(icon, new vscode.ThemeColor(colour));
    item.resourceUri = vscode.Uri.file(path.join(e.folder, MANIFEST_FILE));
    item.contextValue = e.verdict === 'recording' ? 'trajectoryEpisodeLive' : 'trajectoryEpisode';
    const tip = new vscode.MarkdownString(undefined, true);
    tip.appendText(`${m.goal}\n\n`);
    tip.appendMarkdown(`**${e.verdict}**${m.outcome ? ` — score ${m.outcome.score}, ended by ${m.outcome.terminatedBy}` : ''}  \n`);
    tip.appendText(`source: ${m.source} · policy: ${m.policy}${m.task ? ` · instance: ${m.task.instanceId}` : ''}\n${e.folder}`);
    item.tooltip = tip;
    item.command = { command: 'vscode.openWith', title: 'Open in Trajectory Viewer', arguments: [item.resourceUri, TRAJECTORY_VIEWER_TYPE] };
    return item;
  }

  async getChildren(n?: TrajectoryNode): Promise<TrajectoryNode[]> {
    if (n?.kind === 'task') return n.episodes.map((episode) => ({ kind: 'episode', episode }));
    if (n) return [];
    const dir = this.root();
    if (!dir) return []; // the welcome content says how to set the directory
    this.watch();
    let all;
    try {
      this.listing ??= listEpisodes(dir);
      all = await this.listing;
    } catch (e) {
      return [{ kind: 'note', text: `Cannot list ${dir}: ${(e as Error).message}` }];
    }
    for (const u of all.unreadable) this.log.warn(`trajectories: ${u.folder}: ${u.error}`);
    const shown = all.episodes.filter((e) => matchesFilter(e, this.filter));
    const notes: TrajectoryNode[] = [];
    if (all.episodes.length === 0) notes.push({ kind: 'note', text: `No recorded episodes in ${dir} yet` });
    else if (shown.length === 0) notes.push({ kind: 'note', text: 'No episode matches the filter' });
    if (all.unreadable.length) notes.push({ kind: 'note', text: `${all.unreadable.length} unreadable folder(s): see the PhoneBuddy Trajectories output` });
    return [...groupByTask(shown).map((g) => ({ kind: 'task' as const, ...g })), ...notes];
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.watcher?.dispose();
    this.changed.dispose();
  }
}

/** Episode folders named by a tree selection (tasks stand for all their episodes). */
export function foldersOf(nodes: readonly TrajectoryNode[]): string[] {
  const out = new Set<string>();
  for (const n of nodes) {
    if (n.kind === 'episode') out.add(n.episode.folder);
    else if (n.kind === 'task') for (const e of n.episodes) out.add(e.folder);
  }
  return [...out];
}

export function describeFilter(f: EpisodeFilter): string | undefined {
  const parts = [
    f.task ? `task ~ ${f.task}` : '', f.outcome ?? '', f.source ? `source ${f.source}` : '',
    f.since !== undefined ? `since ${new Date(f.since).toISOString().slice(0, 10)}` : '',
  ].filter(Boolean);
  return parts.length ? `filtered: ${parts.join(', ')}` : undefined;
}
