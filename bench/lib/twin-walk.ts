// Two phones walked with the same taps: the one the app ships (its screens built by modules)
// and one running the hand-written baseline screens kept in bench/lib/. Every step's
// screenshot (PNG bytes) and uiautomator XML must be equal — the proof that a module draws the
// screen it replaced byte for byte. Also the databases at the end (what the screens wrote).
import { createMockPhone, type MockPhone } from '../../src/mockphone';
import type { AppManifest } from '../../src/mockphone/apps/app';
import { Driver } from '../../src/mockphone/apps/catalog-shared/testing';
import { APPS } from '../../src/mockphone/apps/registry';

export type Locale = 'en-US' | 'zh-CN';

export function twinPhones(hand: AppManifest, locale: Locale, seed = 4): Promise<[MockPhone, MockPhone]> {
  const o = { seed, locale, width: 540, height: 1200, density: 220 } as const;
  return Promise.all([createMockPhone(o), createMockPhone({ ...o, apps: APPS.map((a) => (a.package === hand.package ? hand : a)) })]);
}

export type Step = (name: string, act: (d: Driver) => Promise<void>) => Promise<void>;

/** Runs `walk` on both phones; returns the steps compared, throws at the first that differs. */
export async function twinWalk(what: string, hand: AppManifest, locale: Locale, walk: (both: Step) => Promise<void>, opts: { seed?: number; tables?: string[] } = {}): Promise<string[]> {
  const phones = await twinPhones(hand, locale, opts.seed);
  const drivers = phones.map((p) => new Driver(p));
  const steps: string[] = [];
  const both: Step = async (name, act) => {
    for (const d of drivers) await act(d);
    const [a, b] = await Promise.all(phones.map(async (p) => [(await p.screenshot({ format: 'png' })).data, await p.uiTree()] as const));
    if (!a[0].equals(b[0])) throw new Error(`${what} walk (${locale}) step "${name}": the module-built screenshot differs from the hand-written one`);
    if (a[1] !== b[1]) throw new Error(`${what} walk (${locale}) step "${name}": the module-built UI tree differs from the hand-written one`);
    const [ta, tb] = phones.map((p) => p.now());
    if (ta !== tb) throw new Error(`${what} walk (${locale}) step "${name}": the clocks differ (${ta} vs ${tb})`);
    steps.push(name);
  };
  try {
    await walk(both);
    for (const table of opts.tables ?? []) {
      const [a, b] = await Promise.all(phones.map((p) => p.queryApp(hand.package, `SELECT * FROM ${table} ORDER BY id`)));
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${what} walk (${locale}): table ${table} differs at the end: ${JSON.stringify(a)} (modules) vs ${JSON.stringify(b)} (hand-written)`);
    }
  } finally {
    await Promise.all(phones.map((p) => p.close()));
  }
  return steps;
}
