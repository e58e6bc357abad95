// Files and folders → task instances + diagnostics. Folders are searched for *.task.yaml.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppCatalog } from './app-catalog';
import type { Diagnostic } from './diagnostic';
import { instantiate } from './instantiate';
import { parseTaskFile, type ParsedTaskFile } from './parse-task-file';
import { MAX_TASK_FILE_CHARS } from './yaml-source';
import type { StepDef, TaskDef } from './model';
import type { TaskInstance } from './runnable';
import type { SqlRow } from '../device/device';

export interface LoadOptions {
  seed?: number;
  sample?: number;
  /**
   * The apps task files may name (required: the composition root's, src/studio/app-catalog.ts;
   * optional in the type only so callers can pass theirs through).
   */
  catalog?: AppCatalog;
  /**
   * Reads a recorded episode folder's steps, for `counterexamples: [{ episode: … }]` (the
   * CLI passes the trajectory reader; the task layer does not depend on it).
   */
  loadEpisode?: (folder: string) => Promise<StepDef[]>;
  /**
   * Rows of a query on a freshly reset phone (seed, locale), for params drawn `from:` the
   * app's data (the composition root passes the mock phone's; src/studio/param-data.ts).
   */
  paramData?: ParamData;
}

export type ParamData = (app: string, sql: string, at: { seed: number; locale?: string }) => Promise<SqlRow[]>;

export const TASK_FILE_SUFFIX = '.task.yaml';

