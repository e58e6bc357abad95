// A workspace's app catalogue: the built-in apps (src/mockphone/apps/infos.ts) and the apps
// declared in its *.app.yaml files, in launcher order. One catalogue per workspace folder,
// loaded once per process and shared by everything that loads tasks or makes phones there
// (CLI check/run/serve-device, the runner's threads, serve-env, the editor's runs). The editor
// lives longer than its files: it asks for a fresh catalogue (freshWorkspaceApps) at the start
// of each run, check or debug session, which reads the folder again only when an app file was
// added, removed or saved since — so a saved app is what the next run sees. A workspace app that takes a
// built-in's package replaces it only when it says `overrides: true`; otherwise, like a
// second app with one package or a file with errors, it is left out with a diagnostic naming
// the file and line, and every other app loads as usual. Task-side only: no screen code —
// except a TypeScript app's (*.app.ts), whose manifest is code: it is imported here, and only
// where app code may run (app-files/app-code-policy.ts: a trusted workspace, the CLI).
import fs from 'node:fs';
import path from 'node:path';
import type { AppInfo, AppManifest } from '../mockphone/apps/app';
import { APP_INFOS } from '../mockphone/apps/infos';
import { infoOfSpec } from '../mockphone/apps/modules/info';
import { BUILT_IN_MINI_PROGRAMS, MINI_PROGRAM_HOSTS, mountedSchema } from '../mockphone/apps/modules/mini-program-spec';
import type { AppSpec } from '../mockphone/apps/modules/spec';
import type { Diagnostic } from '../task/diagnostic';
import { appsDirs, findAppFiles, MAX_APP_FILES } from './app-files/find-app-files';
import { parseAppFile } from './app-files/parse-app-file';
import { appCodeAllowed, refusedMessage } from './app-files/app-code-policy';
import { loadTsApp, TS_APP_FILE_SUFFIX } from './app-files/load-ts-app';

export interface WorkspaceApp {
  spec: AppSpec;
  info: AppInfo;
  /** It replaces the built-in app of its package. */
  replaces?: boolean;
}

/** A TypeScript app (*.app.ts): its manifest is its code, loaded whole. */
export interface CodeApp {
  file: string;
  manifest: AppManifest;
  info: AppInfo;
}

export interface WorkspaceApps {
  /** The folder searched (absolute; several joined by path.delimiter); undefined for the built-ins alone. */
  dir?: string;
  /** The workspace's declared apps that load. */
  apps: WorkspaceApp[];
  /** The declared mini-programs that load (`miniProgram:`): pages of their host, not launcher apps. */
  miniPrograms?: WorkspaceApp[];
  /** The workspace's TypeScript apps that load (never a built-in's package). */
  codeApps?: CodeApp[];
  /** Every installed app's info, built-ins first (an overriding app in its built-in's place). */
  infos: AppInfo[];
  /** Problems in the app files (errors leave that app out). */
  diagnostics: Diagnostic[];
}

const BUILTINS: WorkspaceApps = { apps: [], infos: [...APP_INFOS], diagnostics: [] };
/** By folder: the catalogue and the fingerprint of the app files it was read from. */
const cache = new Map<string, { loaded: Promise<WorkspaceApps>; fingerprint: string }>();

/** Largest app file read. */
const MAX_APP_FILE_BYTES = 2 * 1024 * 1024;

/** The folders' key in the cache: each absolute, once, in order. */
const keyOf = (dir: string): string => appsDirs(dir).join(path.delimiter);

/**
 * The catalogue of a workspace's apps folder (cached per folder); the built-ins alone without
 * one. `dir` may name several folders joined by path.delimiter (a multi-root workspace): their
 * apps load as one catalogue, folder by folder, so a package declared in two folders is an
 * error at the later file naming the earlier, as within one folder.
 */
export function workspaceApps(dir?: string): Promise<WorkspaceApps> {
  if (dir === undefined || keyOf(dir) === '') return Promise.resolve(BUILTINS);
  const abs = keyOf(dir);
  let hit = cache.get(abs);
  if (!hit) {
    // Taken before the files are read: a save during the load shows as a change next time.
    hit = { fingerprint: appFilesFingerprint(abs), loaded: loadWorkspaceApps(abs) };
    cache.set(abs, hit);
  }
  return hit.loaded;
}

/**
 * The folder's catalogue as its files are now: the cached one while no app file was added,
 * removed or changed since it was read, else read again (and everything built on it — the
 * task catalogue, the phones' manifests — follows, being cached per catalogue object).
 */
export function freshWorkspaceApps(dir?: string): Promise<WorkspaceApps> {
  if (dir !== undefined) {
    const abs = keyOf(dir);
    const hit = cache.get(abs);
    if (hit && hit.fingerprint !== appFilesFingerprint(abs)) cache.delete(abs);
  }
  return workspaceApps(dir);
}

