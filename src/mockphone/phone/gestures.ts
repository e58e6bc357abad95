// Touch input: taps, long presses (field cursor or the text toolbar), swipes (scroll, fling,
// shade, recents, banner dismissal), drags and sliders. Each gesture advances virtual time by
// its duration, then hits the topmost interactive layer of the current frame.
import type { Point } from '../../device/device';
import { checkDuration, checkPoint } from '../../device/errors';
import { STATUS_BAR_DP } from '../system/bars';
import { contentRect, fieldGeometry } from '../ui/draw';
import { pathAt, type Box } from '../ui/layout';
import { indexAt } from '../ui/text-cursor';
import type { FrameBuilder } from './frame';
import type { Navigator } from './navigation';
import type { PhoneCore } from './phone-core';
import { GESTURE_MS, LONG_PRESS_TIMEOUT, type TextTarget } from './phone-state';
import type { TextInput } from './text-input';

export class Gestures {
  constructor(
    private readonly core: PhoneCore,
    private readonly nav: Navigator,
    private readonly frames: FrameBuilder,
    private readonly text: TextInput,
  ) {}

  private inScreen(p: Point): boolean {
    return p.x >= 0 && p.y >= 0 && p.x < this.core.width && p.y < this.core.height;
  }

  /** The deepest box under the point on the topmost interactive layer that has something there. */
  private hit(p: Point): Box[] {
    const layers = this.frames.frame().layers;
    for (let i = layers.length - 1; i >= 0; i--) {
      if (!layers[i].interactive) continue;
      const path = pathAt(layers[i].box, Math.floor(p.x), Math.floor(p.y));
      if (path.length > 0) return path;
    }
    return [];
  }

  private clickAt(p: Point): void {
    const path = this.hit(p);
    for (let i = path.length - 1; i >= 0; i--) {
      const b = path[i];
      const v = b.view;
      if (v.enabled === false) return;
      if (v.field) {
        const screen = this.nav.topScreen(this.core.state.foreground);
        const before = this.frames.fieldState(v.field.key);
        screen.focus = v.field.key;
        screen.selectAll = false;
        // the cursor goes where the finger lands (password fields: at the end)
        const r = contentRect(b, this.core.scale);
        screen.cursor = before.value === '' || v.field.password ? undefined
          : indexAt(fieldGeometry(b, this.core.measureCtx, this.core.scale, before.value, r.x, r.y, r.w, r.h), p.x, p.y, before.cursor);
        this.core.state.textMenu = null;
        v.onClick?.();
        return;
      }
      if (v.onClickAt) {
        v.onClickAt(Math.min(1, Math.max(0, (p.x - b.x) / Math.max(1, b.w))), Math.min(1, Math.max(0, (p.y - b.y) / Math.max(1, b.h))));
        return;
      }
      if (v.onClick) {
        v.onClick();
        return;
      }
      if (v.absorb) return;
    }
  }

  async tap(p: Point): Promise<void> {
    this.core.live();
    checkPoint('p', p);
    this.core.clock.advance(GESTURE_MS.tap);
    if (!this.inScreen(p)) return this.core.bump();
    this.core.act(() => this.clickAt(p));
  }

  async doubleTap(p: Point, intervalMs = GESTURE_MS.doubleTapInterval): Promise<void> {
    this.core.live();
    checkPoint('p', p);
    checkDuration('intervalMs', intervalMs);
    await this.tap(p);
    this.core.clock.advance(intervalMs);
    await this.tap(p);
  }

  async longPress(p: Point, durationMs = GESTURE_MS.longPress): Promise<void> {
    this.core.live();
    checkPoint('p', p);
    checkDuration('durationMs', durationMs);
    if (durationMs < LONG_PRESS_TIMEOUT) {
      this.core.clock.advance(durationMs);
      if (this.inScreen(p)) this.core.act(() => this.clickAt(p));
      return this.core.bump();
    }
    this.core.clock.advance(durationMs);
    if (!this.inScreen(p)) return this.core.bump();
    this.core.act(() => {
      const path = this.hit(p);
      for (let i = path.length - 1; i >= 0; i--) {
        const v = path[i].view;
        if (v.enabled === false) return;
        if (v.onLongClick) {
          v.onLongClick();
          return;
        }
        if (v.field) {
          const screen = this.nav.topScreen(this.core.state.foreground);
          // Like a long-press after the end of the text: cursor at the end, toolbar with Paste / Select all.
          screen.focus = v.field.key;
          screen.selectAll = false;
          screen.cursor = undefined;
          const target: TextTarget = { kind: 'field', key: v.field.key };
          if (this.text.textMenuItems(target).length > 0) this.core.state.textMenu = { x: p.x, y: p.y, target };
          return;
        }
        if (v.selectable && v.text) {
          this.core.state.textMenu = { x: p.x, y: p.y, target: { kind: 'text', text: v.text } };
          return;
        }
        if (v.onClick || v.absorb) return;
      }
    });
  }

