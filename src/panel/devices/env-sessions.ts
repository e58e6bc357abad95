// Environment sessions (a running `phonebuddy serve-env`'s) in the device registry: a session
// picked to watch is added as a read-only device, so any device panel can mirror it; it goes
// offline, with the reason, when the session ends.
import { EnvSessionDevice, listEnvSessions, type ListedSession } from '../../device/env-session/env-session-device';
import type { DeviceRegistry } from './registry';

export { listEnvSessions, type ListedSession };

/** One line for a session in a picker or a device list. */
export function describeEnvSession(s: ListedSession): { label: string; detail: string } {
  const st = s.state;
  const where = `step ${String(st.step_count ?? 0)}${st.done ? `, done (${String(st.done_reason)}, score ${String(st.score)})` : ''}${s.thread ? `, thread ${s.thread}` : ''}${s.attached ? '' : ', detached'}`;
  return { label: `${String(st.instance_id ?? '(not reset yet)')}`, detail: `${s.session_id} · ${where}` };
}

/** Adds the session as a read-only device (again, if it was watched before) and returns its id. */
export function watchEnvSession(registry: DeviceRegistry, base: string, session: ListedSession): string {
  const device = new EnvSessionDevice(base, session.session_id);
  registry.add(device, `${describeEnvSession(session).label} — env session ${session.session_id.slice(0, 8)} (read-only)`);
  return device.id;
}
