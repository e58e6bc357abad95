// Every message between the extension host and the trajectory viewer webview, declared once
// and imported by both ends; each side validates what it receives (parseViewerMessage on the
// host, parseTrajectoryHostMessage in the webview). Types are inferred from the checkers.
// The host never sends image bytes: it sends the episode folder's webview URI and each step's
// file name, and the webview loads a screenshot only when it is about to be shown.
// No Node or vscode imports: this file is bundled into the browser.
import {
  arr, bool, num, obj, oneOf, optional, record, shaped, str, type Infer,
} from '../protocol/validate';
import { messageBuilder, messageParser, type MessageOf, type ParseResult } from './message-parser';

/** Steps per `steps` message: a 5,000-step episode arrives in 10 messages and paints after the first. */
export const STEP_CHUNK = 500;
export const STEP_FILE_PATTERN = /^\d{4,}\.(jpg|png)$/;

/** Only a step file name: the webview joins it to the folder's URI, so nothing else may pass. */
const stepFile = shaped<string>((x) => typeof x === 'string' && x.length <= 40 && STEP_FILE_PATTERN.test(x), 'a step file name like 0001.jpg');
const stepIndex = num({ min: 1, max: 10_000_000, int: true });
const text = (max: number) => str({ max });
const norm = num({ min: -100_000, max: 100_000 });
const normPoint = obj({ x: norm, y: norm });
const MARKS = ['corrected', 'human', 'forked', 'failed', 'missing', 'note'] as const;
const VERDICTS = ['passed', 'failed', 'recording', 'interrupted', 'no outcome'] as const;

const drawing = obj({
  kind: oneOf(['point', 'long', 'line', 'text', 'key', 'app', 'wait', 'finish'] as const),
  points: arr(normPoint, { max: 8 }),
  text: optional(text(400)),
});
export type ViewerDrawing = Infer<typeof drawing>;

const stepSummary = obj({
  index: stepIndex,
  time: text(64),
  status: oneOf(['ok', 'failed', 'skipped'] as const),
  source: text(200),
  tool: text(100),
  label: text(400),
  thought: text(400),
  marks: arr(oneOf(MARKS), { max: MARKS.length }),
  image: optional(obj({ file: stepFile, width: num({ min: 1, max: 100_000, int: true }), height: num({ min: 1, max: 100_000, int: true }) })),
  drawing: optional(drawing),
  original: optional(drawing),
});
export type ViewerStepSummary = Infer<typeof stepSummary>;

const header = obj({
  episodeId: text(200),
  goal: text(8000),
  title: optional(text(500)),
  taskId: optional(text(300)),
  instanceId: optional(text(500)),
  taskFile: optional(text(4000)),
  source: text(40),
  policy: text(500),
  model: optional(text(500)),
  device: text(500),
  screen: obj({ width: num({ min: 1, int: true }), height: num({ min: 1, int: true }) }),
  locale: optional(text(40)),
  startedAt: text(64),
  endedAt: optional(text(64)),
  status: text(40),
  verdict: oneOf(VERDICTS),
  outcome: optional(obj({
    success: bool, score: num(), terminatedBy: text(100), reason: text(2000),
    answer: optional(text(2000)), error: optional(text(2000)),
  })),
  verifiers: arr(obj({ depth: num({ min: 0, max: 100, int: true }), path: text(500), kind: text(100), passed: bool, skipped: bool, reason: text(1000) }), { max: 500 }),
  parent: optional(obj({ episodeId: text(200), step: num({ min: 0, int: true }), folder: optional(text(4000)) })),
  problems: arr(text(1000), { max: 50 }),
  stepCount: num({ min: 0, int: true }),
  live: bool,
  stopReason: optional(text(2000)),
});
export type ViewerHeader = Infer<typeof header>;

const detail = obj({
  index: stepIndex,
  thought: text(100_000),
  raw: text(200_000),
  instruction: text(200_000),
  label: text(1000),
  timings: record(num({ min: 0 }), { maxKeys: 20 }),
  pixels: arr(obj({ x: norm, y: norm }), { max: 8 }),
  targetNode: optional(record(text(2000))),
  foregroundApp: optional(text(300)),
  error: optional(text(4000)),
  note: optional(text(4000)),
  original: optional(obj({ thought: text(100_000), raw: text(200_000), label: text(1000) })),
  usage: optional(obj({ promptTokens: optional(num({ min: 0 })), completionTokens: optional(num({ min: 0 })) })),
});
export type ViewerStepDetail = Infer<typeof detail>;

// ---- webview → host ------------------------------------------------------------------

export const viewerMessages = {
  /** The webview (re)loaded and wants the episode. */
  ready: {},
  /** The full detail of one step (raw output, history text, timings). */
  wantStep: { index: stepIndex },
  /** What the webview now shows, so the host (and tests) know the visible state. */
  shown: {
    index: stepIndex,
    label: text(400),
    thought: text(400),
    marks: arr(oneOf(MARKS), { max: MARKS.length }),
    /** The screenshot finished loading (false: still loading, or the step has none). */
    imageLoaded: bool,
    /** The action was drawn over the screenshot. */
    drawn: bool,
    /** How many timeline rows exist in the DOM (the list is virtual: a few dozen, whatever the length). */
    rowsInDom: num({ min: 0, int: true }),
  },
  openTask: {},
  openParent: {},
  revealFolder: {},
  log: { level: oneOf(['info', 'warn', 'error'] as const), message: text(4000) },
} as const;

// ---- host → webview ------------------------------------------------------------------

export const trajectoryHostMessages = {
  /** Opens (or refreshes) the episode; its steps follow in `steps` chunks. */
  episode: { header, imageBase: text(4000), total: num({ min: 0, int: true }), select: optional(stepIndex) },
  steps: { from: num({ min: 0, int: true }), items: arr(stepSummary, { max: STEP_CHUNK }) },
  stepDetail: { detail },
  /** Go to a step (a command, a test, a link from elsewhere). */
  select: { index: stepIndex },
  notice: { level: oneOf(['info', 'warn', 'error'] as const), message: text(2000) },
} as const;

/** The result of parsing one received message (shared by every webview's protocol). */
export type ParseOutcome<M> = ParseResult<M>;

export type ViewerMessage = MessageOf<typeof viewerMessages>;
export type TrajectoryHostMessage = MessageOf<typeof trajectoryHostMessages>;
export type ViewerMessageType = ViewerMessage['type'];
export type TrajectoryHostMessageType = TrajectoryHostMessage['type'];
export type ViewerMessageOf<T extends ViewerMessageType> = Extract<ViewerMessage, { type: T }>;
export type TrajectoryHostMessageOf<T extends TrajectoryHostMessageType> = Extract<TrajectoryHostMessage, { type: T }>;

/** Host side: validate a message that came from the viewer webview. */
export const parseViewerMessage = messageParser(viewerMessages, 'viewer');
/** Webview side: validate a message that came from the host. */
export const parseTrajectoryHostMessage = messageParser(trajectoryHostMessages, 'host');

/** Builders keep call sites typed without repeating the `type` literal's shape. */
export const toViewer = messageBuilder<TrajectoryHostMessage>();
export const toTrajectoryHost = messageBuilder<ViewerMessage>();
