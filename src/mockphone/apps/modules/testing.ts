// A phone with one declared app beside the built-ins, for the module tests: the spec is
// compiled as a workspace's app would be, and the test drives it through the Device API.
import { createMockPhone } from '../../index';
import type { MockPhone } from '../../mock-phone';
import { APPS } from '../registry';
import { Driver } from '../catalog-shared/testing';
import { compileAppSpec } from './compile';
import type { AppSpec } from './spec';

export async function phoneWithApp(spec: AppSpec, o: { seed?: number; locale?: 'en-US' | 'zh-CN' } = {}): Promise<{ phone: MockPhone; d: Driver; sql(q: string, args?: (string | number)[]): Promise<Record<string, unknown>[]> }> {
  const phone = await createMockPhone({ seed: o.seed ?? 1, locale: o.locale ?? 'en-US', width: 540, height: 1200, density: 220, apps: [...APPS, compileAppSpec(spec)] });
  await phone.openApp(spec.package);
  return { phone, d: new Driver(phone), sql: (q, args = []) => phone.queryApp(spec.package, q, args) };
}
