// The one place that turns a task's needs into a mock phone: its seed and locale, and the
// in-process shell (so `shell` steps and verifiers run the same in check, run and the editor).
// The mock phone speaks en-US and zh-CN; any zh-* locale gets zh-CN, anything else en-US (the
// task's setup then reports a locale the phone cannot run).
import { createMockPhone, withMockShell, type MockPhone } from '../mockphone';
import type { MockPhoneOptions } from '../mockphone/mock-phone-api';
import { mockLocale } from '../agent/runner/run-suite';


/** A fresh mock phone (with its shell) for one task instance: its seed and locale, plus any other options. */
export async function mockPhoneForTask(task: { seed: number; locale?: string }, options: Omit<MockPhoneOptions, 'locale'> = {}): Promise<MockPhone> {
  return withMockShell(await createMockPhone({ seed: task.seed, ...options, ...mockLocale(task.locale) }));
}
