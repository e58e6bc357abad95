// Every message between the extension host and the device panel webview, declared once and
// imported by both ends (like vscode-eslint's customMessages and GitLens' protocol.ts).
// Each side validates what it receives with `parsePanelMessage` / `parseHostMessage`; the
// type of a message is inferred from its checker, so the two can never drift apart.
// No Node or vscode imports: this file is bundled into the browser.
import type { KeyName } from '../device/device';
import {
  arr, bool, bytes, num, obj, oneOf, optional, record, refined, str, tagged, type Infer,
} from '../protocol/validate';
import { messageBuilder, messageParser, type MessageOf, type ParseResult } from './message-parser';

/** Longest text the host types in one go; longer pastes get a message instead. */
export const TYPE_TEXT_LIMIT = 1000;
/** Transport cap for text: large enough that an oversized paste still arrives and can be explained. */
const TEXT_TRANSPORT_MAX = 200_000;
/** Coordinates travel as device pixels; anything beyond this is not a phone screen. */
const COORD_MAX = 100_000;
export const GESTURE_MAX_MS = 10_000;
/** Longest thought note a person can attach to a demonstration step. */
export const NOTE_MAX = 4000;

export const PANEL_KEYS = ['back', 'home', 'recents', 'enter', 'delete', 'tab', 'space', 'escape',
  'dpad_up', 'dpad_down', 'dpad_left', 'dpad_right'] as const satisfies readonly KeyName[];
export type PanelKey = (typeof PANEL_KEYS)[number];

const coord = num({ min: -COORD_MAX, max: COORD_MAX });
const point = obj({ x: coord, y: coord });
export type PanelPoint = Infer<typeof point>;
const inputSeq = num({ min: 0, int: true });
const duration = num({ min: 0, max: GESTURE_MAX_MS });
const id = str({ min: 1, max: 300 });
const tilePx = num({ min: 0, max: COORD_MAX, int: true });
/**
 * A scroll's move of drawn rows: rows of the rectangle move up by `dy` (down when negative),
 * within it. A move of nothing or by the whole rectangle or more is not a shift; the webview
 * also refuses one that does not fit the frame it shows (like a tile).
 */
const tileShift = refined(
  obj({ x: tilePx, y: tilePx, w: num({ min: 1, max: COORD_MAX, int: true }), h: num({ min: 2, max: COORD_MAX, int: true }), dy: num({ min: -COORD_MAX, max: COORD_MAX, int: true }) }),
  (s) => s.dy !== 0 && Math.abs(s.dy) < s.h,
  'a shift moves rows by at least 1 and less than its height',
);
export type TileShift = Infer<typeof tileShift>;

// ---- webview → host ------------------------------------------------------------------

export const panelMessages = {
  /** The webview (re)loaded and wants the full state. */
  ready: {},
  selectDevice: { deviceId: id },
  reconnect: {},
  /** The frame was decoded and painted; the host may send the next one. */
  frameAck: {
    seq: num({ min: 0, int: true }),
    decodeMs: optional(num({ min: 0, max: 60_000 })),
    /** Tiles arrived for a frame this webview does not show (it reloaded): send a whole frame. */
    resync: optional(bool),
  },
  tap: { x: coord, y: coord, inputSeq },
  longPress: { x: coord, y: coord, durationMs: duration, inputSeq },
  swipe: { from: point, to: point, durationMs: duration, inputSeq },
  /** Wheel: (dx, dy) in device pixels of content movement at (x, y). */
  scroll: { x: coord, y: coord, dx: coord, dy: coord, inputSeq },
  key: { key: oneOf(PANEL_KEYS), inputSeq },
  type: { text: str({ max: TEXT_TRANSPORT_MAX }), inputSeq },
  setMode: { mode: oneOf(['control', 'inspect'] as const) },
  /** Where the screen can be drawn (CSS px) and at what density, so frames are sent no larger than shown. */
  viewport: { width: num({ min: 0, max: 100_000 }), height: num({ min: 0, max: 100_000 }), dpr: num({ min: 0.1, max: 16 }) },
  /** Inspector click: the host resolves the node itself from its own UI tree. */
  copySelector: { x: coord, y: coord },
  toolbarClick: { id },
  /**
   * The note typed for the human turn at `step` (sent as it changes): the next gesture of that
   * turn carries it into the recorded step as its thought. A note for another step is ignored.
   */
  humanNote: { step: num({ min: 0, int: true }), note: str({ max: NOTE_MAX }) },
  log: { level: oneOf(['info', 'warn', 'error'] as const), message: str({ max: 4000 }) },
} as const;

