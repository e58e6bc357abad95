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
export function replyBytes(reply: StepReply): Buffer {
  const data = reply.observation.screenshot?.data;
  if (!data || data.length < SPLICE_FROM) return roomy([Buffer.from(JSON.stringify(reply))]);
  // A placeholder no other string of the reply can hold (it is random each time).
  const mark = `\u0000${randomBytes(12).toString('hex')}`;
  const text = JSON.stringify({ ...reply, observation: { ...reply.observation, screenshot: { ...reply.observation.screenshot!, data: mark } } });
  const quoted = JSON.stringify(mark).slice(1, -1);
  const at = text.indexOf(quoted);
  if (at < 0) return roomy([Buffer.from(JSON.stringify(reply))]);
  return roomy([Buffer.from(text.slice(0, at)), data, Buffer.from(text.slice(at + quoted.length))]);
}

/** Parts (bytes, or ASCII text written as latin1: one byte a character) laid end to end, with the room around them. */
function roomy(parts: (Buffer | string)[]): Buffer {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const all = Buffer.allocUnsafeSlow(HEAD_ROOM + length + TAIL_ROOM);
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
