import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { RecordingDevice } from '../device/testing/recording-device';
import { FrameStreamer, type EncodedFrame } from './frame-streamer';

function setup(source: 'push' | 'poll', extra: Partial<ConstructorParameters<typeof FrameStreamer>[3]> = {}) {
  const device = new RecordingDevice();
  const frames: EncodedFrame[] = [];
  const errors: unknown[] = [];
  const s = new FrameStreamer(device, (f) => frames.push(f), (e) => errors.push(e), { source, ...extra });
  return { device, frames, errors, s };
}

test('push: sends the current screen on start, then nothing while the screen is still', async () => {
  const { device, frames, s } = setup('push');
  s.start();
  await sleep(20);
  assert.equal(frames.length, 1);
  s.ack(frames[0].seq);
  await sleep(30);
  assert.equal(frames.length, 1, 'no polling');
  assert.equal(device.screenshots, 1);
  s.stop();
});

test('push: a burst of changes while a frame is in flight becomes one frame after the ack', async () => {
  const { device, frames, s } = setup('push');
  s.start();
  await sleep(10);
  for (let i = 0; i < 20; i++) device.emit({ type: 'changed' });
  await sleep(20);
  assert.equal(frames.length, 1, 'backpressure: nothing sent before the ack');
  s.ack(frames[0].seq);
  await sleep(20);
  assert.equal(frames.length, 2);
  assert.equal(device.screenshots, 2, 'twenty changes, one capture');
  assert.ok(s.stats.coalesced >= 19);
  s.stop();
});

test('stale and duplicate acks are ignored', async () => {
  const { device, frames, s } = setup('push');
  s.start();
  await sleep(10);
  device.emit({ type: 'changed' });
  s.ack(999);
  await sleep(15);
  assert.equal(frames.length, 1);
  s.ack(frames[0].seq);
  s.ack(frames[0].seq);
  await sleep(15);
  assert.equal(frames.length, 2);
  assert.equal(s.stats.acked, 1);
  s.stop();
});

test('stop unsubscribes and stops capturing (hidden panels do not stream)', async () => {
  const { device, frames, s } = setup('push');
  s.start();
  await sleep(10);
  s.ack(frames[0].seq);
  s.stop();
  assert.equal(device.listenerCount, 0);
  device.emit({ type: 'changed' });
  await sleep(15);
  assert.equal(frames.length, 1);
  s.start();
  await sleep(10);
  assert.equal(frames.length, 2, 'shown again: the current screen is sent at once');
  s.stop();
});

test('frames carry the input sequence applied before the capture', async () => {
  const { device, frames, s } = setup('push');
  s.start();
  await sleep(10);
  s.ack(frames[0].seq);
  assert.equal(frames[0].inputSeq, -1);
  device.emit({ type: 'changed' });
  s.noteInputApplied(7); // the input's promise resolves in the same tick as its change
  await sleep(15);
  assert.equal(frames[1].inputSeq, 7);
  s.stop();
});

test('poll: captures again after each ack, no faster than the interval', async () => {
  const { frames, s } = setup('poll', { pollIntervalMs: 25 });
  s.start();
  const t0 = Date.now();
  for (let i = 0; i < 4; i++) {
    while (frames.length <= i) await sleep(2);
    s.ack(frames[i].seq);
  }
  const elapsed = Date.now() - t0;
  s.stop();
  assert.ok(elapsed >= 70, `4 frames at >= 25 ms apart took ${elapsed} ms`);
});

test('a lost ack times out and the current screen is sent again', async (t) => {
  const { frames, s } = setup('push', { ackTimeoutMs: 20 });
  t.after(() => s.stop()); // a failed assertion must not leave the streamer holding the file open
  s.start();
  // Waits for the resend (20 ms on an idle machine, later on a busy one), not a fixed time.
  for (let i = 0; i < 500 && frames.length < 2; i++) await sleep(10);
  assert.ok(frames.length >= 2, `resent after the timeout (${frames.length})`);
  s.stop();
});

test('capture failures are reported and retried with backoff, not in a tight loop', async (t) => {
  const { device, errors, frames, s } = setup('push', { errorBackoffMs: 40 });
  t.after(() => s.stop());
  device.failScreenshots = true;
  const started = performance.now();
  s.start();
  await sleep(60);
  for (let i = 0; i < 500 && errors.length < 1; i++) await sleep(10);
  // With a 40 ms backoff, at most one retry per 40 ms since the start (plus the first try).
  const elapsed = performance.now() - started;
  assert.ok(errors.length >= 1 && errors.length <= Math.floor(elapsed / 40) + 1, `errors: ${errors.length} in ${elapsed.toFixed(0)} ms`);
  device.failScreenshots = false;
  for (let i = 0; i < 500 && frames.length < 1; i++) await sleep(10);
  assert.equal(frames.length, 1, 'recovers when the device does');
  s.stop();
});

