// Maps adbkit / adb server / socket failures onto DeviceError codes.
import { DeviceError } from '../errors';

const GONE = /device '.*' not found|device not found|device offline|no devices|not found: device|closed|ECONNRESET|EPIPE|device still (authorizing|connecting)/i;

export function toDeviceError(err: unknown, deviceId: string | undefined, what: string): DeviceError {
  if (err instanceof DeviceError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: string } | null)?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOENT') {
    return new DeviceError('server', `${what}: the adb server is not reachable and could not be started (${message})`, deviceId, { cause: err });
  }
  if (/unauthorized/i.test(message)) {
    return new DeviceError('disconnected', `${what}: the device is unauthorized — accept the USB debugging prompt on the phone`, deviceId, { cause: err });
  }
  if (GONE.test(message)) return new DeviceError('disconnected', `${what}: device disconnected (${message})`, deviceId, { cause: err });
  return new DeviceError('command-failed', `${what}: ${message}`, deviceId, { cause: err });
}
