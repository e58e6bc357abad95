import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canvasBackingSize, clientToDevice, clientToDeviceClamped, deviceToClient, fitRect, type Rect, type Size } from './geometry';

const DEVICES: Size[] = [
  { width: 1080, height: 2400 },
  { width: 2400, height: 1080 }, // rotated
  { width: 720, height: 1280 },
  { width: 1439, height: 3199 }, // odd, prime-ish
  { width: 3, height: 7 }, // tiny: every device pixel is many CSS pixels
];
const BOXES: Rect[] = [
  { left: 0, top: 0, width: 333, height: 777 },
  { left: 17.25, top: 41.5, width: 1001, height: 397 }, // wide box: letterboxed left/right
  { left: 3, top: 5, width: 359, height: 2999 }, // tall box: bars top/bottom
  { left: 0, top: 0, width: 4097, height: 9103 }, // upscaled
];
const DPRS = [1, 1.25, 1.5, 2, 2.625, 3];

test('fitRect keeps the aspect ratio, fits inside the box and centres', () => {
  for (const box of BOXES) for (const dev of DEVICES) {
    const r = fitRect(box, dev);
    assert.ok(Math.abs(r.width / r.height - dev.width / dev.height) < 1e-9, 'aspect');
    assert.ok(r.width <= box.width + 1e-9 && r.height <= box.height + 1e-9, 'fits');
    assert.ok(Math.abs(r.width - box.width) < 1e-9 || Math.abs(r.height - box.height) < 1e-9, 'touches two sides');
    assert.ok(Math.abs(r.left - box.left - (box.width - r.width) / 2) < 1e-9, 'centred x');
    assert.ok(Math.abs(r.top - box.top - (box.height - r.height) / 2) < 1e-9, 'centred y');
  }
});

test('every device pixel round-trips through its centre on the panel', () => {
  for (const box of BOXES) for (const dev of DEVICES) {
    const drawn = fitRect(box, dev);
    const stepX = Math.max(1, Math.floor(dev.width / 97));
    const stepY = Math.max(1, Math.floor(dev.height / 89));
    for (let x = 0; x < dev.width; x += stepX) for (let y = 0; y < dev.height; y += stepY) {
      const c = deviceToClient({ x, y }, drawn, dev);
      assert.deepEqual(clientToDevice(c, drawn, dev), { x, y }, `pixel ${x},${y} on ${dev.width}x${dev.height} in ${box.width}x${box.height}`);
    }
    // The last pixel on each axis too.
    const last = { x: dev.width - 1, y: dev.height - 1 };
    assert.deepEqual(clientToDevice(deviceToClient(last, drawn, dev), drawn, dev), last);
  }
});

test('at any device pixel ratio a click maps to the device pixel whose area contains it', () => {
  for (const dpr of DPRS) for (const box of BOXES) for (const dev of DEVICES) {
    const drawn = fitRect(box, dev);
    // Pointer events land on physical pixel centres: client = (q + 0.5) / dpr.
    const q0 = Math.ceil(drawn.left * dpr);
    const q1 = Math.floor((drawn.left + drawn.width) * dpr) - 1;
    for (let q = q0; q <= q1; q += Math.max(1, Math.floor((q1 - q0) / 211))) {
      const cx = (q + 0.5) / dpr;
      const cy = drawn.top + drawn.height / 3;
      const p = clientToDevice({ x: cx, y: cy }, drawn, dev);
      assert.ok(p, `inside at dpr ${dpr}`);
      // The pixel's client-space extent must contain the click.
      const left = deviceToClient({ x: p.x, y: 0 }, drawn, dev, false).x;
      const right = deviceToClient({ x: p.x + 1, y: 0 }, drawn, dev, false).x;
      assert.ok(left - 1e-6 <= cx && cx < right + 1e-6, `dpr ${dpr}: client ${cx} in [${left}, ${right}) for pixel ${p.x}`);
    }
  }
});

test('when the screen is upscaled, every device pixel can be clicked at every ratio', () => {
  const dev = { width: 3, height: 7 };
  for (const dpr of DPRS) {
    const drawn = fitRect({ left: 0.4, top: 0, width: 301, height: 700 }, dev);
    const hit = new Set<number>();
    for (let q = Math.ceil(drawn.left * dpr); (q + 0.5) / dpr < drawn.left + drawn.width; q++) {
      const p = clientToDevice({ x: (q + 0.5) / dpr, y: drawn.top + 1 }, drawn, dev);
      if (p) hit.add(p.x);
    }
    assert.deepEqual([...hit].sort(), [0, 1, 2], `dpr ${dpr}`);
  }
});

test('points in the letterbox bars are not on the phone; clamped drags stay on the edge', () => {
  const dev = { width: 1080, height: 2400 };
  const drawn = fitRect({ left: 0, top: 0, width: 1000, height: 500 }, dev);
  assert.ok(drawn.left > 0);
  assert.equal(clientToDevice({ x: drawn.left - 1, y: 250 }, drawn, dev), undefined);
  assert.equal(clientToDevice({ x: drawn.left + drawn.width + 0.01, y: 250 }, drawn, dev), undefined);
  assert.deepEqual(clientToDeviceClamped({ x: -50, y: 9999 }, drawn, dev), { x: 0, y: 2399 });
  assert.deepEqual(clientToDevice({ x: drawn.left + drawn.width, y: drawn.top + drawn.height }, drawn, dev), { x: 1079, y: 2399 });
  assert.equal(clientToDevice({ x: 1, y: 1 }, { left: 0, top: 0, width: 0, height: 0 }, dev), undefined);
});

test('canvas backing stores are whole physical pixels', () => {
  assert.deepEqual(canvasBackingSize({ width: 333.3, height: 777 }, 2.625), { width: 875, height: 2040 });
  assert.deepEqual(canvasBackingSize({ width: 10, height: 10 }, Number.NaN), { width: 10, height: 10 });
  assert.deepEqual(canvasBackingSize({ width: 0, height: 0 }, 2), { width: 1, height: 1 });
});

test('0–1000 model points land on the device pixel the device will touch, at every panel size and pixel ratio', async () => {
  const { normToClient, normToDevice } = await import('./geometry');
  const { toPixels } = await import('../../src/protocol/coords');
  for (const dev of DEVICES) for (const box of BOXES) {
    const drawn = fitRect(box, dev);
    for (const n of [{ x: 0, y: 0 }, { x: 500, y: 500 }, { x: 1000, y: 1000 }, { x: 123, y: 877 }, { x: 999, y: 1 }]) {
      const c = normToClient(n, drawn, dev);
      // Inside the drawn screen, and back to exactly the pixel the action will hit.
      assert.ok(c.x >= drawn.left && c.x <= drawn.left + drawn.width && c.y >= drawn.top && c.y <= drawn.top + drawn.height);
      assert.deepEqual(clientToDevice(c, drawn, dev), toPixels(n, dev), `${JSON.stringify(n)} on ${dev.width}×${dev.height} in ${box.width}×${box.height}`);
      const d = normToDevice(n, dev);
      assert.deepEqual({ x: d.x - 0.5, y: d.y - 0.5 }, toPixels(n, dev));
    }
  }
  // The centre of a 1080×2400 phone drawn 360×800 at (10, 20): pixel (540, 1200) → (190.17, 420.17).
  const c = normToClient({ x: 500, y: 500 }, { left: 10, top: 20, width: 360, height: 800 }, { width: 1080, height: 2400 });
  assert.ok(Math.abs(c.x - (10 + 540.5 / 3)) < 1e-9 && Math.abs(c.y - (20 + 1200.5 / 3)) < 1e-9);
});
