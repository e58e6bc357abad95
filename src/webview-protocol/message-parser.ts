// The parser both ends of every webview use: a table of message shapes (type → fields) in, a
// function out that validates one received message with the shared kit (src/protocol/
// validate.ts) and tells a malformed message from one whose type it does not speak.
// No Node or vscode imports: this file is bundled into the browser.
import { ProtocolError, obj, parse, str, type Entries, type ObjectOf } from '../protocol/validate';

export type Shapes = Record<string, Entries>;
/** The union of messages a shape table describes, each with its literal `type`. */
export type MessageOf<M extends Shapes> = { [K in keyof M]: { type: K } & ObjectOf<M[K]> }[keyof M];

export type ParseResult<M> =
  | { ok: true; message: M }
  /** `unknownType` is set when the shape was fine but the type is not one we speak. */
  | { ok: false; error: string; unknownType?: string };

/** `side` names the sender in errors: "invalid panel message: tap.x: …". */
export function messageParser<M extends Shapes>(shapes: M, side: string): (raw: unknown) => ParseResult<MessageOf<M>> {
  const checks = Object.fromEntries(Object.entries(shapes).map(([t, shape]) => [t, obj({ ...shape, type: str() })]));
  return (raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      return { ok: false, error: `${side} message must be an object, got ${raw === null ? 'null' : typeof raw}` };
    }
    const type = (raw as { type?: unknown }).type;
    if (typeof type !== 'string') return { ok: false, error: `${side} message has no string "type"` };
    if (!Object.hasOwn(checks, type)) {
      return { ok: false, error: `unknown ${side} message type ${JSON.stringify(type.slice(0, 60))}`, unknownType: type.slice(0, 60) };
    }
    try {
      return { ok: true, message: parse(checks[type], raw, type) as MessageOf<M> };
    } catch (e) {
      if (e instanceof ProtocolError) return { ok: false, error: `invalid ${side} message: ${e.message}` };
      throw e;
    }
  };
}

/**
 * A typed builder for one side's messages: `send('frame', { … })` checks the body against the
 * message of that type without repeating the `type` literal's shape at every call site.
 */
export function messageBuilder<M extends { type: string }>() {
  return <T extends M['type']>(type: T, body: Omit<Extract<M, { type: T }>, 'type'>): M => ({ type, ...body }) as unknown as M;
}
