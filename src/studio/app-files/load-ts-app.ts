// Loads a TypeScript app (*.app.ts): a whole app — manifest, screens, seed, timers — written
// against the typed entry point src/mockphone/app-api.ts, like the built-in apps. The runtime
// strips the types itself: Node 22.18 and later import .ts files natively (VS Code's extension
// host, a CLI run on a recent Node), and in development tsx does it; an older Node cannot, and
// the app is left out with a diagnostic that says which Node (or flag) it needs (noTypeStripping); types are replaced by
// spaces, so a stack frame's line is the file's line. No transpiler of our own, no eval.
//
// Whatever goes wrong is a diagnostic naming the file and line — a syntax error, a throw while
// loading, a default export that is no app — and the app is left out. A throw while rendering
// a screen (or seeding, or in a timer) is located the same way and shows on the app's crash
// screen ("… has stopped"), never taking the phone down. Callers check app-code-policy first.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { AppManifest, Screen } from '../../mockphone/apps/app';
import type { APP_KIT } from '../../mockphone/app-api';
import type { Diagnostic } from '../../task/diagnostic';
import { closest } from '../../task/schema-validate';
import { isIconName } from '../../mockphone/ui/icons';
import { ICON_NAMES } from './icon-glyphs';

export const TS_APP_FILE_SUFFIX = '.app.ts';

export interface LoadedTsApp {
  manifest?: AppManifest;
  diagnostics: Diagnostic[];
}

