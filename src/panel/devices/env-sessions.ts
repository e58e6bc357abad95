// Environment sessions (a running `phonebuddy serve-env`'s) in the device registry: a session
// picked to watch is added as a read-only device, so any device panel can mirror it; it goes
// offline, with the reason, when the session ends.
import { EnvSessionDevice, listEnvSessions, type ListedSession, type WatchedStep } from '../../device/env-session/env-session-device';
import type { Action } from '../../protocol/action';
import type { OverlayAction } from '../../webview-protocol/device-panel';
import { overlayForAction } from '../agent-overlay';
import type { DeviceRegistry } from './registry';

export { listEnvSessions, type ListedSession };

/** One line for a session in a picker or a device list. */
export function describeEnvSession(s: ListedSession): { label: string; detail: string } {
  const st = s.state;
  const where = `step ${String(st.step_count ?? 0)}${st.done ? `, done (${String(st.done_reason)}, score ${String(st.score)})` : ''}${s.thread ? `, thread ${s.thread}` : ''}${s.attached ? '' : ', detached'}`;
  return { label: `${String(st.instance_id ?? '(not reset yet)')}`, detail: `${s.session_id} · ${where}` };
}

/**
 * The agent's trail over a watched session, drawn as over a local agent's episode: a clean
 * slate at each new episode, then each step's thought and where its action acted.
 */
export function overlayForWatchedStep(s: WatchedStep): OverlayAction[] {
  const out: OverlayAction[] = [];
  if (s.newEpisode) out.push({ kind: 'clear' }, { kind: 'thought', text: `Episode of ${String(s.state.instance_id ?? 'a task')} (environment session, read-only)`.slice(0, 4000) });
  const last = s.last;
  if (last) {
    if (last.thought) out.push({ kind: 'thought', text: last.thought.slice(0, 4000), step: last.step });
    // The service's own record of the action: drawn by the same rules as a local episode's.
    out.push(...overlayForAction({ action: last.action as Action | undefined, pixels: last.pixels }));
  }
  return out;
}

/**
 * Adds the session as a read-only device (again, if it was watched before) and returns its id.
 * `draw`, when given, receives the agent's trail for the panels mirroring it.
 */
export function watchEnvSession(registry: DeviceRegistry, base: string, session: ListedSession, draw?: (deviceId: string, action: OverlayAction) => void): string {
  const device = new EnvSessionDevice(base, session.session_id);
  registry.add(device, `${describeEnvSession(session).label} — env session ${session.session_id.slice(0, 8)} (read-only)`);
  if (draw) device.onStep((s) => { for (const a of overlayForWatchedStep(s)) draw(device.id, a); });
  return device.id;
}
