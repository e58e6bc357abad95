// What `phonebuddy check` proves of a workspace's app files, beyond loading them (the schema,
// module parameters, SQL, CEL, strings and reachability from home: parse-app-file.ts; seed 0
// once: phone-apps.ts): that every seed is deterministic — several seeds, each twice, in every
// locale, the same seed giving the same database bytes — and that every tappable element of
// every screen reached from the launcher has a resource-id or text for the UI tree (walked on
// a mock phone from the seeded state, in every locale). Each problem names the file and line.
import { LOCALES, localize, type Locale } from '../../mockphone/apps/app';
import { loadSql } from '../../mockphone/runtime/database';
import type { Diagnostic } from '../../task/diagnostic';
import { phoneApps } from '../phone-apps';
import { workspaceApps } from '../workspace-apps';
import { seedDiagnostic, seedProblem } from './seed-check';
import { walkAppScreens } from './ui-check';

/** The seeds each app's seed is tried at (twice each, per locale). */
export const CHECKED_SEEDS: readonly number[] = [0, 1, 2, 3, 4];

/** Every diagnostic of the app files of `dir`: those of loading them, then the seeds' and the screens'. */
export async function checkAppFiles(dir: string): Promise<Diagnostic[]> {
  const [ws, built, sql] = await Promise.all([workspaceApps(dir), phoneApps(dir), loadSql()]);
  const diagnostics = [...built.diagnostics];
  const apps = built.apps ?? [];
  const failing = new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
  for (const a of [...ws.apps, ...(ws.miniPrograms ?? [])]) {
    const file = a.spec.file;
    // A mini-program is checked inside its host (its seed with the host's, its pages walked there).
    const mp = a.spec.miniProgram;
    const manifest = apps.find((m) => m.package === (mp ? mp.host : a.info.package));
    if (!manifest || failing.has(file)) continue; // its errors are reported; its phone shows why
    const seed = seedProblem(sql, manifest, CHECKED_SEEDS);
    if (seed) {
      diagnostics.push(seedDiagnostic(file, seed));
      continue; // screens of a database that does not seed show the reason, not the app
    }
    // One diagnostic per screen and problem, with the locales it shows in.
    const found = new Map<string, { d: Diagnostic; locales: Locale[] }>();
    const tabs = Object.fromEntries(Object.entries(a.spec.screens).flatMap(([name, s]) => (s.module === 'tabs' ? [[name, s.tabs.map((x) => x.screen)]] : [])));
    for (const locale of LOCALES) {
      const miniProgram = mp && { key: mp.key, name: localize(mp.name ?? a.spec.label, locale), screens: Object.keys(a.spec.screens), home: a.spec.home };
      const walk = await walkAppScreens(apps, manifest.package, { locale, tabs, ...(miniProgram ? { miniProgram } : {}) });
      for (const p of walk.problems) {
        const at = screenLine(a.spec.screens[p.screen ?? '']?.at) ?? { file, line: 1 };
        const key = `${at.line}\0${p.message}`;
        const seen = found.get(key);
        if (seen) seen.locales.push(locale);
        else found.set(key, { d: { file: at.file, line: at.line, column: 1, endLine: at.line, endColumn: 1, severity: p.severity, message: p.screen ? `screen '${p.screen}': ${p.message}` : p.message }, locales: [locale] });
      }
    }
    for (const { d, locales } of found.values()) {
      // A screen the loader already warned unreachable from home needs no second word.
      if (d.severity === 'warning' && diagnostics.some((x) => x.file === d.file && x.line === d.line && x.severity === 'warning')) continue;
      diagnostics.push({ ...d, message: `${d.message} (${locales.join(', ')})` });
    }
  }
  return diagnostics.sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : x.line - y.line));
}

/** A screen's "file:line". */
function screenLine(at: string | undefined): { file: string; line: number } | undefined {
  const m = at ? /^(.*):(\d+)$/.exec(at) : null;
  return m ? { file: m[1], line: Number(m[2]) } : undefined;
}
