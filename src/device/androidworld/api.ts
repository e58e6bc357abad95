// The AndroidWorld FastAPI server's HTTP API as the reference runner uses it, declared once
// for both our client and our server: endpoints, the JSONAction schema and its validation.

export const AW_ACTION_TYPES = [
  'click', 'double_tap', 'scroll', 'swipe', 'input_text', 'navigate_home', 'navigate_back',
  'keyboard_enter', 'open_app', 'status', 'wait', 'long_press', 'answer', 'unknown',
] as const;
export type AwActionType = (typeof AW_ACTION_TYPES)[number];

/** JSONAction fields (x2, y2, duration: the reference's patched server for literal swipes). */
export const AW_ACTION_FIELDS = [
  'action_type', 'index', 'x', 'y', 'x2', 'y2', 'duration', 'text', 'direction', 'goal_status',
  'app_name', 'keycode', 'clear_text',
] as const;

export interface AwAction {
  action_type: AwActionType;
  index?: number;
  x?: number;
  y?: number;
  x2?: number;
  y2?: number;
  duration?: number;
  text?: string;
  direction?: 'up' | 'down' | 'left' | 'right';
  goal_status?: string;
  app_name?: string;
  keycode?: string;
  clear_text?: boolean;
}

export const AW_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;

/** Validates a JSONAction body like the server does; returns the problem or the action. */
export function validateAwAction(body: unknown): { ok: true; action: AwAction } | { ok: false; error: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, error: 'body must be a JSON object (a JSONAction)' };
  const b = body as Record<string, unknown>;
  for (const k of Object.keys(b)) {
    if (!(AW_ACTION_FIELDS as readonly string[]).includes(k)) return { ok: false, error: `unknown JSONAction field '${k}'` };
  }
  if (!(AW_ACTION_TYPES as readonly unknown[]).includes(b.action_type)) {
    return { ok: false, error: `action_type must be one of ${AW_ACTION_TYPES.join(', ')}, got ${JSON.stringify(b.action_type)}` };
  }
  for (const k of ['index', 'x', 'y', 'x2', 'y2', 'duration'] as const) {
    if (b[k] !== undefined && b[k] !== null && (typeof b[k] !== 'number' || !Number.isFinite(b[k]))) return { ok: false, error: `${k} must be a number, got ${JSON.stringify(b[k])}` };
  }
  for (const k of ['text', 'goal_status', 'app_name', 'keycode'] as const) {
    if (b[k] !== undefined && b[k] !== null && typeof b[k] !== 'string') return { ok: false, error: `${k} must be a string, got ${JSON.stringify(b[k])}` };
  }
  if (b.direction !== undefined && b.direction !== null && !(AW_DIRECTIONS as readonly unknown[]).includes(b.direction)) {
    return { ok: false, error: `direction must be one of up, down, left, right, got ${JSON.stringify(b.direction)}` };
  }
  if (b.clear_text !== undefined && b.clear_text !== null && typeof b.clear_text !== 'boolean') return { ok: false, error: 'clear_text must be a boolean' };
  const clean = Object.fromEntries(Object.entries(b).filter(([, v]) => v !== null)) as unknown as AwAction;
  return { ok: true, action: clean };
}
