// Mock phones started in this window. The mock phone module (canvas, sharp, sql.js) is heavy,
// so it is imported on first use, never at activation.
import type { DeviceRegistry } from '../panel/devices/registry';
import type { LiveApps } from './live-apps';

/** `apps`: the workspace's live apps (the phone runs them beside the built-ins and follows their reloads). */
export async function startMockPhone(registry: DeviceRegistry, options: { seed?: number; width?: number; height?: number; apps?: LiveApps } = {}): Promise<string> {
  const { createMockPhone } = await import('../mockphone/index');
  const make = async () => {
    const apps = options.apps?.apps();
    const phone = await createMockPhone({ seed: options.seed ?? 0, width: options.width, height: options.height, ...(apps ? { apps } : {}) });
    options.apps?.attach(phone);
    return phone;
  };
  const phone = await make();
  // Named by its id's number, so "Mock phone 4" is the phone the status line calls mock:4.
  // "Reconnect" for a closed mock phone starts a fresh one in its place.
  registry.add(phone, `Mock phone ${phone.id.replace(/^mock:/, '')}`, async () => {
    const fresh = await make();
    return withId(fresh, phone.id);
  });
  return phone.id;
}

/** A restarted mock phone keeps the id the panel and the picker know it by. */
function withId<T extends { id: string }>(device: T, id: string): T {
  Object.defineProperty(device, 'id', { value: id, writable: false });
  return device;
}
