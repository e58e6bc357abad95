// Params drawn `from:` an app's data, read on mock phones (pooled: one per locale) — what the
// CLI's run and the editor load task files with. check reads them on its own phones.
import { paramDataFrom } from '../task/param-data';
import type { ParamData } from '../task/load-tasks';
import { MockPhonePool } from './phone-pool';

export function mockParamData(): ParamData {
  const pool = new MockPhonePool();
  return paramDataFrom((at) => pool.take(at));
}
