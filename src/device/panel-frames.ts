// A device that can draw its screen straight at a viewer's size and say what changed (the mock
// phone): the device panel then gets frames at the panel's pixel size and, for small changes,
// only the damaged tiles — instead of a full-size screenshot scaled down on the host.
// Real devices (ADB screencap) do not implement this and keep the screenshot path.

/** One changed rectangle of the frame, in the frame's pixels, as a lossless PNG. */
export interface PanelTile {
  x: number;
  y: number;
  w: number;
  h: number;
  png: Buffer;
}

/**
 * Rows of a rectangle moved up by `dy` (down when negative), within it: the new row y shows the
 * old row y + dy; rows whose source lies outside the rectangle keep their pixels (the tiles
 * repaint them). What a scroll does to the drawn frame, so the viewer moves what it has.
 */
export interface PanelShift {
  x: number;
  y: number;
  w: number;
  h: number;
  dy: number;
}

export type PanelCapture =
  /** The whole frame (first frame, after a resize, or when most of it changed), lossless. */
  | { kind: 'full'; generation: number; pixelWidth: number; pixelHeight: number; mime: 'image/png'; data: Buffer }
  /** Shifts (in order, first) then tiles that turn frame `base` into frame `generation`. */
  | { kind: 'tiles'; base: number; generation: number; pixelWidth: number; pixelHeight: number; tiles: PanelTile[]; shifts?: PanelShift[] }
  /** Frame `since` is still what the screen shows. */
  | { kind: 'same'; generation: number };

export interface PanelFrameOptions {
  /** Pixel width to draw at (the panel's CSS width × device pixel ratio); capped at the device's. */
  width: number;
  /** The generation the viewer shows; undefined asks for a full frame. */
  since?: number;
}

export interface PanelFrameSource {
  panelFrame(options: PanelFrameOptions): Promise<PanelCapture>;
}

export function isPanelFrameSource(device: unknown): device is PanelFrameSource {
  return typeof (device as Partial<PanelFrameSource> | undefined)?.panelFrame === 'function';
}
