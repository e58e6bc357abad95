// Runner progress for a terminal: a one-line bar redrawn in place on a TTY, plain lines
// otherwise (CI logs). Reads only runner callbacks and episode events.
import type { EpisodeEvent } from '../events';
import type { ResultRecord } from './results';

export interface ProgressSink {
  event(e: EpisodeEvent, taskId: string): void;
  result(r: ResultRecord, done: number, total: number): void;
  end(): void;
}

export function createProgress(stream: NodeJS.WriteStream, total: number, skipped: number): ProgressSink {
  const tty = Boolean(stream.isTTY);
  let ok = 0;
  let done = skipped;
  const running = new Map<string, number>();
  const started = Date.now();
  const draw = (): void => {
    if (!tty) return;
    const width = 24;
    const filled = total ? Math.round((done / total) * width) : width;
    const active = [...running.entries()].map(([t, s]) => `${t}@${s}`).join(' ').slice(0, Math.max(10, (stream.columns ?? 100) - 60));
    const secs = Math.round((Date.now() - started) / 1000);
    stream.write(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ok ${ok} ${secs}s ${active}`);
  };
  return {
    event(e, taskId) {
      if (e.type === 'step-started') { running.set(taskId, e.step); draw(); }
      if (e.type === 'finished') running.delete(taskId);
    },
    result(r, d) {
      done = d;
      if (r.success) ok++;
      const line = `${r.success ? 'PASS' : 'FAIL'} ${r.task}  score=${r.score} steps=${r.steps} by=${r.terminated_by}${r.error ? `  (${r.error.slice(0, 160)})` : ''}`;
      if (tty) stream.write(`\r\x1b[2K${line}\n`);
      else stream.write(`[${d}/${total}] ${line}\n`);
      draw();
    },
    end() {
      if (tty) stream.write('\r\x1b[2K');
    },
  };
}
