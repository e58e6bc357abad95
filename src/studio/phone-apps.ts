// The apps a mock phone of a workspace runs (MockPhoneOptions.apps): the built-in manifests,
// each workspace app built from its modules (an overriding one in its built-in's place), once
// per folder and process. Each declared seed is tried here at seed 0 in every locale — twice,
// to show it deterministic — so a seed that fails or runs away is reported with its file and
// line before any task runs; such an app stays installed and its screens say why.
import type { AppManifest } from '../mockphone/apps/app';
import { compileAppSpec } from '../mockphone/apps/modules/compile';
import { miniProgramOf, mountMiniPrograms, type MiniProgram } from '../mockphone/apps/modules/mini-program';
import { APPS } from '../mockphone/apps/registry';
import { loadSql } from '../mockphone/runtime/database';
import type { Diagnostic } from '../task/diagnostic';
import { seedDiagnostic, seedProblem } from './app-files/seed-check';
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
    const problem = seedProblem(sql, manifest);
    if (problem) diagnostics.push(seedDiagnostic(a.spec.file, problem));
  }
  for (const a of ws.codeApps ?? []) {
    const problem = seedProblem(sql, a.manifest);
    if (problem) diagnostics.push(seedDiagnostic(a.file, problem));
  }
  // Mini-programs: built on their own (their seeds tried so), then mounted in their hosts.
  const minis = new Map<string, MiniProgram[]>();
  for (const a of ws.miniPrograms ?? []) {
    const manifest = compileAppSpec(a.spec);
    const problem = seedProblem(sql, manifest);
    if (problem) diagnostics.push(seedDiagnostic(a.spec.file, problem));
    const host = a.spec.miniProgram!.host;
    minis.set(host, [...(minis.get(host) ?? []), miniProgramOf(a.spec, manifest)]);
  }
  for (const [host, list] of minis) {
    const m = built.get(host) ?? APPS.find((x) => x.package === host);
    if (m) built.set(host, mountMiniPrograms(m, list));
  }
  const apps = [...APPS.map((m) => built.get(m.package) ?? m), ...ws.apps.filter((a) => !a.replaces).map((a) => built.get(a.info.package)!), ...(ws.codeApps ?? []).map((a) => a.manifest)];
  return { apps, diagnostics };
}
