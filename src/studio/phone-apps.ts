// The apps a mock phone of a workspace runs (MockPhoneOptions.apps): the built-in manifests,
// each workspace app built from its modules (an overriding one in its built-in's place), once
// per folder and process. Each declared seed is tried here at seed 0 in every locale — twice,
// to show it deterministic — so a seed that fails or runs away is reported with its file and
// line before any task runs; such an app stays installed and its screens say why.
import { LOCALES, translate, type AppManifest } from '../mockphone/apps/app';
import { compileAppSpec } from '../mockphone/apps/modules/compile';
import { APPS } from '../mockphone/apps/registry';
import { AppDatabase, loadSql } from '../mockphone/runtime/database';
import { SeededRandom } from '../mockphone/runtime/random';
import { DEFAULT_START_TIME } from '../mockphone';
import type { Diagnostic } from '../task/diagnostic';
import { workspaceApps, type WorkspaceApps } from './workspace-apps';

export interface PhoneApps {
  /** undefined: the phone's own default (the built-ins). */
  apps?: readonly AppManifest[];
  /** The app files' problems, those of their seeds included. */
  diagnostics: Diagnostic[];
}

const cache = new WeakMap<WorkspaceApps, Promise<PhoneApps>>();

/** The catalogue for phones of `appsDir` (the built-ins alone without one). */
export async function phoneApps(appsDir?: string): Promise<PhoneApps> {
  const ws = await workspaceApps(appsDir);
  if (ws.dir === undefined) return { diagnostics: [] };
  let hit = cache.get(ws);
  if (!hit) {
    hit = build(ws);
    cache.set(ws, hit);
  }
  return hit;
}

async function build(ws: WorkspaceApps): Promise<PhoneApps> {
  const sql = await loadSql();
  const diagnostics = [...ws.diagnostics];
  const built = new Map<string, AppManifest>();
  for (const a of ws.apps) {
    const manifest = compileAppSpec(a.spec);
    built.set(a.info.package, manifest);
    const problem = trySeed(sql, manifest);
    if (problem) diagnostics.push(atLine(a.spec.file, problem));
  }
  for (const a of ws.codeApps ?? []) {
    const problem = trySeed(sql, a.manifest);
    if (problem) diagnostics.push(atLine(a.file, problem));
  }
  const apps = [...APPS.map((m) => built.get(m.package) ?? m), ...ws.apps.filter((a) => !a.replaces).map((a) => built.get(a.info.package)!), ...(ws.codeApps ?? []).map((a) => a.manifest)];
  return { apps, diagnostics };
}

/** Seeds the app's database at seed 0 in each locale, twice; the problem, if any. */
function trySeed(sql: Awaited<ReturnType<typeof loadSql>>, app: AppManifest): string | undefined {
  const spec = app.database;
  if (!spec?.seed) return undefined;
  for (const locale of LOCALES) {
    const bytes: Uint8Array[] = [];
    for (let run = 0; run < 2; run++) {
      const db = new AppDatabase(sql, app.package, spec.file);
      try {
        db.script(spec.schema);
        spec.seed(db, { seed: 0, rng: new SeededRandom(0).fork(app.package), locale, now: DEFAULT_START_TIME, t: (key, params) => translate(app.strings, locale, key, params) });
        bytes.push(db.bytes().slice());
      } catch (e) {
        return `the seed fails (${locale}): ${e instanceof Error ? e.message : String(e)}`;
      } finally {
        db.close();
      }
    }
    if (!Buffer.from(bytes[0]).equals(Buffer.from(bytes[1]))) return `the seed is not deterministic (${locale}): seed 0 gave two different databases`;
  }
  return undefined;
}

/** "file:line: message" (as the module runtime names places) → a diagnostic on that line. */
function atLine(file: string, message: string): Diagnostic {
  const m = /(?:^|\(|: )([^():]+?\.app\.(?:yaml|ts)):(\d+): /.exec(message);
  const line = m ? Number(m[2]) : 1;
  return { file: m ? m[1] : file, line, column: 1, endLine: line, endColumn: 1, severity: 'error', message };
}
