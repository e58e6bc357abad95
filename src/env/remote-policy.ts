// The policy seat a trainer sits in: the agent loop asks `next(ctx)` and waits until the client
// sends a step. The environment is the unmodified loop (src/agent/episode.ts) with this policy,
// so a step through the service parses, executes, counts errors and scores exactly as `run` does.
import type { Policy, PolicyContext, PolicyDecision } from '../agent/policy';

/** The loop waiting on the client: the step's context and how to answer it. */
export interface Turn {
  ctx: PolicyContext;
  answer(decision: PolicyDecision): void;
}

export class RemotePolicy implements Policy {
  readonly name = 'env';
  private turn?: Turn;
  private waiters: ((t: Turn) => void)[] = [];

  next(ctx: PolicyContext): Promise<PolicyDecision> {
    return new Promise((resolve) => {
      // The loop aborts a waiting step (close, reap): answer it so the loop unwinds.
      const onAbort = (): void => turn.answer({ kind: 'error', message: 'session closed' });
      const turn: Turn = { ctx, answer: (d) => { ctx.signal.removeEventListener('abort', onAbort); if (this.turn === turn) this.turn = undefined; resolve(d); } };
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      this.turn = turn;
      for (const w of this.waiters.splice(0)) w(turn);
    });
  }

  /** The turn the loop is waiting on, if any. */
  get pending(): Turn | undefined {
    return this.turn;
  }

  /** The next turn the loop offers (now if it waits already). */
  nextTurn(): Promise<Turn> {
    if (this.turn) return Promise.resolve(this.turn);
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
