// The phone's virtual clock. Time only moves when the phone is driven (each gesture takes its
// duration, wait(ms) advances it), so runs are reproducible. Timers are plain data — a kind
// and a JSON payload — so they survive snapshot/restore; handlers are registered by kind.

export interface TimerData {
  id: number;
  at: number;
  kind: string;
  payload: unknown;
}

export interface ClockState {
  now: number;
  nextTimerId: number;
  timers: TimerData[];
}

export type TimerHandler = (payload: unknown) => void;

export class VirtualClock {
  private handlers = new Map<string, TimerHandler>();

  /** onError receives a failing timer handler's error (the phone shows it; time keeps going). */
  constructor(public state: ClockState, private onError: (e: unknown) => void = () => undefined) {}

  now(): number {
    return this.state.now;
  }

  /** Registers what a timer kind does when it fires (e.g. 'system.toast.hide'). */
  on(kind: string, handler: TimerHandler): void {
    this.handlers.set(kind, handler);
  }

  setTimer(delayMs: number, kind: string, payload: unknown = null): number {
    const id = this.state.nextTimerId++;
    this.state.timers.push({ id, at: this.state.now + Math.max(0, delayMs), kind, payload });
    return id;
  }

  clearTimer(id: number): void {
    this.state.timers = this.state.timers.filter((t) => t.id !== id);
  }

  clearTimers(kind: string): void {
    this.state.timers = this.state.timers.filter((t) => t.kind !== kind);
  }

  /** Moves time forward, firing due timers in time order (ties by creation order). */
  advance(ms: number): void {
    const end = this.state.now + Math.max(0, ms);
    for (;;) {
      const due = this.state.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.state.timers = this.state.timers.filter((t) => t !== due);
      this.state.now = Math.max(this.state.now, due.at);
      try {
        this.handlers.get(due.kind)?.(due.payload);
      } catch (e) {
        this.onError(e);
      }
    }
    this.state.now = end;
  }
}
