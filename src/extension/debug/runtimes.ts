// The runtimes of the running debug sessions, by VS Code session id: the seam through which
// other features (the device panel's pending-action overlay and step buttons) reach the
// debugger of the device they show, and through which the integration tests look inside.
import type { DebugRuntime } from '../../debug/runtime';
import { Listeners } from '../../agent/emitter';

export class DebugRuntimes {
  private readonly bySession = new Map<string, DebugRuntime>();
  private readonly listeners = new Listeners<[sessionId: string, runtime: DebugRuntime]>('debug runtimes');

  add(sessionId: string, runtime: DebugRuntime): void {
    this.bySession.set(sessionId, runtime);
    this.listeners.fire(sessionId, runtime);
  }

  remove(sessionId: string): void {
    this.bySession.delete(sessionId);
  }

  get(sessionId: string): DebugRuntime | undefined {
    return this.bySession.get(sessionId);
  }

  all(): [string, DebugRuntime][] {
    return [...this.bySession];
  }

  /** Called for every session's runtime from now on; returns the function that stops it. */
  onDidAdd(listener: (sessionId: string, runtime: DebugRuntime) => void): () => void {
    return this.listeners.add(listener);
  }
}