/** What the catalogue depends on: each app file's path, size and modification time. */
function appFilesFingerprint(dir: string): string {
  // Whether app code may run is part of it: trusting the workspace brings in its TypeScript apps.
  return [String(appCodeAllowed()), ...findAppFiles(dir), ...findAppFiles(dir, TS_APP_FILE_SUFFIX)].map((f, i) => {
    if (i === 0) return f;
    try {
      const st = fs.statSync(f);
      return `${f}\0${st.size}\0${st.mtimeMs}`;
    } catch {
      return `${f}\0gone`;
    }
  }).join('\n');
}

/** Forgets a folder's catalogue (an app file changed): the next workspaceApps(dir) reads it again. */
export function forgetWorkspaceApps(dir: string): void {
  // Every catalogue that reads the folder (alone or with others) is stale.
  const gone = new Set(appsDirs(dir));
  for (const key of [...cache.keys()]) if (appsDirs(key).some((d) => gone.has(d))) cache.delete(key);
}

function problem(file: string, message: string, line = 1): Diagnostic {
  return { file, line, column: 1, endLine: line, endColumn: 1, severity: 'error', message };
}

async function loadWorkspaceApps(dir: string): Promise<WorkspaceApps> {
  const result: WorkspaceApps = { dir, apps: [], infos: [], diagnostics: [] };
  const folders = appsDirs(dir);
  const missing = folders.filter((d) => !fs.existsSync(d) || !fs.statSync(d).isDirectory());
  for (const d of missing) result.diagnostics.push(problem(d, `the apps folder ${d} does not exist`));
  if (missing.length === folders.length) {
    result.infos = [...APP_INFOS];
    return result;
  }
  const { loadSql } = await import('../mockphone/runtime/database');
  const sql = await loadSql();
  const files = findAppFiles(dir);
  if (files.length > MAX_APP_FILES) result.diagnostics.push(problem(folders[0], `more than ${MAX_APP_FILES} app files under ${folders.join(', ')}: only the first ${MAX_APP_FILES} are loaded`));
  const builtins = new Map(APP_INFOS.map((i) => [i.package, i]));
  const taken = new Map<string, string>();
  /** Mini-program keys by host: "<host>\0<key>" → the file. */
  const keys = new Map<string, string>();
  for (const file of files.slice(0, MAX_APP_FILES)) {
    let text: string;
    try {
      if (fs.statSync(file).size > MAX_APP_FILE_BYTES) {
        result.diagnostics.push(problem(file, `the app file is larger than ${MAX_APP_FILE_BYTES / 1024 / 1024} MB`));
        continue;
      }
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      result.diagnostics.push(problem(file, `cannot read the app file: ${e instanceof Error ? e.message : String(e)}`));
      continue;
    }
    const parsed = parseAppFile(text, file, sql);
    result.diagnostics.push(...parsed.diagnostics);
    const spec = parsed.spec;
    if (!spec) continue;
    const line = packageLine(text);
    const builtin = builtins.has(spec.package);
    const clash = packageClash(spec, builtin, declaredBy(taken.get(spec.package), file, folders));
    if (clash) result.diagnostics.push({ ...problem(file, clash.message, line), severity: clash.severity });
    if (clash?.severity === 'error') continue;
    if (spec.miniProgram) {
      const clash = miniProgramClash(spec, keys);
      if (clash) {
        result.diagnostics.push(problem(file, clash, keyLine(text)));
        continue;
      }
      keys.set(`${spec.miniProgram.host}\0${spec.miniProgram.key}`, file);
    }
    taken.set(spec.package, file);
    if (spec.miniProgram) (result.miniPrograms ??= []).push({ spec, info: infoOfSpec(spec) });
    else result.apps.push({ spec, info: infoOfSpec(spec), ...(builtin ? { replaces: true } : {}) });
  }
  result.codeApps = await loadCodeApps(dir, folders, builtins, taken, result.diagnostics);
  const replacing = new Map(result.apps.filter((a) => a.replaces).map((a) => [a.info.package, a.info]));
  result.infos = [...APP_INFOS.map((i) => replacing.get(i.package) ?? i), ...result.apps.filter((a) => !a.replaces).map((a) => a.info), ...result.codeApps.map((a) => a.info)]
    .map((i) => withMiniPrograms(i, result.miniPrograms ?? []));
  return result;
}

/** What keeps a mini-program out of its host: a host that holds none, or a key taken (by the host or an earlier file). */
export function miniProgramClash(spec: AppSpec, keys: ReadonlyMap<string, string>): string | undefined {
  const { host, key } = spec.miniProgram!;
  if (!MINI_PROGRAM_HOSTS.includes(host)) return `miniProgram.host ${host} holds no mini-programs (the hosts: ${MINI_PROGRAM_HOSTS.join(', ')}): this mini-program is left out`;
  if (BUILT_IN_MINI_PROGRAMS[host]?.includes(key)) return `miniProgram.key '${key}' is ${host}'s own mini-program: choose another key (this one is left out)`;
  const other = keys.get(`${host}\0${key}`);
  if (other) return `miniProgram.key '${key}' is already declared by ${other}: two mini-programs cannot share a key in one host (this one is left out)`;
  return undefined;
}

