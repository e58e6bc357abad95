// The mock phone: an in-process, deterministic, resettable Android-like device.
import type { MockPhoneOptions } from './mock-phone-api';
import { createMockPhoneInstance, type MockPhone } from './mock-phone';

export type { ClockMode, MockPhoneApi, MockPhoneOptions, SqlResult } from './mock-phone-api';
export { PhoneNumbers, processPhoneNumbers } from './phone-numbers';
export { MockPhone, DEFAULT_START_TIME, MONKEY_NOT_FOUND, type MockPhoneSnapshot, type PhoneState } from './mock-phone';
export { APPS, LAUNCHER_PACKAGE } from './apps/registry';
export { SETTINGS_PACKAGE } from './system/settings-store';

export function createMockPhone(options?: MockPhoneOptions): Promise<MockPhone> {
  return createMockPhoneInstance(options);
}
export { withMockShell } from './in-process-shell';
import { keepReferenceFrames as keepJpegFrames } from './phone/striped-jpeg';
import { keepPaintedFrames } from './ui/frame-raster';

/**
 * Keeps the `n` most recent whole screens of this thread, shared by its phones: their pixels
 * (a screen drawn again is copied, not repainted) and their JPEG stripes (not re-encoded).
 * Same screen, same bytes. Off by default: ~20 MB a frame at 1080×2400.
 */
export function keepReferenceFrames(n: number): void {
  keepJpegFrames(n);
  keepPaintedFrames(n);
}
