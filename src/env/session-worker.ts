// Session thread entry for `phonebuddy serve-env --threads N`: several environment sessions per
// thread, each on its own mock phone from the thread's warm pool. Calls arrive by session id;
// each session's calls run in order, different sessions' interleave. Replies carry the wire JSON
// written and UTF-8 encoded here (transferred, not copied), so the server thread only forwards bytes.
import { parentPort, workerData } from 'node:worker_threads';
import { keepReferenceFrames } from '../mockphone';
import { MockPhonePool } from '../studio/phone-pool';
import { EnvSession } from './session';
import { TaskCatalogue } from './task-catalogue';
import { codeOf, messageOf } from './errors';
import { parseAction, parseResetData, type StepReply } from './messages';
import { ReplyPool, replyBytes } from './wire-json';
import { REFERENCE_FRAMES } from './session-host';
import { checkEnvThreadInit, checkToEnvThread, type FromEnvThread, type ToEnvThread } from './thread-messages';

function main(): void {
  const port = parentPort;
  if (!port) throw new Error('session-worker must run in a worker thread');
  const send = (m: FromEnvThread, transfer?: ArrayBuffer[]): void => port.postMessage(m, transfer);
  let init;
  try {
    init = checkEnvThreadInit(workerData);
  } catch (e) {
    send({ type: 'fatal', message: messageOf(e) });
    return;
  }
  // Replies are written into buffers the server hands back once it has sent them.
  const pool = new ReplyPool();
  const sendJson = (id: number, value: StepReply, state: Record<string, unknown>): void => {
    const bytes = replyBytes(value, pool);
    // The bytes own their ArrayBuffer (with the envelope's room around them): transferred, not copied.
    const json = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    send({ type: 'reply', id, json, state }, [json.buffer as ArrayBuffer]);
  };
  const tasks = new TaskCatalogue(init.paths, init.seed, init.appsDir);
  // Resets redraw the same first screens again and again: their JPEG stripes are reused.
  keepReferenceFrames(REFERENCE_FRAMES);
  const phones = new MockPhonePool(init.appsDir);
  const options = { trapPenalty: init.trapPenalty, maxConsecutiveErrors: init.maxConsecutiveErrors, trusted: init.trusted, phones };
  const sessions = new Map<string, { session: EnvSession; queue: Promise<void> }>();
  const entry = (id: string): { session: EnvSession; queue: Promise<void> } => {
    let e = sessions.get(id);
    if (!e) sessions.set(id, e = { session: new EnvSession(tasks, options, id), queue: Promise.resolve() });
    return e;
  };

  async function handle(m: Exclude<ToEnvThread, { type: 'stop' }>, session: EnvSession): Promise<void> {
    try {
      switch (m.type) {
        case 'reset': return sendJson(m.id, await session.reset(parseResetData(m.data)), session.state());
        case 'step': return sendJson(m.id, await session.step(parseAction(m.data)), session.state());
        case 'fork': {
          const child = entry(m.child).session;
          const reply = await session.forkInto(child, m.episode_id);
          // The child's state goes with the reply; the parent's is unchanged by a fork.
          return sendJson(m.id, reply, child.state());
        }
        case 'screenshot': {
          const phone = session.phone;
          if (!phone) return send({ type: 'reply', id: m.id, state: session.state() });
          const shot = await phone.screenshot(m.format === 'png' ? { format: 'png' } : { format: 'jpeg', quality: m.quality ?? 90 });
          // A copy: the phone keeps its cached screenshot's buffer.
          const image = new Uint8Array(shot.data);
          return send({ type: 'reply', id: m.id, image }, [image.buffer as ArrayBuffer]);
        }
        case 'ui': {
          const xml = await session.phone?.uiTree();
          if (xml === undefined) return send({ type: 'reply', id: m.id });
          const json = new Uint8Array(Buffer.from(xml));
          return send({ type: 'reply', id: m.id, json }, [json.buffer as ArrayBuffer]);
        }
        case 'close':
          sessions.delete(session.id);
          await session.close();
          return send({ type: 'reply', id: m.id });
      }
    } catch (e) {
      send({ type: 'failed', id: m.id, code: codeOf(e), message: messageOf(e), state: session.state() });
    }
  }

  port.on('message', (raw: unknown) => {
    let m: ToEnvThread;
    try {
      m = checkToEnvThread(raw);
    } catch (e) {
      send({ type: 'fatal', message: messageOf(e) });
      return;
    }
    if (m.type === 'stop') {
      void Promise.all([...sessions.values()].map((e) => e.queue.then(() => e.session.close()))).then(() => phones.close()).finally(() => port.close());
      return;
    }
    const msg = m;
    if ('spare' in msg) for (const b of msg.spare ?? []) pool.give(b.buffer as ArrayBuffer);
    // A screenshot for the mirror does not wait behind the session's step; everything else runs in order.
    if (msg.type === 'screenshot' || msg.type === 'ui') {
      const e = sessions.get(msg.session);
      if (!e) return send({ type: 'failed', id: msg.id, code: 'SESSION_ERROR', message: `no live session ${msg.session}` });
      void handle(msg, e.session);
      return;
    }
    const e = entry(msg.session);
    e.queue = e.queue.then(() => handle(msg, e.session));
  });
  // Load the tasks before saying ready, so the first reset does not pay for it.
  tasks.all().then((all) => send({ type: 'ready', tasks: all.length }), (e: unknown) => send({ type: 'fatal', message: messageOf(e) }));
}

main();
