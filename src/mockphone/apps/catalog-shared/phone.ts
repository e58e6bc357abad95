// A small phone for catalogue tests: 540×1200 at 220 dpi keeps rendering cheap.
import { createMockPhone } from '../../index';
import type { MockPhone } from '../../mock-phone';
import { Driver } from './testing';

export async function testPhone(locale: 'en-US' | 'zh-CN', seed = 4): Promise<{ phone: MockPhone; d: Driver }> {
  const phone = await createMockPhone({ seed, locale, width: 540, height: 1200, density: 220 });
  return { phone, d: new Driver(phone) };
}
