// Kept whole screens (keepReferenceFrames): a screen drawn before on any phone of the thread is
// copied, not repainted — no pixel is read back from Skia — and its pixels and screenshot bytes
// are those of a phone that painted it from scratch. Tested on the screens an environment
// session sees again and again: the first screen after a reset (on the same phone after an
// episode, and on another phone) and an app's first screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { createMockPhone, keepReferenceFrames, type MockPhone } from './index';

const NOTES = 'com.phonebuddy.notes';

/** Skia read-backs (getImageData on any canvas) while `fn` runs. */
async function readBacks<T>(fn: () => Promise<T>): Promise<{ value: T; reads: number }> {
  const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as { getImageData: (...a: unknown[]) => unknown };
  const original = proto.getImageData;
  let reads = 0;
  proto.getImageData = function (this: unknown, ...a: unknown[]) { reads++; return original.apply(this, a); };
  try {
    return { value: await fn(), reads };
  } finally {
    proto.getImageData = original;
  }
}

async function screens(phone: MockPhone): Promise<{ pixels: Buffer; jpeg: Buffer }> {
  const jpeg = (await phone.screenshot({ format: 'jpeg', quality: 90 })).data;
  return { pixels: Buffer.from(phone.rawPixels()), jpeg };
}

test('a whole screen seen before is copied, not repainted, and is the same pixels and JPEG bytes as one painted from scratch', async () => {
  keepReferenceFrames(0);
  const fresh = await createMockPhone({ seed: 3 });
  const home = await screens(fresh);
  await fresh.openApp(NOTES);
  const notes = await screens(fresh);
  await fresh.close();
  assert.notDeepEqual(home.pixels, notes.pixels);
  try {
    keepReferenceFrames(4);
    const a = await createMockPhone({ seed: 3 });
    assert.deepEqual(await screens(a), home);
    await a.openApp(NOTES);
    assert.deepEqual(await screens(a), notes);
    // The same phone reset after an episode: the first screen again, without a read-back.
    await a.reset(3);
    const again = await readBacks(() => screens(a));
    assert.equal(again.reads, 0, 'the reset\'s first screen was repainted and read back instead of copied');
    assert.deepEqual(again.value, home);
    // Another phone of the thread: its first screen and the app's, copied too.
    const b = await createMockPhone({ seed: 3 });
    const first = await readBacks(() => screens(b));
    assert.equal(first.reads, 0);
    assert.deepEqual(first.value, home);
    await b.openApp(NOTES);
    const app = await readBacks(() => screens(b));
    assert.equal(app.reads, 0);
    assert.deepEqual(app.value, notes);
    // A change on a copied screen is painted as usual (only where it changed) and matches the original phone's.
    await a.openApp(NOTES);
    await a.tap({ x: 540, y: 1200 });
    await b.tap({ x: 540, y: 1200 });
    assert.deepEqual(await screens(b), await screens(a));
    await a.close();
    await b.close();
  } finally {
    keepReferenceFrames(0);
  }
});
