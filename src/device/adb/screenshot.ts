// Screenshots from a real device. `screencap -p` works everywhere (500–1500 ms on real
// phones). A faster streaming source such as minicap (@devicefarmer/minicap-prebuilt:
// push the binary + .so for the device's ABI/SDK, `adb forward tcp:X localabstract:minicap`,
// read JPEG frames) plugs in as another ScreenshotSource ahead of screencap; sources that
// do not work on a device (minicap does not run on the mock phone) are skipped.
import type { Screenshot, ScreenshotOptions } from '../device';
import { DeviceError } from '../errors';

export interface ScreenshotSource {
  readonly name: string;
  /** A PNG or JPEG of the current screen; throws 'unsupported' if the device can't do it. */
  capture(): Promise<Buffer>;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.from('IEND');

export function isPng(b: Buffer): boolean {
  return b.length >= 24 && b.subarray(0, 8).equals(PNG_SIGNATURE);
}

/** Width/height from the IHDR chunk. */
export function pngSize(b: Buffer): { width: number; height: number } {
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** A PNG whose last chunk (IEND + CRC) is present — a truncated transfer is not. */
export function isCompletePng(b: Buffer): boolean {
  return isPng(b) && b.length >= 12 && b.subarray(b.length - 8, b.length - 4).equals(PNG_END);
}

export async function toScreenshot(image: Buffer, options: ScreenshotOptions | undefined, deviceId: string): Promise<Screenshot> {
  const format = options?.format ?? 'png';
  const quality = options?.quality ?? 90;
  if (format !== 'png' && format !== 'jpeg') throw new DeviceError('invalid-argument', `format must be 'png' or 'jpeg', got ${JSON.stringify(format)}`, deviceId);
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) throw new DeviceError('invalid-argument', `quality must be an integer 1–100, got ${JSON.stringify(quality)}`, deviceId);
  if (isPng(image) && format === 'png') return { format, data: image, ...pngSize(image) };
  const { default: sharp } = await import('sharp'); // loaded only when converting
  const img = sharp(image);
  const meta = await img.metadata();
  const data = format === 'png' ? await img.png().toBuffer() : await img.jpeg({ quality }).toBuffer();
  return { format, data, width: meta.width ?? 0, height: meta.height ?? 0 };
}
