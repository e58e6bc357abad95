// Frames are sent no larger than the panel shows them: a 1080×2400 phone drawn 400 CSS px wide
// at device pixel ratio 2 needs 800 px, not 1080. Scaling a JPEG down is cheap (libjpeg decodes
// at 1/2, 1/4 or 1/8 size directly, "shrink-on-load"), and the smaller frame travels and
// decodes faster in the webview. The frame keeps announcing the device's own size, so
// coordinates are unaffected. sharp is loaded on first use, never at activation.
export interface Viewport {
  width: number;
  height: number;
  dpr: number;
}

/** Scale only when it saves at least this share of the width (below, re-encoding costs more than it saves). */
const WORTHWHILE = 0.8;

/** The width to send frames at for this viewport, or undefined to send them as captured. */
export function targetWidth(device: { width: number; height: number }, viewport: Viewport | undefined): number | undefined {
  if (!viewport || viewport.width <= 0 || viewport.height <= 0) return undefined;
  // "contain" fit, as the panel draws it
  const scale = Math.min(viewport.width / device.width, viewport.height / device.height);
  const w = Math.ceil(device.width * scale * viewport.dpr);
  return w > 0 && w < device.width * WORTHWHILE ? Math.max(64, w) : undefined;
}

/**
 * The pixel width a device that draws at the panel's size (the mock phone) should draw at: the
 * width it is shown at times the device pixel ratio, never above its own. Undefined until the
 * webview has reported its viewport.
 */
export function panelPixelWidth(device: { width: number; height: number }, viewport: Viewport | undefined): number | undefined {
  if (!viewport || viewport.width <= 0 || viewport.height <= 0) return undefined;
  const scale = Math.min(viewport.width / device.width, viewport.height / device.height);
  return Math.max(64, Math.min(device.width, Math.ceil(device.width * scale * viewport.dpr)));
}

export async function scaleJpeg(data: Buffer, width: number, quality: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(data).resize({ width, withoutEnlargement: true }).jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer();
}
