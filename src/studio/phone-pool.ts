// Mock phones reused across check's runs. A check makes dozens of runs per task (the initial
// state, the solution, every mutant, counterexamples, extra seeds), and each run's setup
// resets the phone to its seed anyway: building a new phone each time (canvas, frame
// buffers, app registry) was a fifth of check's time. A phone handed back by close() is
// reset and given a fresh in-process shell before its next use, so a run never sees another
// run's state.
import { withMockShell, type MockPhone } from '../mockphone';
import { mockLocale } from '../agent/runner/run-suite';
import { mockPhoneForTask } from './phones';

export class MockPhonePool {
  /** Idle phones by locale (a phone's seeded content is written in its locale). */
  private readonly idle = new Map<string, MockPhone[]>();
  private readonly all = new Set<MockPhone>();

  /** `appsDir`: the workspace whose apps the phones run (none: the built-ins). */
  constructor(private readonly appsDir?: string) {}

  /** A phone reset to the task's seed and locale; its close() gives it back to the pool. */
  async take(task: { seed: number; locale?: string }): Promise<MockPhone> {
    const key = mockLocale(task.locale).locale ?? 'en-US';
    const phone = this.idle.get(key)?.pop();
    if (!phone) {
      const fresh = await mockPhoneForTask(task, { appsDir: this.appsDir });
      this.all.add(fresh);
      return this.lend(fresh, key);
    }
    await phone.reset(task.seed);
    return this.lend(withMockShell(phone), key);
  }

  private lend(phone: MockPhone, key: string): MockPhone {
    let returned = false;
    // An own `close` shadows the class's: the phone stays open for the next run.
    phone.close = async () => {
      if (returned) return;
      returned = true;
      const list = this.idle.get(key) ?? [];
      list.push(phone);
      this.idle.set(key, list);
    };
    return phone;
  }

  /** Really closes every phone the pool made. */
  async close(): Promise<void> {
    for (const p of this.all) {
      Reflect.deleteProperty(p, 'close');
      await p.close();
    }
    this.all.clear();
    this.idle.clear();
  }
}