// ---- host → webview ------------------------------------------------------------------

const deviceSummary = obj({
  id,
  label: str({ max: 300 }),
  kind: oneOf(['mock', 'adb', 'androidworld'] as const),
  online: bool,
});
export type DeviceSummary = Infer<typeof deviceSummary>;

const uiNode = obj({
  /** [left, top, right, bottom] in device pixels. */
  bounds: arr(num(), { max: 4 }),
  depth: num({ min: 0, int: true }),
  attrs: record(str({ max: 2000 })),
});
export type PanelUiNode = Infer<typeof uiNode>;

/** A point in the model's 0–1000 space (the webview maps it to the screen as the device will). */
const norm = num({ min: 0, max: 1000 });
const normPoint = obj({ x: norm, y: norm });
export type PanelNormPoint = Infer<typeof normPoint>;

/**
 * How a paused episode's pending action is drawn: a crosshair for click/long_press, an arrow
 * for swipe/scroll/drag, a bubble for typed text, a label for key/open_app/finish/wait.
 */
const pendingMark = tagged('shape', {
  crosshair: { at: normPoint, long: optional(bool) },
  arrow: { from: normPoint, to: normPoint },
  bubble: { text: str({ max: 2000 }) },
  label: { text: str({ max: 300 }) },
});
export type PendingMark = Infer<typeof pendingMark>;

const overlayAction = tagged('kind', {
  tap: { x: coord, y: coord },
  longPress: { x: coord, y: coord },
  swipe: { from: point, to: point },
  type: { text: str({ max: 2000 }) },
  key: { key: str({ max: 40 }) },
  app: { name: str({ max: 300 }) },
  thought: { text: str({ max: 4000 }), step: optional(num({ min: 0, int: true })) },
  clear: {},
  /** The paused episode's pending action (replaced by the next `pending`, removed by `clear`). */
  pending: {
    step: num({ min: 0, int: true }),
    /** The tool call as text, e.g. `click(540, 1200)`. */
    call: str({ max: 300 }),
    mark: pendingMark,
    /** Set when someone replaced the model's action (the panel, the debugger). */
    correctedBy: optional(str({ max: 60 })),
  },
});
export type OverlayAction = Infer<typeof overlayAction>;

/** The icons the webview draws (inline SVG, webview/device-panel/icons.ts), named as codicons. */
export const PANEL_ICONS = [
  'debug-continue', 'debug-step-over', 'debug-step-back', 'debug-pause', 'debug-stop',
  'record', 'check', 'play', 'person', 'pin',
] as const;
export type PanelIcon = (typeof PANEL_ICONS)[number];

const toolbarItem = obj({
  id,
  label: str({ max: 100 }),
  /** Drawn before the label (or instead of it, with `iconOnly`). */
  icon: optional(oneOf(PANEL_ICONS)),
  iconOnly: optional(bool),
  /** Tooltip and accessible name (defaults to the label). */
  title: optional(str({ max: 300 })),
  /** Items are grouped left to right by group name. */
  group: str({ max: 60 }),
  enabled: bool,
  checked: optional(bool),
  /** A short live count beside the label (the recorder's steps). */
  badge: optional(str({ max: 40 })),
});
export type ToolbarItem = Infer<typeof toolbarItem>;

