// Typed device failures, so callers (runner, panel, debugger) decide by `code`, not by
// parsing messages.

export type DeviceErrorCode =
  | 'disconnected' // the device went away mid-call
  | 'timeout' // the call did not finish in time
  | 'invalid-argument' // a malformed API argument (names the argument)
  | 'unsupported' // this device cannot do that
  | 'server' // the adb server or a remote server failed
  | 'command-failed'; // the device answered with an error

export class DeviceError extends Error {
  override readonly name = 'DeviceError';
  constructor(
    readonly code: DeviceErrorCode,
    message: string,
    readonly deviceId?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isDeviceError(e: unknown, code?: DeviceErrorCode): e is DeviceError {
  return e instanceof DeviceError && (code === undefined || e.code === code);
}

/** Validates a pixel point argument; throws a DeviceError naming the argument. */
export function checkPoint(name: string, p: unknown): asserts p is { x: number; y: number } {
  const q = p as { x?: unknown; y?: unknown } | null;
  if (!q || typeof q !== 'object' || !Number.isFinite(q.x) || !Number.isFinite(q.y)) {
    throw new DeviceError('invalid-argument', `${name} must be a point {x, y} with finite numbers, got ${JSON.stringify(p)}`);
  }
}

export function checkDuration(name: string, ms: unknown): void {
  if (ms !== undefined && (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 600_000)) {
    throw new DeviceError('invalid-argument', `${name} must be a duration in ms between 0 and 600000, got ${JSON.stringify(ms)}`);
  }
}
