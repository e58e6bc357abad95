// A row's time as the feed, comments and notifications modules show it: a virtual-clock time
// (ms) today as its time of day, earlier as its date; a text is shown as written.
import type { AppContext } from '../app';
import { stringOf } from './bindings';

const DAY = 24 * 60 * 60_000;

export function timeText(ctx: Pick<AppContext, 'now' | 'formatTime' | 'formatDate'>, v: unknown): string {
  if (typeof v !== 'number') return stringOf(v);
  return ctx.now() - v < DAY ? ctx.formatTime(v) : ctx.formatDate(v);
}
