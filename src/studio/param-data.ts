// Params drawn `from:` an app's data, read on mock phones (pooled: one per locale) — what the
// CLI's run and the editor load task files with. check reads them on its own phones.
import { paramDataFrom } from '../task/param-data';
import type { ParamData } from '../task/load-tasks';
import { MockPhonePool } from './phone-pool';

/** `appsDir`: the workspace's app files, whose apps' data params may be drawn from (none: the built-ins). */
export function mockParamData(appsDir?: string): ParamData {
  const pool = new MockPhonePool(appsDir);
  return paramDataFrom((at) => pool.take(at));
}