test('push: capture overlaps the flight, one frame ahead at most; the ack releases it and the latest change follows', async () => {
  const { device, frames, s } = setup('push');
  s.start();
  await sleep(10);
  device.emit({ type: 'changed' });
  await sleep(15);
  assert.equal(device.screenshots, 2, 'captured while frame 1 is in flight');
  assert.equal(frames.length, 1);
  device.emit({ type: 'changed' });
  device.emit({ type: 'changed' });
  await sleep(15);
  assert.equal(device.screenshots, 2, 'no second capture ahead: nothing is captured only to be dropped');
  s.ack(frames[0].seq);
  assert.equal(frames.length, 2);
  assert.equal(frames[1].data.toString(), 'frame-2');
  await sleep(15);
  assert.equal(device.screenshots, 3, 'the changes since are captured after the ready frame left');
  s.ack(frames[1].seq);
  assert.equal(frames.length, 3);
  assert.equal(frames[2].data.toString(), 'frame-3');
  s.stop();
});

test('frames are scaled when a target width is given, and keep announcing the device size', async () => {
  const { frames, s, device } = setup('push', {
    targetWidth: (screen) => (screen.width > 500 ? 500 : undefined),
    scale: async (data, width) => Buffer.from(`${data.toString()}@${width}`),
  });
  s.start();
  await sleep(10);
  assert.equal(frames[0].data.toString(), 'frame-1@500');
  assert.equal(frames[0].width, 1080, 'the device size, for coordinates');
  assert.equal(s.stats.scaled, 1);
  s.ack(frames[0].seq);
  device.screen = { width: 400, height: 800, density: 160 };
  device.emit({ type: 'changed' });
  await sleep(15);
  assert.equal(frames[1].data.toString(), 'frame-2', 'small screens are sent as captured');
  s.stop();
});

test('poll: an unchanged screen is not sent again; a changed one is', async () => {
  const { device, frames, s } = setup('poll', { pollIntervalMs: 5 });
  device.fixedFrame = 'still';
  s.start();
  await sleep(15);
  assert.equal(frames.length, 1);
  s.ack(frames[0].seq);
  await sleep(40);
  assert.equal(frames.length, 1, 'identical captures are not sent');
  assert.ok(s.stats.unchanged >= 2, `unchanged ${s.stats.unchanged}`);
  s.noteInputApplied(4);
  await sleep(20);
  assert.equal(frames.length, 2, 'an input that changed nothing visible is still confirmed once');
  assert.equal(frames[1].inputSeq, 4);
  s.ack(frames[1].seq);
  device.fixedFrame = 'moved';
  await sleep(20);
  assert.equal(frames.length, 3);
  assert.equal(frames[2].data.toString(), 'moved');
  s.stop();
});

test('panel-size frames (mock phone): a whole frame, then tiles on it; an unchanged screen sends nothing unless an input waits', async (t) => {
  const { createMockPhone } = await import('../mockphone');
  const { parseUiTree } = await import('../mockphone/testing');
  const phone = await createMockPhone({ seed: 1 });
  // A failed assertion must not leave the phone and the streamer holding the file open.
  t.after(() => phone.close());
  await phone.openApp('com.phonebuddy.messages');
  for (const id of ['conversation', 'compose_message_text']) {
    const n = parseUiTree(await phone.uiTree()).find((x) => x.resourceId.endsWith(`:id/${id}`))!;
    await phone.tap({ x: (n.bounds[0] + n.bounds[2]) / 2, y: (n.bounds[1] + n.bounds[3]) / 2 });
  }
  const frames: EncodedFrame[] = [];
  const s = new FrameStreamer(phone, (f) => frames.push(f), (e) => assert.fail(String(e)), { source: 'push', panel: { source: phone, width: () => 500 }, ackTimeoutMs: 400 });
  t.after(() => s.stop());
  const next = async (n: number) => { for (let i = 0; i < 200 && frames.length < n; i++) await sleep(10); assert.equal(frames.length, n); return frames[n - 1]; };
  s.start();
  const first = await next(1);
  assert.equal(first.panel?.kind, 'full');
  assert.equal(first.panel?.pixelWidth, 500);
  assert.deepEqual([first.width, first.height], [1080, 2400], 'coordinates stay in device pixels');
  s.ack(first.seq);
  await phone.typeText('x');
  const typed = await next(2);
  assert.equal(typed.panel?.kind, 'tiles');
  assert.equal(typed.panel?.base, first.panel?.generation);
  assert.ok((typed.panel?.tiles?.length ?? 0) > 0);
  s.ack(typed.seq);
  await phone.tap({ x: 5, y: 5 }); // changes nothing on screen
  await sleep(60);
  assert.equal(frames.length, 2, 'nothing new to show');
  s.noteInputApplied(7);
  await phone.tap({ x: 5, y: 5 });
  const confirm = await next(3);
  assert.equal(confirm.panel?.kind, 'tiles');
  assert.deepEqual(confirm.panel?.tiles, [], 'an empty tile set confirms the input');
  assert.equal(confirm.inputSeq, 7);
  // Not acked: presumed lost, so the next frame cannot build on it and is whole.
  // The next frame waits for the ack until the timeout (400 ms, later on a busy machine), so
  // wait for the frame itself rather than a fixed time.
  await phone.typeText('y');
  for (let i = 0; i < 1000 && frames.length < 4; i++) await sleep(10);
  assert.equal(frames.length, 4, 'the frame after the lost one came');
  const after = frames[3];
  assert.equal(after.panel?.kind, 'full');
});

