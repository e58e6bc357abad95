// Where the phone's pixels are on the panel, and back. Pure functions over plain numbers so
// the mapping is tested at odd sizes and device pixel ratios without a browser.
//
// Model: the frame (W×H device pixels, current orientation) is drawn "contain"-fitted into
// the view box; client coordinates are CSS pixels (what pointer events report, fractional
// at non-integer device pixel ratios). Device pixel i covers [i, i+1) in device space, so a
// client point maps to the pixel whose area contains it: floor, then clamp to the screen.
// The model's 0–1000 points go to the device pixel the device will touch (protocol/coords,
// the reference runner's own scaling), then to that pixel's centre on the panel.
import { toPixels } from '../../src/protocol/coords';

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  left: number;
  top: number;
}

export interface DevicePoint {
  x: number;
  y: number;
}

/** The largest rect with the content's aspect ratio that fits in the box, centred. */
export function fitRect(box: Rect, content: Size): Rect {
  if (content.width <= 0 || content.height <= 0 || box.width <= 0 || box.height <= 0) {
    return { left: box.left, top: box.top, width: 0, height: 0 };
  }
  const scale = Math.min(box.width / content.width, box.height / content.height);
  const width = content.width * scale;
  const height = content.height * scale;
  return { left: box.left + (box.width - width) / 2, top: box.top + (box.height - height) / 2, width, height };
}

/**
 * Maps a client point to the device pixel under it, or undefined when the point is outside
 * the drawn screen (letterbox bars do not click the phone).
 */
export function clientToDevice(client: { x: number; y: number }, drawn: Rect, device: Size): DevicePoint | undefined {
  if (drawn.width <= 0 || drawn.height <= 0) return undefined;
  const u = (client.x - drawn.left) / drawn.width;
  const v = (client.y - drawn.top) / drawn.height;
  if (u < 0 || v < 0 || u > 1 || v > 1) return undefined;
  return { x: toPixel(u * device.width, device.width), y: toPixel(v * device.height, device.height) };
}

/** Like clientToDevice but clamps outside points to the nearest edge (drags that leave the screen). */
export function clientToDeviceClamped(client: { x: number; y: number }, drawn: Rect, device: Size): DevicePoint {
  const u = drawn.width > 0 ? (client.x - drawn.left) / drawn.width : 0;
  const v = drawn.height > 0 ? (client.y - drawn.top) / drawn.height : 0;
  return { x: toPixel(clamp01(u) * device.width, device.width), y: toPixel(clamp01(v) * device.height, device.height) };
}

/** Centre of a device pixel (or any device-space point) in client coordinates, for overlays. */
export function deviceToClient(p: DevicePoint, drawn: Rect, device: Size, pixelCentre = true): { x: number; y: number } {
  const off = pixelCentre ? 0.5 : 0;
  return {
    x: drawn.left + ((p.x + off) / device.width) * drawn.width,
    y: drawn.top + ((p.y + off) / device.height) * drawn.height,
  };
}

/** A 0–1000 model point → the device pixel the action will hit (its centre, in device space). */
export function normToDevice(p: DevicePoint, device: Size): DevicePoint {
  const px = toPixels(p, device);
  return { x: px.x + 0.5, y: px.y + 0.5 };
}

/** A 0–1000 model point → where that device pixel's centre is drawn, in client (CSS) pixels. */
export function normToClient(p: DevicePoint, drawn: Rect, device: Size): { x: number; y: number } {
  return deviceToClient(normToDevice(p, device), drawn, device, false);
}

/** Device pixels per CSS pixel on the drawn screen (used to scale wheel deltas and thresholds). */
export function devicePerClient(drawn: Rect, device: Size): number {
  return drawn.width > 0 ? device.width / drawn.width : 1;
}

/**
 * Backing-store size for a canvas covering `css` at `dpr`, so overlay lines are crisp: the
 * browser sizes the element in CSS pixels; the canvas needs whole physical pixels.
 */
export function canvasBackingSize(css: Size, dpr: number): Size {
  const r = Number.isFinite(dpr) && dpr > 0 ? dpr : 1;
  return { width: Math.max(1, Math.round(css.width * r)), height: Math.max(1, Math.round(css.height * r)) };
}

function toPixel(continuous: number, size: number): number {
  // A hair of tolerance keeps exact pixel edges computed through fractional scales
  // (e.g. 2.9999999996) in the pixel they belong to.
  const i = Math.floor(continuous + 1e-7);
  return Math.min(size - 1, Math.max(0, i));
}

const clamp01 = (t: number): number => Math.min(1, Math.max(0, t));