/** A host's info with its mini-programs' tables (prefixed) in its database schema, as tasks see them. */
function withMiniPrograms(info: AppInfo, minis: readonly WorkspaceApp[]): AppInfo {
  const mine = minis.filter((m) => m.spec.miniProgram!.host === info.package && m.spec.database);
  if (mine.length === 0 || !info.database) return info;
  const schema = [info.database.schema, ...mine.map((m) => mountedSchema(m.spec.miniProgram!.key, m.spec.database!.schema))].join('\n');
  return { ...info, database: { ...info.database, schema } };
}

/**
 * What is wrong with an app's package (shared with the editor, which puts it on the package's
 * value): a built-in's without `overrides: true`, one an earlier file (`takenBy`) declares, or
 * `overrides: true` with nothing to replace. An error leaves the app out.
 */
export function packageClash(spec: Pick<AppSpec, 'package' | 'overrides'>, builtin: boolean, takenBy?: string): { message: string; severity: Diagnostic['severity'] } | undefined {
  if (takenBy) return { message: `package ${spec.package} is already declared by ${takenBy}: two apps cannot share a package (this one is left out)`, severity: 'error' };
  if (builtin && !spec.overrides) return { message: `package ${spec.package} is a built-in app's: add \`overrides: true\` to replace it, or choose another package (this app is left out)`, severity: 'error' };
  if (!builtin && spec.overrides) return { message: `overrides: true, but ${spec.package} is no built-in app's package: nothing is replaced`, severity: 'warning' };
  return undefined;
}

/** The *.app.ts apps of `dir` (after the YAML ones, whose packages are in `taken`), where app code may run. */
async function loadCodeApps(dir: string, folders: readonly string[], builtins: Map<string, AppInfo>, taken: Map<string, string>, diagnostics: Diagnostic[]): Promise<CodeApp[]> {
  const out: CodeApp[] = [];
  for (const file of findAppFiles(dir, TS_APP_FILE_SUFFIX).slice(0, MAX_APP_FILES)) {
    if (!appCodeAllowed()) {
      diagnostics.push({ ...problem(file, refusedMessage(file)), severity: 'warning' });
      continue;
    }
    let text: string;
    try {
      if (fs.statSync(file).size > MAX_APP_FILE_BYTES) {
        diagnostics.push(problem(file, `the app file is larger than ${MAX_APP_FILE_BYTES / 1024 / 1024} MB`));
        continue;
      }
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      diagnostics.push(problem(file, `cannot read the app file: ${e instanceof Error ? e.message : String(e)}`));
      continue;
    }
    const loaded = await loadTsApp(file, text);
    diagnostics.push(...loaded.diagnostics);
    const m = loaded.manifest;
    if (!m) continue;
    const line = Math.max(1, text.split('\n').findIndex((l) => l.includes(m.package)) + 1);
    const other = declaredBy(taken.get(m.package), file, folders);
    if (other) {
      diagnostics.push(problem(file, `package ${m.package} is already declared by ${other}: two apps cannot share a package (this one is left out)`, line));
      continue;
    }
    if (builtins.has(m.package)) {
      diagnostics.push(problem(file, `package ${m.package} is a built-in app's: a TypeScript app cannot replace a built-in, choose another package (this app is left out)`, line));
      continue;
    }
    taken.set(m.package, file);
    const info: AppInfo = {
      package: m.package, label: m.label, icon: m.icon,
      ...(m.strings ? { strings: m.strings } : {}), ...(m.hidden ? { hidden: true } : {}),
      ...(m.database ? { database: { file: m.database.file, schema: m.database.schema } } : {}),
    };
    out.push({ file, manifest: m, info });
  }
  return out;
}

/** The line of `miniProgram`'s `key:` (for diagnostics about the key). */
function keyLine(text: string): number {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^miniProgram\s*:/.test(l));
  if (at < 0) return 1;
  const k = lines.findIndex((l, i) => i >= at && /\bkey\s*:/.test(l));
  return k < 0 ? at + 1 : k + 1;
}

/** The apps folder (of `folders`) holding `file`. */
function folderOf(file: string, folders: readonly string[]): string | undefined {
  return folders.find((d) => file === d || file.startsWith(d + path.sep));
}

/** Who declared a package first, as a clash names it: the file, and its folder when that is another workspace folder's. */
function declaredBy(other: string | undefined, file: string, folders: readonly string[]): string | undefined {
  if (other === undefined) return undefined;
  const theirs = folderOf(other, folders);
  return theirs === folderOf(file, folders) ? other : `${other} (another workspace folder's apps, ${theirs})`;
}

/** The line of the top-level `package:` key (for diagnostics about the package). */
function packageLine(text: string): number {
  const i = text.split('\n').findIndex((l) => /^package\s*:/.test(l));
  return i < 0 ? 1 : i + 1;
}
