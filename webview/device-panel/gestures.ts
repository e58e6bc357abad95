// Turns a pointer's down→up history into the gesture a phone understands. Pure, so the
// thresholds are tested without a browser. Distances are in CSS pixels (what the hand did
// on the panel), so a gesture feels the same at any zoom.

import type { DevicePoint } from './geometry';

export interface PointerSample {
  /** Client position (CSS px). */
  client: { x: number; y: number };
  /** Device pixel under it. */
  device: DevicePoint;
  /** ms (performance.now()). */
  t: number;
}

export type Gesture =
  | { kind: 'tap'; at: DevicePoint }
  | { kind: 'longPress'; at: DevicePoint; durationMs: number }
  | { kind: 'swipe'; from: DevicePoint; to: DevicePoint; durationMs: number };

/** Movement below this (CSS px) is a jittery click, not a drag. */
export const TAP_SLOP_PX = 6;
/** Holding still at least this long is a long press (Android's default timeout is 400–500 ms). */
export const LONG_PRESS_MS = 500;
/** Android drops swipes that are too fast to register; keep a floor. */
export const MIN_SWIPE_MS = 60;
export const MAX_GESTURE_MS = 10_000;

export function classifyGesture(down: PointerSample, up: PointerSample, maxTravelPx: number): Gesture {
  const held = Math.max(0, up.t - down.t);
  const travelled = Math.max(maxTravelPx, Math.hypot(up.client.x - down.client.x, up.client.y - down.client.y));
  if (travelled < TAP_SLOP_PX) {
    if (held >= LONG_PRESS_MS) return { kind: 'longPress', at: down.device, durationMs: Math.min(held, MAX_GESTURE_MS) };
    return { kind: 'tap', at: down.device };
  }
  return {
    kind: 'swipe',
    from: down.device,
    to: up.device,
    durationMs: Math.round(Math.min(MAX_GESTURE_MS, Math.max(MIN_SWIPE_MS, held))),
  };
}

/** WheelEvent.deltaMode: 0 pixels, 1 lines, 2 pages. */
export function wheelToPixels(delta: number, deltaMode: number, pageSize: number): number {
  if (deltaMode === 1) return delta * 16;
  if (deltaMode === 2) return delta * pageSize;
  return delta;
}

/**
 * Accumulates wheel deltas (device px) and releases them as one scroll after a quiet gap,
 * so a trackpad's hundred tiny events become one swipe instead of a hundred.
 */
export class WheelAccumulator {
  private dx = 0;
  private dy = 0;
  private at: DevicePoint | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly flush: (at: DevicePoint, dx: number, dy: number) => void,
    private readonly quietMs = 80,
  ) {}

  add(at: DevicePoint, dx: number, dy: number): void {
    this.at ??= at;
    this.dx += dx;
    this.dy += dy;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.release(), this.quietMs);
  }

  release(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const at = this.at;
    const { dx, dy } = this;
    this.at = undefined;
    this.dx = 0;
    this.dy = 0;
    if (at && (dx !== 0 || dy !== 0)) this.flush(at, dx, dy);
  }
}
