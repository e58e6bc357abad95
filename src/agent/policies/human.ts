// A human at the device panel as a policy: actions arrive on an async queue (the panel pushes
// tool calls, with points already in 0–1000 via protocol/coords toNormalized) and the loop
// takes them one per step. `next` waits until something is pushed or the episode stops.
import type { ToolCall } from '../../protocol/tools';
import type { Action } from '../../protocol/action';
import { actionToCall } from '../../protocol/action';
import type { Policy, PolicyContext, PolicyDecision } from '../policy';

export interface HumanInput {
  call: ToolCall;
  /** What the human says they were doing (becomes the step's thought). */
  thought?: string;
}

export class HumanPolicy implements Policy {
  readonly name = 'human';
  private readonly queue: HumanInput[] = [];
  private waiter?: (input: HumanInput | undefined) => void;
  private closed = false;

  /** Queue an action (a tool call, or a normalised action) from the panel. */
  push(input: HumanInput | Action): void {
    const item: HumanInput = 'type' in input ? { call: actionToCall(input) } : input;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w(item);
    } else {
      this.queue.push(item);
    }
  }

  /** No more input: a waiting step ends the episode as exhausted. */
  end(): void {
    this.closed = true;
    this.waiter?.(undefined);
    this.waiter = undefined;
  }

  get pending(): number {
    return this.queue.length;
  }

  async next(ctx: PolicyContext): Promise<PolicyDecision> {
    const input = this.queue.shift() ?? (this.closed ? undefined : await this.wait(ctx.signal));
    if (!input) return { kind: 'exhausted', message: 'the human ended the session' };
    return { kind: 'call', call: input.call, thought: input.thought ?? '' };
  }

  private wait(signal: AbortSignal): Promise<HumanInput | undefined> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) { reject(signal.reason); return; }
      const onAbort = (): void => { this.waiter = undefined; reject(signal.reason); };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiter = (i) => { signal.removeEventListener('abort', onAbort); resolve(i); };
    });
  }

  close(): void {
    this.end();
  }

  /** What is still queued (a rewind puts back what had been queued then). */
  snapshot(): { queue: HumanInput[]; closed: boolean } {
    return { queue: structuredClone(this.queue), closed: this.closed };
  }

  restore(state: unknown): void {
    const s = state as { queue?: unknown; closed?: unknown } | null;
    if (!s || !Array.isArray(s.queue)) throw new TypeError('human policy: cannot restore a state without a queue');
    this.queue.splice(0, this.queue.length, ...structuredClone(s.queue as HumanInput[]));
    this.closed = s.closed === true;
  }
}
