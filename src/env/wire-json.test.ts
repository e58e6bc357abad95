// replyBytes splices the screenshot's base64 into the reply's JSON bytes: the result parses to
// the same reply, whatever else the reply holds (non-ASCII text, strings that look like the
// placeholder, no screenshot at all).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { replyBytes } from './wire-json';
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