export async function expandTaskPaths(paths: readonly string[]): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const walk = async (p: string): Promise<void> => {
    let st;
    try {
      st = await fs.stat(p);
    } catch {
      diagnostics.push({ file: p, line: 1, column: 1, endLine: 1, endColumn: 1, severity: 'error', message: 'no such file or folder' });
      return;
    }
    if (st.isDirectory()) {
      const entries = (await fs.readdir(p, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
      for (const e of entries) {
        if (e.name.startsWith('.') || e.name === 'node_modules') continue;
        const full = path.join(p, e.name);
        if (e.isDirectory()) await walk(full);
        else if (e.name.endsWith(TASK_FILE_SUFFIX)) files.push(full);
      }
    } else files.push(p);
  };
  for (const p of paths) await walk(p);
  return { files, diagnostics };
}

/**
 * A task file's text, or why it cannot be one: a device or FIFO named on the command line
 * would be read forever, a huge file whole, and bytes that are not UTF-8 would turn into
 * U+FFFD silently.
 */
export async function readTaskText(file: string): Promise<string | { error: string }> {
  try {
    // stat first: opening a pipe would wait for a writer.
    const st = await fs.stat(file);
    if (!st.isFile()) return { error: 'not a regular file (a device, pipe or socket cannot hold a task)' };
    if (st.size > MAX_TASK_FILE_CHARS) return { error: `the file is too large for a task file (${(st.size / 2 ** 20).toFixed(1)} MB; at most ${MAX_TASK_FILE_CHARS / 2 ** 20} MB): split it into several files` };
    const bytes = await fs.readFile(file);
    try {
      // The BOM, if any, is kept: the YAML parser skips it and positions stay those of the file.
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return { error: 'not UTF-8 text (binary data, or another encoding such as UTF-16): save the task file as UTF-8' };
    }
  } catch (e) {
    return { error: `cannot read: ${(e as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : (e as Error).message}` };
  }
}

export interface LoadedFile {
  parsed: ParsedTaskFile;
  instances: TaskInstance[];
}

export async function loadTaskFiles(paths: readonly string[], options: LoadOptions = {}): Promise<{ files: LoadedFile[]; diagnostics: Diagnostic[] }> {
  const catalog = options.catalog;
  if (!catalog) throw new Error('loadTaskFiles: no app catalogue given (the composition root fills it in: mockAppCatalog() in src/studio/app-catalog.ts)');
  const { files, diagnostics } = await expandTaskPaths(paths);
  const loaded: LoadedFile[] = [];
  for (const file of files) {
    const text = await readTaskText(file);
    if (typeof text !== 'string') {
      diagnostics.push({ file, line: 1, column: 1, endLine: 1, endColumn: 1, severity: 'error', message: text.error });
      continue;
    }
    const parsed = parseTaskFile(text, file, { catalog });
    diagnostics.push(...parsed.diagnostics);
    const instances: TaskInstance[] = [];
    for (const t of parsed.tasks) {
      // A task with errors is reported, never run: its verdicts would mean nothing.
      const [start, end] = t.node.range ?? [0, text.length];
      const first = parsed.source.lineCounter.linePos(start).line;
      const last = parsed.source.lineCounter.linePos(end).line;
      if (parsed.diagnostics.some((d) => d.severity === 'error' && d.line >= first && d.line <= last)) continue;
      const report = (message: string) => diagnostics.push({ file, line: first, column: 1, endLine: first, endColumn: 1, severity: 'error', message });
      const withSteps = await withEpisodeSteps(t.def, file, options.loadEpisode, report);
      const def = withSteps && (await withDataParams(withSteps, options, report));
      if (!def) continue;
      try {
        instances.push(...instantiate(def, { seed: options.seed, sample: options.sample, file }));
      } catch (e) {
        diagnostics.push({ file, line: t.node.range ? parsed.source.lineCounter.linePos(t.node.range[0]).line : 1, column: 1, endLine: 1, endColumn: 1, severity: 'error', message: `task '${t.def.id}': ${(e as Error).message}` });
      }
    }
    loaded.push({ parsed, instances });
  }
  return { files: loaded, diagnostics };
}

/**
 * Params with `from: { app, query }` → their choices: the query's first column on the seeded
 * data at the task's seed and locale (undefined when that cannot be read: reported).
 */
async function withDataParams(def: TaskDef, options: LoadOptions, report: (m: string) => void): Promise<TaskDef | undefined> {
  const fromData = Object.entries(def.params ?? {}).filter(([, p]) => p.from);
  if (fromData.length === 0) return def;
  if (!options.paramData) {
    report(`task '${def.id}': param '${fromData[0][0]}' draws its values from the app's data (from:), which needs the mock phone to read them; nothing here can`);
    return undefined;
  }
  // The phone's reset seed, as runSetup picks it.
  const seed = def.setup?.seed ?? def.seed ?? options.seed ?? 0;
  const locale = def.setup?.locale ?? def.locale;
  const params = { ...def.params };
  for (const [name, p] of fromData) {
    let rows: SqlRow[];
    try {
      rows = await options.paramData(p.from!.app, p.from!.query, { seed, ...(locale ? { locale } : {}) });
    } catch (e) {
      report(`task '${def.id}': param '${name}': the query in from: failed on ${p.from!.app}: ${(e as Error).message}`);
      return undefined;
    }
    const values = [...new Set(rows.map((r) => Object.values(r)[0]).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number'))];
    if (values.length === 0) {
      report(`task '${def.id}': param '${name}': the query in from: returns no values at seed ${seed}${locale ? ` (${locale})` : ''}, so the task has no instances`);
      return undefined;
    }
    const { from: _from, ...rest } = p;
    params[name] = { ...rest, choices: values };
  }
  return { ...def, params };
}

/** Episode counterexamples → their steps (undefined when one cannot be read: reported). */
async function withEpisodeSteps(def: TaskDef, file: string, load: LoadOptions['loadEpisode'], report: (m: string) => void): Promise<TaskDef | undefined> {
  if (!def.counterexamples?.some((c) => c.episode && !c.steps)) return def;
  const out = [];
  for (const c of def.counterexamples) {
    if (!c.episode || c.steps) { out.push(c); continue; }
    const folder = path.resolve(path.dirname(file), c.episode);
    if (!load) { report(`task '${def.id}': counterexample '${c.reason}' names episode ${c.episode}, but nothing here can read episode folders`); return undefined; }
    try {
      out.push({ ...c, steps: await load(folder) });
    } catch (e) {
      report(`task '${def.id}': counterexample '${c.reason}': cannot read episode ${c.episode}: ${(e as Error).message}`);
      return undefined;
    }
  }
  return { ...def, counterexamples: out };
}

export async function loadTasks(paths: string[], options: LoadOptions = {}): Promise<{ instances: TaskInstance[]; diagnostics: Diagnostic[] }> {
  const { files, diagnostics } = await loadTaskFiles(paths, options);
  return { instances: files.flatMap((f) => f.instances), diagnostics };
}