test('panel-size frames are pipelined: a window of tile sets in flight, each on the one before; a full window keeps one ready frame (latest wins)', async (t) => {
  const { createMockPhone } = await import('../mockphone');
  const { parseUiTree } = await import('../mockphone/testing');
  const phone = await createMockPhone({ seed: 1 });
  t.after(() => phone.close());
  await phone.openApp('com.phonebuddy.messages');
  for (const id of ['conversation', 'compose_message_text']) {
    const n = parseUiTree(await phone.uiTree()).find((x) => x.resourceId.endsWith(`:id/${id}`))!;
    await phone.tap({ x: (n.bounds[0] + n.bounds[2]) / 2, y: (n.bounds[1] + n.bounds[3]) / 2 });
  }
  const frames: EncodedFrame[] = [];
  const s = new FrameStreamer(phone, (f) => frames.push(f), (e) => assert.fail(String(e)), { source: 'push', panel: { source: phone, width: () => 400, window: () => 3 } });
  t.after(() => s.stop());
  const settle = async (n: number) => { for (let i = 0; i < 200 && frames.length < n; i++) await sleep(10); await sleep(30); };
  s.start();
  await settle(1);
  assert.equal(frames.length, 1);
  // Two key presses, nothing acked: each becomes its own tile set, building on the frame before.
  for (const c of 'hi') {
    await phone.typeText(c);
    await settle(frames.length + 1);
  }
  assert.equal(frames.length, 3, 'the window holds three frames: the first and two more');
  assert.deepEqual(s.snapshot().inFlight, frames.map((f) => f.seq));
  for (let i = 1; i < frames.length; i++) {
    assert.equal(frames[i].panel?.kind, 'tiles');
    assert.equal(frames[i].panel?.base, frames[i - 1].panel?.generation, `frame ${i} builds on frame ${i - 1}`);
  }
  // Window full: further changes are captured once into the ready slot and wait.
  for (let i = 0; i < 4; i++) await phone.typeText('ab'[i % 2]);
  await sleep(20);
  await sleep(80);
  assert.equal(frames.length, 3, 'nothing beyond the window');
  assert.equal(s.snapshot().ready, true);
  // One ack for the second frame frees two places (the webview paints in order): the ready frame goes.
  s.ack(frames[1].seq);
  await settle(4);
  assert.equal(frames.length, 4);
  assert.deepEqual(s.snapshot().inFlight, [frames[2].seq, frames[3].seq]);
  assert.equal(frames[3].panel?.base, frames[2].panel?.generation);
  // A resync for a frame already acked is stale and ignored; one for a frame in flight asks for a whole frame.
  s.ack(frames[1].seq, { resync: true });
  await sleep(40);
  assert.equal(frames.length, 4);
  s.ack(frames[3].seq, { resync: true });
  await settle(5);
  assert.equal(frames.at(-1)!.panel?.kind, 'full');
});

test('screenshots keep one frame in flight even when the panel window is larger', async () => {
  const { device, frames, s } = setup('push', { panel: { source: { panelFrame: () => assert.fail('not asked') }, width: () => undefined, window: () => 3 } });
  s.start();
  await sleep(15);
  device.emit({ type: 'changed' });
  await sleep(20);
  device.emit({ type: 'changed' });
  await sleep(20);
  assert.equal(frames.length, 1, 'one in flight');
  assert.equal(device.screenshots, 2, 'one captured ahead');
  s.stop();
});
