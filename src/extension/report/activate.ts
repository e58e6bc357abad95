// Wires run reports into VS Code: "Open Run Report" asks for runs dirs (several are shards of
// one run) and, if wanted, a run to compare with, then opens the report in a webview. Cheap at
// activation: the report code loads when the command first runs.
import * as vscode from 'vscode';
import type { OpenReportArgs, ReportPanel as Panel } from './report-panel';

async function pickFolders(title: string): Promise<string[] | undefined> {
  const picked = await vscode.window.showOpenDialog({ title, canSelectFiles: false, canSelectFolders: true, canSelectMany: true, openLabel: 'Select' });
  return picked?.length ? picked.map((u) => u.fsPath) : undefined;
}

/** The command's arguments: an explicit request, a folder (a runs dir), or nothing (ask). */
async function argsOf(arg: unknown): Promise<OpenReportArgs | undefined> {
  if (arg instanceof vscode.Uri) return { runs: [arg.fsPath] };
  if (arg && typeof arg === 'object' && Array.isArray((arg as OpenReportArgs).runs)) return arg as OpenReportArgs;
  const runs = await pickFolders('Runs dirs of the run to report (several: shards of one run)');
  if (!runs) return undefined;
  const more = await vscode.window.showQuickPick([{ label: 'No comparison', id: 'none' }, { label: 'Compare with another run…', id: 'compare' }], { title: 'Run report' });
  if (!more) return undefined;
  if (more.id === 'none') return { runs };
  const compare = await pickFolders('Runs dirs of the run to compare with (the base)');
  return compare ? { runs, compare } : undefined;
}

export function activateReport(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('PhoneBuddy Reports', { log: true });
  let panels: typeof Panel | undefined;
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand('phonebuddy.report.open', async (arg?: unknown) => {
      const args = await argsOf(arg);
      if (!args) return undefined;
      panels ??= (await import('./report-panel')).ReportPanel;
      try {
        const p = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Building the run report…' }, () => panels!.show(context, log, args));
        return { folder: p.folder };
      } catch (e) {
        // A folder that is not a runs dir, an unreadable file: say which, change nothing.
        void vscode.window.showErrorMessage(`Run report: ${(e as Error).message}`);
        log.error(`run report: ${(e as Error).stack ?? (e as Error).message}`);
        return undefined;
      }
    }),
  );
  // Hooks for the integration tests (never in an installed extension).
  if (context.extensionMode !== vscode.ExtensionMode.Production) {
    context.subscriptions.push(
      vscode.commands.registerCommand('phonebuddy.test.report.panels', () => [...(panels?.open ?? [])].map((p) => ({
        folder: p.folder, title: p.panel.title, runs: p.args.runs, drawn: p.drawn, shown: p.shown, rejected: p.rejected, errors: p.errors,
      }))),
      vscode.commands.registerCommand('phonebuddy.test.report.forge', (raw: unknown) => {
        const p = [...(panels?.open ?? [])].at(-1);
        p?.receive(raw);
        return p?.rejected;
      }),
    );
  }
}
