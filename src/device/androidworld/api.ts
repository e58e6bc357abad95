// The AndroidWorld FastAPI server's HTTP API as the reference runner uses it, declared once
// for both our client and our server: the JSONAction request body and the response bodies,
// as schemas of the shared validation kit (src/protocol/validate.ts).
import { arr, check, looseObj, nullish, num, obj, oneOf, optional, shaped, str, bool, type Infer } from '../../protocol/validate';

export const AW_ACTION_TYPES = [
  'click', 'double_tap', 'scroll', 'swipe', 'input_text', 'navigate_home', 'navigate_back',
  'keyboard_enter', 'open_app', 'status', 'wait', 'long_press', 'answer', 'unknown',
] as const;
export type AwActionType = (typeof AW_ACTION_TYPES)[number];

export const AW_DIRECTIONS = ['up', 'down', 'left', 'right'] as const;

const field = str({ max: 100_000 });
/**
 * JSONAction as the server accepts it: every field but action_type may be null (Python's None).
 * x2, y2, duration: the reference's patched server for literal swipes.
 */
const jsonAction = obj({
  action_type: oneOf(AW_ACTION_TYPES),
  index: nullish(num()),
  x: nullish(num()),
  y: nullish(num()),
  x2: nullish(num()),
  y2: nullish(num()),
  duration: nullish(num()),
  text: nullish(field),
  direction: nullish(oneOf(AW_DIRECTIONS)),
  goal_status: nullish(field),
  app_name: nullish(field),
  keycode: nullish(field),
  clear_text: nullish(bool),
});
type JsonAction = Infer<typeof jsonAction>;
/** A JSONAction with its nulls dropped: what our client sends and our server executes. */
export type AwAction = { [K in keyof JsonAction]: Exclude<JsonAction[K], null> };

/** Validates a JSONAction body like the server does; returns the problem (naming the field) or the action. */
export function validateAwAction(body: unknown): { ok: true; action: AwAction } | { ok: false; error: string } {
  const r = check(jsonAction, body, 'JSONAction');
  if (!r.ok) return { ok: false, error: r.error };
  return { ok: true, action: Object.fromEntries(Object.entries(r.value).filter(([, x]) => x !== null && x !== undefined)) as AwAction };
}

// ---- response bodies (checked by our client on receipt) -----------------------------------

export const awResponses = {
  taskList: looseObj({ task_list: arr(str({ max: 4096 }), { max: 1_000_000 }) }),
  score: looseObj({ score: num() }),
  goal: looseObj({ goal: str({ max: 1_000_000 }) }),
  /** Status answers (reset, execute_action, initialize, …): only their message is ever read. */
  status: looseObj({ status: optional(str()), message: optional(str({ max: 1_000_000 })) }),
  /**
   * /screenshot as JSON: the reference's rows of [r,g,b] pixels (shape checked here, the
   * values as they are unpacked: a full schema would walk millions of numbers), or base64.
   */
  screenshot: looseObj({
    pixels: optional(shaped<number[][][]>((x) => Array.isArray(x) && x.every(Array.isArray), 'rows of [r, g, b] pixels')),
    image_base64: optional(str({ max: 200_000_000 })),
  }),
} as const;
export type AwScreenshotJson = Infer<typeof awResponses.screenshot>;
