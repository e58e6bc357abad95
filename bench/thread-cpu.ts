// CPU time per thread of this process, from /proc/self/task (Linux): which threads a run's CPU
// went to — the main thread, the slots' JS threads, libvips' encode threads, and the helpers
// every thread shares (V8's GC/compiler pool, libuv's pool). Elsewhere it returns nothing and
// the benchmark reports totals only. A thread's schedstat gives its time on a CPU in
// nanoseconds; its stat (10 ms ticks, too coarse for runs of a few hundred ms) is the fallback.
import fs from 'node:fs';

/** utime/stime in /proc are in USER_HZ ticks, 100 per second on every Linux Node runs on. */
const MS_PER_TICK = 10;

export interface ThreadCpu {
  tid: number;
  name: string;
  ms: number;
}

export function threadCpu(): ThreadCpu[] {
  let tids: string[];
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    return [];
  }
  const out: ThreadCpu[] = [];
  for (const tid of tids) {
    try {
      const name = fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      out.push({ tid: Number(tid), name, ms: schedstatMs(tid) ?? statMs(tid) });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** Time on a CPU (ns in the first field of schedstat), undefined where the kernel does not keep it. */
function schedstatMs(tid: string): number | undefined {
  try {
    const ns = Number(fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

function statMs(tid: string): number {
  const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  // Fields after "(comm)": state is field 3, utime 14, stime 15 (man 5 proc).
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * MS_PER_TICK;
}

/** CPU each thread used between two readings (threads started in between count from zero). */
export function threadCpuSince(before: ThreadCpu[], after: ThreadCpu[]): ThreadCpu[] {
  const was = new Map(before.map((t) => [t.tid, t.ms]));
  return after.map((t) => ({ ...t, ms: t.ms - (was.get(t.tid) ?? 0) }));
}
