// A panel that shows no device — the side bar's Device view opened before any phone ran, or
// whose phone has left the registry (a finished run's) — takes the newest online device when
// one comes. A panel on a device that is only offline keeps it: it offers to reconnect.
import type { DeviceRegistry } from './devices/registry';
import type { PanelSession } from './panel-session';

export function followDevices(session: PanelSession, registry: DeviceRegistry): () => void {
  const pick = (): void => {
    const current = session.currentDeviceId;
    if (current && registry.get(current)) return;
    const newest = registry.list().filter((e) => e.online).at(-1);
    if (newest) session.showDevice(newest.id);
  };
  pick();
  return registry.onDidChange(pick);
}
