// Layers drawn over the mirrored screen on one canvas: the agent's actions, the inspector's
// outline, and whatever later features register (debugger breakpoints, the recorder). A
// layer draws in device pixels through the mapper it is given, so it never deals with panel
// size or device pixel ratio; it returns true while it is animating.
import { canvasBackingSize, deviceToClient, type DevicePoint, type Rect, type Size } from './geometry';

export interface OverlayMapper {
  /** Device point → canvas pixel. */
  toCanvas(p: DevicePoint): { x: number; y: number };
  /** Canvas pixels per device pixel. */
  scale: number;
  /** Canvas pixels per CSS pixel (for line widths and fonts). */
  dpr: number;
}

export interface OverlayLayer {
  id: string;
  /** Higher draws later (on top). */
  order: number;
  draw(ctx: CanvasRenderingContext2D, map: OverlayMapper, now: number): boolean;
}

export class OverlayCanvas {
  readonly canvas = document.createElement('canvas');
  private readonly layers: OverlayLayer[] = [];
  private frame: number | undefined;

  constructor(
    private readonly stage: HTMLElement,
    private readonly drawn: () => Rect,
    private readonly device: () => Size | undefined,
  ) {
    this.canvas.className = 'overlay';
    stage.append(this.canvas);
  }

  register(layer: OverlayLayer): { dispose(): void } {
    if (this.layers.some((l) => l.id === layer.id)) throw new Error(`overlay layer '${layer.id}' exists`);
    this.layers.push(layer);
    this.layers.sort((a, b) => a.order - b.order);
    this.invalidate();
    return { dispose: () => { this.layers.splice(this.layers.indexOf(layer), 1); this.invalidate(); } };
  }

  invalidate(): void {
    this.frame ??= requestAnimationFrame(() => {
      this.frame = undefined;
      if (this.paint()) this.invalidate();
    });
  }

  private paint(): boolean {
    const box = this.stage.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const backing = canvasBackingSize({ width: box.width, height: box.height }, dpr);
    if (this.canvas.width !== backing.width || this.canvas.height !== backing.height) {
      this.canvas.width = backing.width;
      this.canvas.height = backing.height;
    }
    this.canvas.style.width = `${box.width}px`;
    this.canvas.style.height = `${box.height}px`;
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return false;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const device = this.device();
    if (!device) return false;
    const drawn = this.drawn();
    const map: OverlayMapper = {
      toCanvas: (p) => {
        const c = deviceToClient(p, drawn, device, false);
        return { x: (c.x - box.left) * dpr, y: (c.y - box.top) * dpr };
      },
      scale: (drawn.width / device.width) * dpr,
      dpr,
    };
    let animating = false;
    const now = performance.now();
    for (const layer of this.layers) {
      ctx.save();
      try {
        animating = layer.draw(ctx, map, now) || animating;
      } finally {
        ctx.restore();
      }
    }
    return animating;
  }
}
