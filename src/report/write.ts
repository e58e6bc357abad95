// Writes a report folder that opens from disk: index.html with the data in a JSON data block,
// the report's script and stylesheet, Chart.js, and the filmstrips' screenshots under shots/.
// The page's Content-Security-Policy allows nothing but files of its own origin (no inline
// script or style, no network), so a report opened from a shared drive or a CI artifact runs
// only the code that was written with it.
import fs from 'node:fs';
import path from 'node:path';
import { REPORT_DATA_ID, type ReportData } from '../webview-protocol/run-report';
import type { BuiltReport } from './build';
import { CHART_FILE, type ViewAssets } from './view-assets';

/** The files a report folder holds (and the only ones writeReport replaces or removes). */
export const REPORT_FILES = { html: 'index.html', script: 'report.js', style: 'report.css', chart: CHART_FILE, shots: 'shots' } as const;

/** JSON safe inside a <script> data block: no `</script>` or `<!--` can end or bend it. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ReportPage {
  data: ReportData;
  /** The Content-Security-Policy. */
  csp: string;
  chartUri: string;
  scriptUri: string;
  styleUri: string;
  /** Prefix for the data's image paths (empty: relative to the page). */
  imageBase?: string;
  /** A nonce for the script elements (a VS Code webview); none for a page on disk. */
  nonce?: string;
  /** An episode to open at once (its id). */
  openEpisode?: number;
}

/** The CSP of a report opened from disk: its own files only. */
export const FILE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'";

export function reportHtml(p: ReportPage): string {
  const nonce = p.nonce ? ` nonce="${escapeHtml(p.nonce)}"` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(p.csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(p.data.title)}</title>
<link rel="stylesheet" href="${escapeHtml(p.styleUri)}">
</head>
<body>
<main id="app" data-image-base="${escapeHtml(p.imageBase ?? '')}"${p.openEpisode !== undefined ? ` data-open="${p.openEpisode}"` : ''}><p class="loading">Loading the report…</p></main>
<script type="application/json" id="${REPORT_DATA_ID}">${jsonForScript(p.data)}</script>
<script${nonce} src="${escapeHtml(p.chartUri)}"></script>
<script${nonce} src="${escapeHtml(p.scriptUri)}"></script>
</body>
</html>
`;
}

/** Writes the report into `outDir` (created; an earlier report there is replaced). Returns index.html's path. */
export async function writeReport(outDir: string, built: BuiltReport, assets: ViewAssets): Promise<string> {
  await fs.promises.mkdir(outDir, { recursive: true });
  const shots = path.join(outDir, REPORT_FILES.shots);
  await fs.promises.rm(shots, { recursive: true, force: true });
  await Promise.all([
    fs.promises.copyFile(assets.script, path.join(outDir, REPORT_FILES.script)),
    fs.promises.copyFile(assets.style, path.join(outDir, REPORT_FILES.style)),
    fs.promises.copyFile(assets.chart, path.join(outDir, REPORT_FILES.chart)),
  ]);
  const dirs = new Set(built.files.map((f) => path.dirname(path.join(outDir, f.to))));
  for (const d of dirs) await fs.promises.mkdir(d, { recursive: true });
  // Screenshots are copied (a clone where the file system can), a bounded number at a time.
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(16, built.files.length) }, async () => {
    while (next < built.files.length) {
      const f = built.files[next++];
      await fs.promises.copyFile(f.from, path.join(outDir, f.to), fs.constants.COPYFILE_FICLONE);
    }
  }));
  const index = path.join(outDir, REPORT_FILES.html);
  const html = reportHtml({ data: built.data, csp: FILE_CSP, chartUri: REPORT_FILES.chart, scriptUri: REPORT_FILES.script, styleUri: REPORT_FILES.style });
  await fs.promises.writeFile(`${index}.tmp`, html);
  await fs.promises.rename(`${index}.tmp`, index);
  return index;
}
