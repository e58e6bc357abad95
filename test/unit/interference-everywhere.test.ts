// Every perturbation on every app written as an app file (catalogue/apps/, apps-examples/),
// including apps that land later: no per-app code. For each app × perturbation, one seeded
// opportunity (probability 1, the app's cold launch): it shows, an agent gets through it the way
// the docs say (src/mockphone/interference/testing.ts), the app is then exactly the app without
// the perturbation (same home screen, and its first button leads to the same screen), and the
// retained frame equals a full repaint throughout. Locales and themes alternate over the pairs.
// A small screen and one repaint check per pair keep it cheap; the built-in apps are covered by src/mockphone/ui/damage.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { APPS } from '../../src/mockphone/apps/registry';
import type { MockPhone } from '../../src/mockphone';
import { PERTURBATION_NAMES } from '../../src/mockphone/interference/perturbations';
import { GET_THROUGH, byId } from '../../src/mockphone/interference/testing';
import { center, parseUiTree } from '../../src/mockphone/testing';
import { assertSameAsFullRepaint } from '../../src/mockphone/ui/repaint-check';
import { phoneApps } from '../../src/studio/phone-apps';
import { mockPhoneForTask } from '../../src/studio/phones';

const root = path.resolve(__dirname, '..', '..');
const SEED = 4;
const builtIn = new Set(APPS.map((a) => a.package));

/** What the app shows of itself: its nodes' ids, texts and places (the system's own layers left out). */
async function appScreen(p: MockPhone, pkg: string, bounds = true): Promise<string[]> {
  return parseUiTree(await p.uiTree()).filter((n) => n.pkg === pkg).map((n) => `${n.resourceId}|${n.text}|${n.desc}${bounds ? `|${n.bounds.join(',')}` : ''}`);
}
const withoutBounds = (lines: string[] | undefined) => lines?.map((l) => l.replace(/\|[\d,]+$/, ''));

for (const dir of ['catalogue/apps', 'apps-examples']) {
  test(`every perturbation on every app of ${dir}: shows, is got through, and leaves the app as it was`, async () => {
    const appsDir = path.join(root, dir);
    const pkgs = ((await phoneApps(appsDir)).apps ?? []).map((a) => a.package).filter((p) => !builtIn.has(p));
    assert.ok(pkgs.length >= 1, `no apps in ${dir}`);
    const phones = {
      'en-US': await mockPhoneForTask({ seed: SEED, locale: 'en-US' }, { appsDir, width: 360, height: 800, density: 160 }),
      'zh-CN': await mockPhoneForTask({ seed: SEED, locale: 'zh-CN' }, { appsDir, width: 360, height: 800, density: 160 }),
    };
    try {
      for (const [i, pkg] of pkgs.entries()) {
        // The app without interference, once per locale: its home screen, and where its first button leads.
        const plain: Record<string, { home: string[]; tap?: { x: number; y: number }; next?: string[] }> = {};
        for (const [locale, p] of Object.entries(phones)) {
          await p.reset(SEED);
          await p.openApp(pkg);
          const home = await appScreen(p, pkg);
          const button = parseUiTree(await p.uiTree()).find((n) => n.pkg === pkg && n.clickable && n.className !== 'android.widget.EditText' && n.bounds[2] > n.bounds[0] && n.bounds[3] > n.bounds[1]);
          const tap = button && center(button);
          if (tap) await p.tap(tap);
          plain[locale] = { home, tap, next: tap && await appScreen(p, pkg) };
        }
        for (const [j, name] of PERTURBATION_NAMES.entries()) {
          const locale = (i + j) % 2 ? 'zh-CN' : 'en-US';
          const p = phones[locale];
          const where = `${pkg}, ${name} (${locale})`;
          const how = GET_THROUGH[name];
          await p.reset(SEED);
          if ((i + j) % 4 >= 2) p.putSetting('secure', 'ui_night_mode', '2');
          p.setInterference([{ name, apps: [pkg], ...(how.params ? { params: how.params } : {}) }]);
          await p.openApp(pkg);
          await how.show?.(p);
          if (how.marker) await byId(p, how.marker);
          assert.deepEqual(p.interference().log.filter((e) => e.event === 'shown').map((e) => `${e.pkg} ${e.name}`), [`${pkg} ${name}`], where);
          p.paintFrame(); // the retained frame holds the overlay; the check below repaints what it left
          await how.handle(p, pkg);
          assertSameAsFullRepaint(p, `${where}: got through`);
          assert.equal(await p.foregroundApp(), pkg, `${where}: still in the app`);
          assert.deepEqual(p.interference().active, {}, `${where}: nothing left showing`);
          assert.deepEqual(await appScreen(p, pkg), plain[locale].home, `${where}: the home screen as without interference`);
          if (plain[locale].tap) {
            await p.tap(plain[locale].tap);
            // A perturbation that stays on for the app (the keyboard covering it) changes where a focused screen ends, not what it holds.
            const layout = how.staysOn !== 'layout';
            assert.deepEqual(await appScreen(p, pkg, layout), layout ? plain[locale].next : withoutBounds(plain[locale].next), `${where}: the first button leads where it does without interference`);
          }
        }
      }
    } finally {
      await Promise.all(Object.values(phones).map((p) => p.close()));
    }
  });
}
