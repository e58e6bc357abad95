// The one place that turns a task's needs into a mock phone: its seed and locale, and the
// in-process shell (so `shell` steps and verifiers run the same in check, run and the editor).
// The mock phone speaks en-US and zh-CN; any zh-* locale gets zh-CN, anything else en-US (the
// task's setup then reports a locale the phone cannot run).
import { createMockPhone, withMockShell, type MockPhone } from '../mockphone';
import type { MockPhoneOptions } from '../mockphone/mock-phone-api';
import { mockLocale } from '../agent/runner/run-suite';
import { phoneApps } from './phone-apps';

/** Where a workspace's app files are (its catalogue: src/studio/workspace-apps.ts); none = the built-ins. */
export interface AppsOption {
  appsDir?: string;
}

/** A fresh mock phone (with its shell) for one task instance: its seed and locale, its workspace's apps, plus any other options. */
export async function mockPhoneForTask(task: { seed: number; locale?: string }, options: Omit<MockPhoneOptions, 'locale' | 'apps'> & AppsOption = {}): Promise<MockPhone> {
  const { appsDir, ...rest } = options;
  const { apps } = await phoneApps(appsDir);
  return withMockShell(await createMockPhone({ seed: task.seed, ...rest, ...(apps ? { apps } : {}), ...mockLocale(task.locale) }));
}
