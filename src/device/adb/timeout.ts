// Every ADB call is bounded: a promise that does not settle in time becomes a typed
// DeviceError('timeout'), and `onTimeout` tears down whatever was waiting (a socket).
import { DeviceError } from '../errors';

export function withTimeout<T>(work: Promise<T>, ms: number, what: string, deviceId?: string, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      try { onTimeout?.(); } catch { /* best effort cleanup */ }
      reject(new DeviceError('timeout', `${what} did not finish within ${ms} ms`, deviceId));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