function problem(file: string, line: number, message: string, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  return { file, line, column: 1, endLine: line, endColumn: 1, severity, message };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The line in `file` an error happened at (from its stack or message), if it names the file. */
export function errorLine(e: unknown, file: string): number | undefined {
  const text = e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e);
  const url = pathToFileURL(file).href;
  const m = new RegExp(`(?:${escape(file)}|${escape(url)})(?:\\?[^:\\s)]*)?:(\\d+)`).exec(text);
  return m ? Number(m[1]) : undefined;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** "file:line: message", the form the app-error screen and phone-apps' diagnostics read. */
function located(e: unknown, file: string): Error {
  const line = errorLine(e, file);
  return new Error(line === undefined ? `${file}: ${messageOf(e)}` : `${file}:${line}: ${messageOf(e)}`);
}

/** The function, its throws located in `file`. */
function guarded<A extends unknown[], R>(fn: (...args: A) => R, file: string): (...args: A) => R {
  return (...args: A) => {
    try {
      return fn(...args);
    } catch (e) {
      throw located(e, file);
    }
  };
}

/** The first line holding `needle`, if any. */
function lineOf(text: string, needle: string): number | undefined {
  const i = text.split('\n').findIndex((l) => l.includes(needle));
  return i < 0 ? undefined : i + 1;
}

/** The line of `export default` (for problems with what it exports). */
function exportLine(text: string): number {
  const i = text.split('\n').findIndex((l) => /\bexport\s+default\b/.test(l));
  return i < 0 ? 1 : i + 1;
}

/** What is wrong with a default export that should be an app manifest, if anything. */
function shapeProblem(m: unknown): string | undefined {
  if (typeof m !== 'object' || m === null) return 'the default export must be an app manifest, or a function of the app kit returning one';
  const a = m as Partial<AppManifest>;
  if (typeof a.package !== 'string' || !/^[a-zA-Z][\w]*(\.[a-zA-Z][\w]*)+$/.test(a.package)) return 'the manifest needs `package`, a Java-style package name such as com.example.bank';
  if (a.label === undefined || (typeof a.label !== 'string' && typeof a.label !== 'object')) return 'the manifest needs a `label` (a string, or one per locale)';
  if (typeof a.icon !== 'object' || a.icon === null || typeof a.icon.glyph !== 'string' || typeof a.icon.bg !== 'string') return 'the manifest needs an `icon` with `glyph` and `bg`';
  if (typeof a.screens !== 'object' || a.screens === null || Object.values(a.screens).some((s) => typeof s !== 'function')) return 'the manifest needs `screens`, an object of screen functions';
  if (typeof a.home !== 'string' || !(a.home in a.screens)) return `the manifest's \`home\` must name one of its screens (${Object.keys(a.screens).join(', ') || 'none'})`;
  if (a.database !== undefined && (typeof a.database.file !== 'string' || typeof a.database.schema !== 'string')) return 'the manifest\'s `database` needs `file` and `schema`';
  return undefined;
}

/**
 * What a runtime that cannot import a .ts file says (ERR_UNKNOWN_FILE_EXTENSION), by its
 * version: Node strips types by default from 22.18 (and 23.6); from 22.6 it can with
 * --experimental-strip-types; before, not at all. The app is left out, the others load.
 */
export function noTypeStripping(nodeVersion: string): string {
  const [major, minor] = nodeVersion.replace(/^v/, '').split('.').map(Number);
  const flag = major > 22 || (major === 22 && minor >= 6);
  return `this Node (${nodeVersion}) cannot load TypeScript: TypeScript apps need a Node that strips types, ${flag
    ? 'which this one does when started with --experimental-strip-types (e.g. NODE_OPTIONS=--experimental-strip-types), or by default from 22.18'
    : 'Node 22.18 or later (the CLI: run it with such a Node; VS Code: one whose Help › About shows Node 22.18 or later)'} — the app is left out`;
}

/** Imports and checks one *.app.ts; `text` is its content (which also keys the module version). */
export async function loadTsApp(file: string, text: string): Promise<LoadedTsApp> {
  // The content's hash in the URL: a saved change is a new module, an unchanged file the cached one.
  const url = `${pathToFileURL(file).href}?v=${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
  // tsx (development, the unit tests) loads a .ts file outside an ESM package through the
  // CommonJS cache, keyed by path alone: forget it there, or a saved change would not load.
  delete createRequire(file).cache[file];
  let mod: { default?: unknown };
  try {
    mod = (await import(url)) as { default?: unknown };
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION') return { diagnostics: [problem(file, 1, noTypeStripping(process.version))] };
    if (code === 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX') {
      return { diagnostics: [problem(file, errorLine(e, file) ?? 1, `the app uses TypeScript that is not erasable (enum, namespace, parameter properties, …), which the runtime cannot strip: ${messageOf(e)}`)] };
    }
    return { diagnostics: [problem(file, errorLine(e, file) ?? 1, `the app fails to load: ${messageOf(e)}`)] };
  }
  let manifest: unknown = mod.default;
  if (typeof manifest === 'function') {
    try {
      // The kit (the UI toolkit) is loaded only once a workspace has a TypeScript app: loading
      // tasks must not load screen code otherwise (src/studio/no-screens.test.ts).
      const { APP_KIT: kit } = await import('../../mockphone/app-api');
      manifest = (manifest as (k: typeof APP_KIT) => unknown)(kit);
    } catch (e) {
      return { diagnostics: [problem(file, errorLine(e, file) ?? exportLine(text), `the app's default export throws: ${messageOf(e)}`)] };
    }
  }
  const wrong = shapeProblem(manifest);
  if (wrong) return { diagnostics: [problem(file, exportLine(text), wrong)] };
  // A glyph the phone lacks draws a blank launcher icon (the typed API catches it in the editor; a plain cast does not).
  const glyph = (manifest as AppManifest).icon.glyph as string;
  const hint = closest(glyph, [...ICON_NAMES]);
  const warnings = isIconName(glyph) ? [] : [problem(file, lineOf(text, `'${glyph}'`) ?? lineOf(text, `"${glyph}"`) ?? exportLine(text),
    `icon glyph '${glyph}' is not one the phone has: the launcher icon draws none${hint ? ` (did you mean '${hint}'?)` : ''}; the glyphs are in src/mockphone/ui/icons.ts`, 'warning')];
  return { manifest: locatedThrows(manifest as AppManifest, file), diagnostics: warnings };
}

/** The manifest with every piece of its code (screens, seed, timers) reporting throws as file:line. */
function locatedThrows(app: AppManifest, file: string): AppManifest {
  const screens: Record<string, Screen> = Object.fromEntries(Object.entries(app.screens).map(([name, s]) => [name, guarded(s, file)]));
  const seed = app.database?.seed;
  return {
    ...app,
    screens,
    ...(app.database ? { database: { ...app.database, ...(seed ? { seed: guarded(seed, file) } : {}) } } : {}),
    ...(app.timers ? { timers: Object.fromEntries(Object.entries(app.timers).map(([k, t]) => [k, guarded(t, file)])) } : {}),
  };
}
