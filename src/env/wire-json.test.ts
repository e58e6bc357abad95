// replyBytes splices the screenshot's base64 into the reply's JSON bytes: the result parses to
// the same reply, whatever else the reply holds (non-ASCII text, strings that look like the
// placeholder, no screenshot at all).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { enveloped, recyclable, replyBytes, ReplyPool } from './wire-json';
import type { StepReply } from './messages';

function reply(goal: string, data: string | null, extra: Record<string, unknown> = {}): StepReply {
  return {
    observation: {
      goal, step: 2, max_steps: 12, episode_id: 'e', task_id: 't', instance_id: 'i',
      screenshot: data === null ? null : { format: 'jpeg', width: 1080, height: 2400, data },
      foreground_app: null, last_step: null, done_reason: null, safety_violations: [], ...extra,
    },
    reward: 0, done: false,
  };
}

test('replyBytes: the same reply as JSON.stringify, as UTF-8 bytes', () => {
  const b64 = randomBytes(200_000).toString('base64');
  for (const r of [
    reply('Create a note "Buy oat milk"', b64),
    reply('新建一条笔记：买燕麦奶 — café', b64, { ui_tree: '<hierarchy text="\u0000abc"/>', messages: [{ role: 'user', content: '\\u0000 "quoted" \u2028' }] }),
    reply('no screen', null),
    reply('small screen', 'AAAA'),
  ]) {
    const bytes = replyBytes(r);
    assert.deepEqual(JSON.parse(bytes.toString('utf8')), r);
    assert.deepEqual(bytes, Buffer.from(JSON.stringify(r)));
  }
});

test('enveloped: the envelope written into the room around the reply, the same bytes as concatenating them', () => {
  const b64 = randomBytes(100_000).toString('base64');
  for (const r of [reply('Create a note', b64), reply('小屏', 'AAAA'), reply('no screen', null)]) {
    const json = replyBytes(r);
    const text = JSON.stringify(r);
    const observation = enveloped('{"type":"observation","data":', replyBytes(r));
    assert.equal(observation.toString('utf8'), `{"type":"observation","data":${text}}`);
    const id = 'f'.repeat(64);
    const fork = enveloped(`{"type":"fork","data":{"session_id":"${id}",`, json.subarray(1));
    assert.equal(fork.buffer, json.buffer, 'a fork\'s longest head fits the room');
    assert.deepEqual(JSON.parse(fork.toString('utf8')), { type: 'fork', data: { session_id: id, ...r } });
  }
  // Bytes without room (any other Buffer) are concatenated.
  const plain = Buffer.from('{"a":1}');
  assert.equal(enveloped('[', plain, ']').toString(), '[{"a":1}]');
  assert.equal(plain.toString(), '{"a":1}');
});

test('replyBytes with a ReplyPool: a sent reply\'s buffer is written again by the next one, bytes as JSON.stringify\'s', () => {
  const pool = new ReplyPool();
  const first = replyBytes(reply('one', randomBytes(150_000).toString('base64')), pool);
  pool.give(first.buffer as ArrayBuffer);
  const r = reply('two', randomBytes(150_000).toString('base64'));
  const second = replyBytes(r, pool);
  assert.equal(second.buffer, first.buffer);
  assert.deepEqual(JSON.parse(second.toString('utf8')), r);
  assert.deepEqual(JSON.parse(enveloped('{"type":"observation","data":', second).toString('utf8')), { type: 'observation', data: r });
  // A larger reply than the spare holds gets a new buffer; a buffer no pool made is never kept.
  assert.notEqual(replyBytes(reply('big', randomBytes(400_000).toString('base64')), pool).buffer, first.buffer);
  pool.give(Buffer.from('small').buffer as ArrayBuffer);
  assert.equal(recyclable(Buffer.from('small').buffer as ArrayBuffer), false);
});