export const hostMessages = {
  devices: { devices: arr(deviceSummary, { max: 500 }), selectedId: optional(id) },
  deviceState: {
    deviceId: optional(id),
    state: oneOf(['none', 'connecting', 'live', 'disconnected'] as const),
    message: optional(str({ max: 2000 })),
  },
  /** A screen image; exactly one of `data` (base64) or `bytes` is set. */
  frame: {
    seq: num({ min: 0, int: true }),
    deviceId: id,
    width: num({ min: 1, max: COORD_MAX, int: true }),
    height: num({ min: 1, max: COORD_MAX, int: true }),
    mime: oneOf(['image/jpeg', 'image/png'] as const),
    data: optional(str({ max: 50_000_000 })),
    bytes: optional(bytes),
    /** Highest input sequence the device had applied when this frame was captured (-1: none). */
    inputSeq: num({ min: -1, int: true }),
    captureMs: num({ min: 0 }),
    /** Frames drawn at the panel's size carry a generation that later `tiles` build on. */
    generation: optional(num({ min: 0, int: true })),
  },
  /**
   * The changed rectangles of a frame drawn at the panel's size, to be drawn over frame
   * `base` (in its pixels; lossless PNG, each tile as `data` base64 or `bytes`); the result is
   * frame `generation`. Empty when the screen did not change but an input is confirmed.
   * `shifts` (a scroll) move rows of the frame first, in order; the tiles are drawn after.
   */
  tiles: {
    seq: num({ min: 0, int: true }),
    deviceId: id,
    width: num({ min: 1, max: COORD_MAX, int: true }),
    height: num({ min: 1, max: COORD_MAX, int: true }),
    base: num({ min: 0, int: true }),
    generation: num({ min: 0, int: true }),
    tiles: arr(obj({
      x: tilePx, y: tilePx, w: tilePx, h: tilePx,
      data: optional(str({ max: 50_000_000 })),
      bytes: optional(bytes),
    }), { max: 256 }),
    shifts: optional(arr(tileShift, { max: 64 })),
    inputSeq: num({ min: -1, int: true }),
    captureMs: num({ min: 0 }),
  },
  uiTree: {
    width: num({ min: 1, int: true }),
    height: num({ min: 1, int: true }),
    nodes: arr(uiNode, { max: 5000 }),
  },
  overlay: { layer: str({ max: 60 }), action: overlayAction },
  toolbar: { items: arr(toolbarItem, { max: 100 }) },
  notice: { level: oneOf(['info', 'warn', 'error'] as const), message: str({ max: 2000 }) },
  inputRejected: { inputSeq: num({ min: -1, int: true }), reason: str({ max: 2000 }) },
  /** The agent loop's `human` policy is waiting for this panel to act. */
  humanTurn: {
    active: bool, goal: optional(str({ max: 4000 })), step: optional(num({ min: 0, int: true })),
    /** Offer the thought-note field (a demonstration's turn: the note is recorded and exported). */
    notes: optional(bool),
    /** Letters typed in this turn, not yet on the phone: they go as one `type` step. */
    composing: optional(str({ max: TYPE_TEXT_LIMIT * 2 })),
    /** The task's step budget: the panel warns once `step` is past it. */
    budget: optional(num({ min: 0, int: true })),
    /** A person drives an episode on this device (also between turns, while a step runs). */
    driving: optional(bool),
  },
  selectorCopied: { selector: str({ max: 4000 }), attrs: record(str({ max: 2000 })) },
} as const;

// ---- typed unions and the parsers both sides use ----------------------------------------

export type PanelMessage = MessageOf<typeof panelMessages>;
export type HostMessage = MessageOf<typeof hostMessages>;
export type PanelMessageType = PanelMessage['type'];
export type HostMessageType = HostMessage['type'];
export type PanelMessageOf<T extends PanelMessageType> = Extract<PanelMessage, { type: T }>;
export type HostMessageOf<T extends HostMessageType> = Extract<HostMessage, { type: T }>;
export type { ParseResult };

/** Host side: validate a message that came from the webview. */
export const parsePanelMessage = messageParser(panelMessages, 'panel');
/** Webview side: validate a message that came from the host. */
export const parseHostMessage = messageParser(hostMessages, 'host');

/** Builders keep call sites typed without repeating the `type` literal's shape. */
export const toHost = messageBuilder<PanelMessage>();
export const toPanel = messageBuilder<HostMessage>();
