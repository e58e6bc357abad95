// The twelve PhoneBuddy tools and the argument shapes the model emits for them. Coordinates
// are in the model's 0–1000 space on both axes. Names and argument keys are the model's
// vocabulary: they appear verbatim in the system prompt and in the history strings.

export const TOOL_NAMES = [
  'click', 'double_click', 'long_press', 'type', 'scroll', 'drag',
  'button_press', 'open_app', 'close_app', 'wait', 'output', 'finish',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];

/** Tools that end an episode in the reference runner (the last three are not in the prompt). */
export const TERMINAL_TOOLS = ['finish', 'answer', 'output', 'terminate', 'call_user'] as const;
export type TerminalToolName = (typeof TERMINAL_TOOLS)[number];

/** Tools that tap the node under their point (the recorded step names that node). */
export const TAP_TOOLS = ['click', 'double_click', 'long_press'] as const;

/** Tools that act at points of the screen (a solution step may name a node instead). */
export const POINT_TOOLS = [...TAP_TOOLS, 'scroll', 'drag'] as const;

/** Every tool name the agent loop can record: the prompt's twelve and the other terminal ones. */
export const KNOWN_TOOLS: readonly string[] = [...new Set<string>([...TOOL_NAMES, ...TERMINAL_TOOLS])];

export const BUTTONS = ['back', 'home', 'menu', 'enter'] as const;
export type ButtonName = (typeof BUTTONS)[number];

/** A point in the model's 0–1000 space, as the model writes it. */
export type ModelPoint = [number, number];

/** Argument shapes, as emitted (after `package` → `app` renaming for open/close_app). */
export interface ToolArgs {
  click: { points: ModelPoint[] | ModelPoint };
  double_click: { points: ModelPoint[] | ModelPoint; interval?: number };
  long_press: { points: ModelPoint[] | ModelPoint; duration?: number };
  type: { text: string };
  scroll: { points: ModelPoint[]; duration?: number };
  drag: { points: ModelPoint[]; duration?: number };
  button_press: { type: ButtonName };
  open_app: { app: string };
  close_app: { app: string };
  wait: { time: number };
  output: { text: string };
  finish: { text: string };
}

/** One tool call as parsed: the lower-cased name and the arguments exactly as emitted. */
export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
  /**
   * Paths inside `args` (e.g. "points.0.1") where the model wrote a float literal such as
   * `500.0`: Python would echo it as a float in the history, JavaScript cannot tell.
   */
  floats?: string[];
}

export function isTerminalTool(name: string): name is TerminalToolName {
  return (TERMINAL_TOOLS as readonly string[]).includes(name);
}

export function isTapTool(name: string): boolean {
  return (TAP_TOOLS as readonly string[]).includes(name);
}
