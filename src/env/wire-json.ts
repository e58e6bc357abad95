// A StepReply as the UTF-8 JSON bytes sent on the wire, without turning the screenshot's
// ~300 KiB of base64 into UTF-8 through a JS string: JSON.stringify of the whole reply and
// Buffer.from of the result took 2–4 ms a step (a goal in Chinese makes the whole JSON string
// two-byte), against ~0.1 ms here. The reply is stringified with a placeholder for the image,
// and the base64 (ASCII, so its bytes are its characters) is spliced in between the two halves.
import { randomBytes } from 'node:crypto';
import type { StepReply } from './messages';

/** Below this, splicing saves nothing worth the code path. */
const SPLICE_FROM = 4096;

export function replyBytes(reply: StepReply): Buffer {
  const data = reply.observation.screenshot?.data;
  if (!data || data.length < SPLICE_FROM) return Buffer.from(JSON.stringify(reply));
  // A placeholder no other string of the reply can hold (it is random each time).
  const mark = `\u0000${randomBytes(12).toString('hex')}`;
  const text = JSON.stringify({ ...reply, observation: { ...reply.observation, screenshot: { ...reply.observation.screenshot!, data: mark } } });
  const quoted = JSON.stringify(mark).slice(1, -1);
  const at = text.indexOf(quoted);
  if (at < 0) return Buffer.from(JSON.stringify(reply));
  return Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from(data, 'latin1'), Buffer.from(text.slice(at + quoted.length))]);
}
