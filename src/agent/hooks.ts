// The loop's pause points and the hooks that attach to them. Several parties hook one episode
// at once — the debugger, a human at the device panel, the trajectory recorder — so hooks are
// kept in one ordered chain: ascending `order`, then attach order. At every point the loop
// awaits each hook in turn; a hook may ask to pause (the loop stops right there, emits
// `paused`, and waits for `resume()`), and at the points that have a pending action it may
// replace it (later hooks see the replacement). See docs/agent-loop.md, "Hooks".
import type { Action } from '../protocol/action';
import type { LoopPoint } from './events';

/** Conventional orders: the debugger decides first, the human after it, the recorder last. */
export const HOOK_ORDER = { debugger: 100, panel: 200, recorder: 900 } as const;

export type HookResult = void | undefined | {
  /** Pause here; the text is the reason reported in `paused` (e.g. "breakpoint click#1"). */
  pause?: string;
  /** Replace the pending action (before-action, or failure without an action). */
  action?: Action;
};

export interface LoopHook {
  /** Who this is, reported in `paused` / `action-edited` (`debugger`, `panel`, `recorder`). */
  readonly name: string;
  /** Lower runs first; see HOOK_ORDER. Default 500. */
  readonly order?: number;
  at(point: LoopPoint): HookResult | Promise<HookResult>;
}

export const DEFAULT_HOOK_ORDER = 500;

/** The ordered hook list of one episode. */
export class HookChain {
  private readonly entries: { hook: LoopHook; seq: number }[] = [];
  private seq = 0;

  add(hook: LoopHook): () => void {
    const entry = { hook, seq: this.seq++ };
    this.entries.push(entry);
    this.entries.sort((a, b) => (a.hook.order ?? DEFAULT_HOOK_ORDER) - (b.hook.order ?? DEFAULT_HOOK_ORDER) || a.seq - b.seq);
    return () => {
      const i = this.entries.indexOf(entry);
      if (i >= 0) this.entries.splice(i, 1);
    };
  }

  /** A copy, so a hook that detaches itself mid-point does not skip the next one. */
  list(): LoopHook[] {
    return this.entries.map((e) => e.hook);
  }

  get size(): number {
    return this.entries.length;
  }
}

/** The points at which a hook's `action` is honoured. */
export function acceptsAction(p: LoopPoint): boolean {
  return p.point === 'before-action' || (p.point === 'failure' && (p.failure === 'unparsable-output' || p.failure === 'policy-error'));
}
