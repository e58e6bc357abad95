// A StepReply as the UTF-8 JSON bytes sent on the wire, without turning the screenshot's
// ~300 KiB of base64 into UTF-8 through a JS string: JSON.stringify of the whole reply and
// Buffer.from of the result took 2–4 ms a step (a goal in Chinese makes the whole JSON string
// two-byte), against ~0.1 ms here. The reply is stringified with a placeholder for the image,
// and the base64 (ASCII, so its bytes are its characters) is written in between the two halves.
//
// The bytes are written once, into one buffer with room left before and after them for the
// envelope the server wraps them in (`{"type":"observation","data":` … `}`): the server writes
// the envelope into that room (`enveloped`) instead of copying the ~300 KiB into a new buffer.
import { randomBytes } from 'node:crypto';
import type { StepReply } from './messages';

/** Below this, splicing saves nothing worth the code path. */
const SPLICE_FROM = 4096;

/** Room kept before the reply's bytes: the longest envelope head (a fork's, with its session id of ≤ 64 characters). */
export const HEAD_ROOM = 128;
/** Room kept after them: the envelope's closing brace. */
const TAIL_ROOM = 1;

/**
 * The reply's UTF-8 JSON, byte for byte JSON.stringify's. The returned Buffer is a view on an
 * ArrayBuffer of its own, with HEAD_ROOM bytes free before it and one after (for `enveloped`).
 */
export function replyBytes(reply: StepReply, pool?: ReplyPool): Buffer {
  const data = reply.observation.screenshot?.data;
  if (!data || data.length < SPLICE_FROM) return roomy([Buffer.from(JSON.stringify(reply))], pool);
  // A placeholder no other string of the reply can hold (it is random each time).
  const mark = `\u0000${randomBytes(12).toString('hex')}`;
  const text = JSON.stringify({ ...reply, observation: { ...reply.observation, screenshot: { ...reply.observation.screenshot!, data: mark } } });
  const quoted = JSON.stringify(mark).slice(1, -1);
  const at = text.indexOf(quoted);
  if (at < 0) return roomy([Buffer.from(JSON.stringify(reply))], pool);
  return roomy([Buffer.from(text.slice(0, at)), data, Buffer.from(text.slice(at + quoted.length))], pool);
}

/**
 * Reply buffers written again once the server has sent them. A fresh ~300 KiB buffer a step,
 * made on a session thread and freed on the server's, cost both threads more than the bytes:
 * each one is new external memory to V8 (the server thread's heap ran a full mark-compact
 * every couple of hundred steps for them) and a new allocation the kernel faults in. The
 * server hands a sent reply's buffer back with the session's next call (session-threads.ts).
 */
/** Reply buffers are whole multiples of this: what `recyclable` tells apart from any other (Node's shared 8 KiB slab above all, which must never be handed on). */
const POOL_UNIT = 65536;

/** Whether `b` is a buffer a ReplyPool made (a reply written elsewhere, e.g. concatenated, is left to the GC). */
export const recyclable = (b: ArrayBuffer): boolean => b.byteLength >= POOL_UNIT && b.byteLength % POOL_UNIT === 0;

export class ReplyPool {
  private readonly spare: ArrayBuffer[] = [];
  constructor(private readonly keep = 4) {}

  /** An ArrayBuffer of at least `size` bytes: a spare one, else a new one with room for a somewhat larger reply next time. */
  take(size: number): ArrayBuffer {
    const i = this.spare.findIndex((b) => b.byteLength >= size);
    if (i >= 0) return this.spare.splice(i, 1)[0];
    return Buffer.allocUnsafeSlow(Math.ceil((size * 1.25) / POOL_UNIT) * POOL_UNIT).buffer as ArrayBuffer;
  }

  /** A buffer nothing reads any more (its reply was sent); kept if there is room. */
  give(b: ArrayBuffer): void {
    if (this.spare.length < this.keep && recyclable(b) && !this.spare.includes(b)) this.spare.push(b);
  }
}

/** Parts (bytes, or ASCII text written as latin1: one byte a character) laid end to end, with the room around them. */
function roomy(parts: (Buffer | string)[], pool?: ReplyPool): Buffer {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const size = HEAD_ROOM + length + TAIL_ROOM;
  const all = pool ? Buffer.from(pool.take(size), 0, size) : Buffer.allocUnsafeSlow(size);
  let at = HEAD_ROOM;
  for (const p of parts) at += typeof p === 'string' ? all.write(p, at, 'latin1') : p.copy(all, at);
  return all.subarray(HEAD_ROOM, at);
}

/**
 * `head` + json + `tail` as one Buffer: written into the room replyBytes left around `json`
 * when it is there (no copy of the reply), else concatenated. `json` is used up: its room is
 * written over, so it must not be sent twice.
 */
export function enveloped(head: string, json: Buffer, tail = '}'): Buffer {
  const h = Buffer.byteLength(head);
  const t = Buffer.byteLength(tail);
  const end = json.byteOffset + json.length;
  if (json.byteOffset < h || end + t > json.buffer.byteLength) return Buffer.concat([Buffer.from(head), json, Buffer.from(tail)]);
  const out = Buffer.from(json.buffer, json.byteOffset - h, h + json.length + t);
  out.write(head, 0, 'utf8');
  out.write(tail, h + json.length, 'utf8');
  return out;
}
