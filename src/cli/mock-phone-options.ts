// Options shared by the CLI commands that start a mock phone for one look (screenshot, ui-dump).
import { DeviceError } from '../device/errors';
import { createMockPhone, type MockPhone } from '../mockphone/index';

export const MOCK_OPTIONS = {
  device: { type: 'string', default: 'mock' },
  open: { type: 'string' },
  seed: { type: 'string', default: '0' },
  locale: { type: 'string', default: 'en-US' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const MOCK_OPTIONS_HELP = `  --device mock      the device (only the in-process mock phone here; real phones: adb tools)
  --open PACKAGE     open this app first (e.g. com.phonebuddy.messages)
  --seed N           mock phone seed (default 0)
  --locale L         en-US (default) or zh-CN`;

/** Validates the shared options and returns a ready phone (with --open applied), or an error line. */
export async function phoneFromOptions(values: { device?: string; open?: string; seed?: string; locale?: string }): Promise<MockPhone | string> {
  const problems: string[] = [];
  if (values.device !== 'mock') problems.push(`--device must be 'mock', got '${values.device}'`);
  const seed = Number(values.seed ?? '0');
  if (!Number.isInteger(seed)) problems.push(`--seed must be an integer, got '${values.seed}'`);
  if (values.locale !== 'en-US' && values.locale !== 'zh-CN') problems.push(`--locale must be en-US or zh-CN, got '${values.locale}'`);
  if (problems.length) return problems.join('; ');
  let phone: MockPhone;
  try {
    phone = await createMockPhone({ seed, locale: values.locale as 'en-US' | 'zh-CN' });
  } catch (e) {
    return e instanceof DeviceError || e instanceof Error ? e.message : String(e);
  }
  if (values.open !== undefined) {
    const res = await phone.openApp(values.open);
    if (!res.ok) {
      await phone.close();
      return `--open ${values.open}: ${res.message} (installed: ${phone.listPackages().join(', ')})`;
    }
  }
  return phone;
}
