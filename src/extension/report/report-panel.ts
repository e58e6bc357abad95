// "Open Run Report": the same report `phonebuddy report` writes, in a webview tab. The report
// folder is written into the extension's storage (removed when the tab closes) and the page is
// the same page with the webview's CSP: resources only from that folder, scripts only by nonce.
// The page posts what it drew; every message is validated before it is believed.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { parseReportViewMessage, type ReportViewMessage } from '../../webview-protocol/run-report';
import { webviewCsp } from '../webview-html';

export const REPORT_VIEW_TYPE = 'phonebuddy.runReport';

export interface OpenReportArgs {
  /** Runs dirs of the run (several: shards that merge). */
  runs: string[];
  /** Runs dirs of the run to compare with. */
  compare?: string[];
  /** An episode to open at once. */
  episode?: number;
}

type Of<T extends ReportViewMessage['type']> = Extract<ReportViewMessage, { type: T }>;

export class ReportPanel {
  static readonly open = new Set<ReportPanel>();
  drawn?: Of<'drawn'>;
  shown?: Of<'shown'>;
  rejected = 0;
  errors: string[] = [];

  private constructor(readonly panel: vscode.WebviewPanel, readonly folder: string, readonly args: OpenReportArgs, private readonly log: vscode.LogOutputChannel) {
    ReportPanel.open.add(this);
    panel.webview.onDidReceiveMessage((raw) => this.receive(raw));
    panel.onDidDispose(() => {
      ReportPanel.open.delete(this);
      fs.rmSync(folder, { recursive: true, force: true });
    });
  }

  receive(raw: unknown): void {
    const r = parseReportViewMessage(raw);
    if (!r.ok) {
      this.rejected++;
      this.log.warn(`run report: ignored a webview message: ${r.error}`);
      return;
    }
    const m = r.message;
    if (m.type === 'drawn') this.drawn = m;
    else if (m.type === 'shown') this.shown = m;
    else {
      if (m.level === 'error') this.errors.push(m.message);
      this.log[m.level === 'warn' ? 'warn' : m.level](`run report: ${m.message}`);
    }
  }

  /** Builds the report of `args` into the extension's storage and shows it in a new tab. */
  static async show(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, args: OpenReportArgs): Promise<ReportPanel> {
    const [{ loadRun }, { buildReport }, { writeReport, reportHtml }, { viewAssets }] = await Promise.all([
      import('../../report/load'), import('../../report/build'), import('../../report/write'), import('../../report/view-assets'),
    ]);
    const run = loadRun(args.runs);
    const base = args.compare?.length ? loadRun(args.compare) : undefined;
    const built = await buildReport(run, base);
    const folder = path.join(context.globalStorageUri.fsPath, 'reports', `${Date.now()}-${randomBytes(4).toString('hex')}`);
    await writeReport(folder, built, await viewAssets());
    const root = vscode.Uri.file(folder);
    const panel = vscode.window.createWebviewPanel(REPORT_VIEW_TYPE, built.data.title, vscode.ViewColumn.Active, {
      enableScripts: true, localResourceRoots: [root], retainContextWhenHidden: true,
    });
    const self = new ReportPanel(panel, folder, args, log);
    const uri = (f: string) => panel.webview.asWebviewUri(vscode.Uri.joinPath(root, f)).toString();
    const nonce = randomBytes(18).toString('base64');
    const page = { cspSource: panel.webview.cspSource, scriptUri: uri('report.js'), styleUri: uri('report.css'), title: built.data.title, body: '' };
    panel.webview.html = reportHtml({
      data: built.data, csp: webviewCsp(page, nonce), nonce, chartUri: uri('chart.umd.min.js'), scriptUri: page.scriptUri, styleUri: page.styleUri,
      imageBase: `${panel.webview.asWebviewUri(root).toString()}/`, ...(args.episode !== undefined ? { openEpisode: args.episode } : {}),
    });
    return self;
  }
}
