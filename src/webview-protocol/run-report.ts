// The data of a run report, declared once: src/report builds it, writes it into the page as a
// JSON data block, and the report's own script (webview/run-report) renders it — in a browser
// from disk and in the VS Code webview alike. Plain JSON, no functions; image paths are
// relative to the report folder. No Node or vscode imports: this file is bundled into the page.
import { arr, num, oneOf, str } from '../protocol/validate';
import { messageParser, type MessageOf } from './message-parser';
import type { ViewerDrawing } from './trajectory-viewer';

export const REPORT_DATA_ID = 'report-data';
export const REPORT_FORMAT = 1;

export interface ReportInterval {
  lo: number;
  hi: number;
}

/** One row of a rates table: success and trap violations with Wilson 95 % intervals. */
export interface ReportRate {
  label: string;
  total: number;
  success: number;
  rate: number;
  ci: ReportInterval;
  violations: number;
  violationRate: number;
  violationCi: ReportInterval;
  meanSteps: number;
  /** Mean wall time per episode, seconds. */
  meanSeconds: number;
}

export type CauseKind =
  | 'unparsable-output' | 'wrong-app' | 'step-budget' | 'loop' | 'verifier' | 'verifier-error'
  | 'model-error' | 'device-error' | 'action-failed' | 'other';

/** Episodes that failed for one cause, split into groups (verifier + reason text, error text). */
export interface ReportCause {
  kind: CauseKind;
  label: string;
  /** One sentence on how this cause is recognised. */
  rule: string;
  count: number;
  groups: { label: string; count: number; episodes: number[] }[];
}

/** Something the reader must know about the input: overlaps, missing shards, unreadable lines. */
export interface ReportNote {
  level: 'warning' | 'info';
  text: string;
  /** Instances it is about, named. */
  instances?: string[];
}

export interface ReportFrame {
  step: number;
  /** Path inside the report folder, when the episode was recorded with screenshots. */
  image?: string;
  width?: number;
  height?: number;
  /** The action in the model's 0–1000 space (points) or as text (type, keys, apps). */
  drawing?: ViewerDrawing;
  label: string;
  thought: string;
  status: 'ok' | 'failed' | 'skipped';
  error?: string;
  foregroundApp?: string;
}

export interface ReportEpisode {
  /** Index into ReportData.episodes. */
  id: number;
  /** 0: the report's runs; 1: the --compare run. */
  run: 0 | 1;
  task: string;
  goal: string;
  family: string;
  locale: string;
  apps: string[];
  tags: string[];
  success: boolean;
  score: number | null;
  steps: number;
  seconds: number;
  terminatedBy: string;
  reason: string;
  error?: string;
  answer?: string;
  violations: string[];
  cause?: CauseKind;
  /** Failed verifier clauses ("path (kind): reason"). */
  verdict: string[];
  /** Where it came from: the runs dir and, when recorded, the episode folder. */
  source: string;
  recorded: boolean;
  frames: ReportFrame[];
}

export interface ReportRun {
  label: string;
  dirs: string[];
  policies: string[];
  overall: ReportRate;
  byFamily: ReportRate[];
  byApp: ReportRate[];
  byLocale: ReportRate[];
  byTag: ReportRate[];
  perSafety: { label: string; count: number }[];
  terminatedBy: { label: string; count: number }[];
  /** Episodes per step count (index = steps), for the steps chart. */
  stepsHistogram: number[];
  medianSteps: number;
  medianSeconds: number;
  causes: ReportCause[];
  notes: ReportNote[];
}

export interface ReportFamilyDelta {
  label: string;
  shared: number;
  base: number;
  candidate: number;
  diff: number;
  ci: ReportInterval;
}

export interface ReportFlip {
  task: string;
  /** 'won': the candidate passes where the base failed; 'lost': the reverse. */
  direction: 'won' | 'lost';
  base: number;
  candidate: number;
}

export interface ReportCompare {
  base: string;
  candidate: string;
  shared: number;
  onlyBase: string[];
  onlyCandidate: string[];
  won: number;
  lost: number;
  both: number;
  neither: number;
  /** Two-sided exact McNemar p on the shared instances. */
  mcnemarP: number;
  byFamily: ReportFamilyDelta[];
  flips: ReportFlip[];
}

export interface ReportData {
  format: typeof REPORT_FORMAT;
  title: string;
  generatedAt: string;
  /** The report's runs; the compare run second when there is one. */
  runs: ReportRun[];
  compare?: ReportCompare;
  episodes: ReportEpisode[];
}

// ---- report page → VS Code host (only inside the "Open Run Report" webview) -----------
// The page needs nothing from the host (its data is in the page); it says what it drew, so
// the host (and the tests in a real VS Code) know the report really rendered under its CSP.

export const reportViewMessages = {
  /** Drawn: the overview, the charts and the episode list. */
  drawn: { charts: num({ min: 0, max: 1000, int: true }), episodes: num({ min: 0, int: true }), renderMs: num({ min: 0 }) },
  /** Filmstrips shown, once their screenshots loaded (or failed). */
  shown: { episodes: arr(num({ min: 0, int: true }), { max: 2 }), images: num({ min: 0, int: true }), loaded: num({ min: 0, int: true }) },
  log: { level: oneOf(['info', 'warn', 'error'] as const), message: str({ max: 4000 }) },
} as const;

export type ReportViewMessage = MessageOf<typeof reportViewMessages>;
export const parseReportViewMessage = messageParser(reportViewMessages, 'report');
