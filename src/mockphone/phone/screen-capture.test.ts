// Encoded screenshots: a burst of requests for one frame shares one encode, and the striped JPEG
// encoders a phone keeps (two copies of the frame each, ~18 MB at 1080×2400) are bounded, so a
// watcher that asks for every JPEG quality cannot make a phone hold gigabytes; an encoder made
// again gives the same bytes (the output depends on the pixels alone).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createMockPhone } from '../index';

function gc(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

test('every JPEG quality from 1 to 40 asked of one phone: its memory stays bounded, and quality 90 gives the same bytes again', async () => {
  const phone = await createMockPhone({ seed: 1 });
  try {
    const first = (await phone.screenshot({ format: 'jpeg', quality: 90 })).data;
    gc();
    const before = process.memoryUsage().arrayBuffers;
    for (let q = 1; q <= 40; q++) await phone.screenshot({ format: 'jpeg', quality: q });
    gc();
    const grew = (process.memoryUsage().arrayBuffers - before) / 2 ** 20;
    // Kept, every encoder would be ~18 MB: 40 of them ~720 MB. A few are kept.
    assert.ok(grew < 150, `the phone's buffers grew by ${grew.toFixed(0)} MB over 40 qualities`);
    const again = (await phone.screenshot({ format: 'jpeg', quality: 90 })).data;
    assert.ok(again.equals(first), 'quality 90 from a new encoder gives the same bytes');
  } finally {
    await phone.close();
  }
});

test('PNG, which has no quality, is encoded once for every quality asked', async () => {
  const phone = await createMockPhone({ seed: 1 });
  try {
    const first = (await phone.screenshot({ format: 'png' })).data;
    for (let q = 1; q <= 20; q++) assert.equal((await phone.screenshot({ format: 'png', quality: q })).data, first, `png at quality ${q}`);
  } finally {
    await phone.close();
  }
});

test('a burst of screenshot requests for one frame shares one encode', async () => {
  const phone = await createMockPhone({ seed: 1 });
  try {
    for (const format of ['png', 'jpeg'] as const) {
      const shots = await Promise.all(Array.from({ length: 8 }, () => phone.screenshot({ format, quality: 70 })));
      for (const s of shots) assert.equal(s.data, shots[0].data, `${format}: one Buffer for the burst`);
    }
  } finally {
    await phone.close();
  }
});