  /** A sideways gesture that starts on a slider moves its thumb to where the finger ends. */
  private dragControl(from: Point, to: Point): boolean {
    if (Math.abs(to.x - from.x) <= Math.abs(to.y - from.y)) return false;
    const path = this.hit(from);
    const b = path[path.length - 1];
    if (!b?.view.onClickAt || b.view.enabled === false) return false;
    b.view.onClickAt(Math.min(1, Math.max(0, (to.x - b.x) / Math.max(1, b.w))), Math.min(1, Math.max(0, (from.y - b.y) / Math.max(1, b.h))));
    return true;
  }

  private scrollBy(from: Point, dy: number): void {
    const path = this.hit(from);
    for (let i = path.length - 1; i >= 0; i--) {
      const sc = path[i].scroll;
      if (sc && sc.max > 0) {
        const screen = this.core.state.recentsOpen ? undefined : this.nav.topScreen(this.core.state.foreground);
        if (!screen) return;
        screen.scroll[sc.key] = Math.round(Math.min(sc.max, Math.max(0, sc.offset + dy)));
        this.core.state.textMenu = null;
        return;
      }
    }
  }

  /**
   * What a swipe and a drag both start with: the phone is live, the points and duration are
   * valid, the stroke's time passes. False when it starts off the screen (the caller bumps).
   */
  private startStroke(from: Point, to: Point, durationMs: number): boolean {
    this.core.live();
    checkPoint('from', from);
    checkPoint('to', to);
    checkDuration('durationMs', durationMs);
    this.core.clock.advance(durationMs);
    return this.inScreen(from);
  }

  /**
   * A swipe scrolls the scroll container under its start point by the finger's vertical
   * distance; a quick swipe flings further: below 400 ms the distance is multiplied by
   * 400 / duration (at most 4×).
   */
  async swipe(from: Point, to: Point, durationMs = GESTURE_MS.swipe): Promise<void> {
    if (!this.startStroke(from, to, durationMs)) return this.core.bump();
    const fling = durationMs >= 400 ? 1 : Math.min(4, 400 / Math.max(1, durationMs));
    this.core.act(() => {
      // Pulling down from the status bar opens the notification shade; swiping up closes it.
      const statusH = Math.round(STATUS_BAR_DP * this.core.scale);
      if (!this.core.state.shadeOpen && from.y < statusH && to.y - from.y > 3 * statusH) {
        this.core.state.shadeOpen = true;
        this.core.state.textMenu = null;
        return;
      }
      if (this.core.state.shadeOpen && from.y - to.y > 3 * statusH && !this.hit(from).some((b) => b.scroll && b.scroll.max > 0)) {
        this.core.state.shadeOpen = false;
        return;
      }
      if (this.dragControl(from, to)) return;
      // In recents, a sideways swipe moves between cards: right goes to older apps, as on Android.
      if (this.core.state.recentsOpen && Math.abs(to.x - from.x) > Math.max(100, Math.abs(to.y - from.y))) {
        const n = this.core.state.recents.filter((p) => this.core.apps.has(p)).length;
        this.core.state.recentsIndex = Math.max(0, Math.min(n - 1, (this.core.state.recentsIndex ?? 0) + (to.x > from.x ? 1 : -1)));
        return;
      }
      // Swiping a heads-up notification upwards dismisses it, as on Android.
      if (this.core.state.banner && to.y < from.y && this.hit(from).some((b) => b.view.id === 'notification')) {
        this.core.clock.clearTimer(this.core.state.banner.timer);
        this.core.state.banner = null;
        return;
      }
      this.scrollBy(from, (from.y - to.y) * fling);
    });
  }

  /** Like a slow swipe: content follows the finger exactly, no fling. */
  async drag(from: Point, to: Point, durationMs = 1000): Promise<void> {
    if (!this.startStroke(from, to, durationMs)) return this.core.bump();
    this.core.act(() => {
      if (!this.dragControl(from, to)) this.scrollBy(from, from.y - to.y);
    });
  }
}
