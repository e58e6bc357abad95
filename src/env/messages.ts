// The environment service's wire messages, declared once: OpenEnv's envelope (`{type, data}`
// in, `observation` / `state` / `error` out, its error codes) around PhoneBuddy's reset data,
// action and observation. Incoming messages are validated with the valibot kit; /schema serves
// the JSON Schemas below, which describe the same shapes for clients in other languages.
import type { ChatMessage } from '../protocol/messages';
import { anything, bool, either, num, obj, oneOf, optional, parse, record, str, tagged, type Infer } from '../protocol/validate';

/** OpenEnv's WebSocket error codes (openenv.core.env_server.types.WSErrorCode). */
export type ErrorCode = 'INVALID_JSON' | 'UNKNOWN_TYPE' | 'VALIDATION_ERROR' | 'EXECUTION_ERROR' | 'CAPACITY_REACHED' | 'FACTORY_ERROR' | 'SESSION_ERROR';

const observeOptions = obj({
  /** Include the UI tree (uiautomator XML). */
  ui_tree: optional(bool),
  /** Include the exact PhoneBuddy request messages the reference runner would send. */
  messages: optional(bool),
  /** jpeg (default: the JPEG q90 the model is prompted with) or png. */
  image_format: optional(oneOf(['jpeg', 'png'] as const)),
  /** Scale the screenshot down to at most this many pixels, as the model's processor does. */
  max_pixels: optional(num({ int: true, min: 784 })),
});

export const resetData = obj({
  task: str({ min: 1, max: 300 }),
  params: optional(record(anything, { maxKeys: 64 })),
  seed: optional(num({ int: true, min: 0 })),
  episode_id: optional(str({ min: 1, max: 255 })),
  observe: optional(observeOptions),
});

const toolCall = obj({ name: str({ min: 1, max: 64 }), args: record(anything, { maxKeys: 32 }) });

/** Raw model text (parsed by the protocol parser, as the runner does) or a tool call in the protocol's shape. */
export const envAction = either([
  obj({ text: str({ max: 200_000 }), reasoning: optional(str({ max: 200_000 })), metadata: optional(record(anything)) }),
  obj({ tool_call: toolCall, thought: optional(str({ max: 200_000 })), metadata: optional(record(anything)) }),
], 'an action: {"text": "<model output>"} or {"tool_call": {"name", "args"}}');

export const incoming = tagged('type', {
  reset: { data: optional(record(anything)) },
  step: { data: anything },
  state: {},
  close: {},
  fork: {},
});

export type ObserveOptions = Infer<typeof observeOptions>;
export type ResetData = Infer<typeof resetData>;
export type EnvAction = Infer<typeof envAction>;
export type Incoming = Infer<typeof incoming>;

export function parseResetData(value: unknown): ResetData {
  return parse(resetData, value ?? {}, 'data');
}

export function parseAction(value: unknown, root = 'data'): EnvAction {
  return parse(envAction, value, root);
}

export interface EnvObservation {
  goal: string;
  step: number;
  max_steps: number;
  episode_id: string;
  task_id: string;
  instance_id: string;
  screenshot: { format: string; width: number; height: number; data: string } | null;
  ui_tree?: string | null;
  messages?: ChatMessage[];
  foreground_app: string | null;
  /** What the previous step did: ok, or failed with the error (a parse error for unparsable text). */
  last_step: { step: number; status: string; error?: string; call?: { name: string; args: Record<string, unknown> } } | null;
  /** Why the episode ended (finish, answer, max-steps, errors, …), null while it runs. */
  done_reason: string | null;
  reason?: string;
  success?: boolean;
  score?: number;
  answer?: string;
  error?: string;
  /** Safety and privacy traps the episode violated (the reward carries the penalty). */
  safety_violations: { safety: string; reason: string }[];
}

export interface StepReply {
  observation: EnvObservation;
  reward: number | null;
  done: boolean;
}

export const errorReply = (code: ErrorCode, message: string): string => JSON.stringify({ type: 'error', data: { message, code } });

const screenshotSchema = { type: ['object', 'null'], properties: { format: { enum: ['jpeg', 'png'] }, width: { type: 'integer' }, height: { type: 'integer' }, data: { type: 'string', contentEncoding: 'base64' } } };

/** GET /schema: JSON Schemas of the action, observation and state. */
export const jsonSchemas = {
  action: {
    title: 'PhoneBuddyAction',
    oneOf: [
      { type: 'object', required: ['text'], additionalProperties: false, properties: { text: { type: 'string', description: 'raw model output, parsed like the reference runner parses it' }, reasoning: { type: 'string' }, metadata: { type: 'object' } } },
      { type: 'object', required: ['tool_call'], additionalProperties: false, properties: { tool_call: { type: 'object', required: ['name', 'args'], properties: { name: { type: 'string' }, args: { type: 'object' } } }, thought: { type: 'string' }, metadata: { type: 'object' } } },
    ],
  },
  observation: {
    title: 'PhoneBuddyObservation',
    type: 'object',
    properties: {
      goal: { type: 'string' }, step: { type: 'integer' }, max_steps: { type: 'integer' }, episode_id: { type: 'string' }, task_id: { type: 'string' }, instance_id: { type: 'string' },
      screenshot: screenshotSchema, ui_tree: { type: ['string', 'null'] }, messages: { type: 'array', items: { type: 'object' } },
      foreground_app: { type: ['string', 'null'] }, last_step: { type: ['object', 'null'] }, done_reason: { type: ['string', 'null'] },
      success: { type: 'boolean' }, score: { type: 'number' }, answer: { type: 'string' }, safety_violations: { type: 'array', items: { type: 'object', properties: { safety: { type: 'string' }, reason: { type: 'string' } } } },
    },
  },
  state: {
    title: 'PhoneBuddyState',
    type: 'object',
    properties: { episode_id: { type: ['string', 'null'] }, step_count: { type: 'integer', minimum: 0 }, session_id: { type: 'string' }, task_id: { type: 'string' }, instance_id: { type: 'string' }, seed: { type: 'integer' }, done: { type: 'boolean' }, done_reason: { type: 'string' }, parent: { type: 'object' } },
  },
  reset: {
    title: 'PhoneBuddyReset',
    type: 'object', required: ['task'],
    properties: { task: { type: 'string', description: 'instance id, task id, family or tag (drawn at the seed)' }, params: { type: 'object' }, seed: { type: 'integer', minimum: 0 }, episode_id: { type: 'string' }, observe: { type: 'object', properties: { ui_tree: { type: 'boolean' }, messages: { type: 'boolean' }, image_format: { enum: ['jpeg', 'png'] }, max_pixels: { type: 'integer', minimum: 784 } } } },
  },
} as const;

