// Params drawn `from:` the app's data read their values on a freshly reset device at the
// task's seed and locale: the same seeded rows the task's instances will start from.
import { can } from '../device/capabilities';
import { isSnapshottable, type Device, type SqlRow } from '../device/device';
import type { ParamData } from './load-tasks';
import { VERIFIER_QUERY_MS } from './verifiers/context';

/** A ParamData over any device factory; each (seed, locale, app, query) is read once. */
export function paramDataFrom(createDevice: (at: { seed: number; locale?: string }) => Promise<Device>): ParamData {
  const cache = new Map<string, Promise<SqlRow[]>>();
  return (app, sql, at) => {
    const key = JSON.stringify([at.seed, at.locale ?? '', app, sql]);
    let rows = cache.get(key);
    if (!rows) {
      rows = (async () => {
        const device = await createDevice(at);
        try {
          if (!device.queryApp) throw new Error(`device ${device.id} cannot query app databases`);
          if (isSnapshottable(device)) await device.reset(at.seed);
          if (at.locale && can(device, 'setLocale')) await device.setLocale(at.locale);
          return await device.queryApp(app, sql, [], { timeoutMs: VERIFIER_QUERY_MS });
        } finally {
          await device.close().catch(() => {});
        }
      })();
      cache.set(key, rows);
    }
    return rows;
  };
}
