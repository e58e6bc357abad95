// `--apps DIR`, for the commands that make mock phones or load tasks (check, run, serve-device,
// serve-env): the workspace's app files, whose apps join the built-ins. The catalogue is loaded
// (and each declared seed tried) before anything runs, and its problems are reported with the
// file and line; an app with errors is left out, the others load.
import path from 'node:path';
import { formatDiagnostic, type Diagnostic } from '../task/diagnostic';

export const APPS_OPTION = { apps: { type: 'string' } } as const;

export const APPS_HELP = `  --apps DIR       the workspace's mock apps: every *.app.yaml (and *.app.ts) under DIR
                   joins the built-in apps; several folders joined by '${path.delimiter}' load as
                   one catalogue (see docs/authoring-apps.md)
`;

/** The app files' diagnostics (schema, meaning, seeds), loading the catalogue for phones of `dir`. */
export async function appDiagnostics(dir: string | undefined): Promise<Diagnostic[]> {
  if (dir === undefined) return [];
  const { phoneApps } = await import('../studio/phone-apps');
  return (await phoneApps(dir)).diagnostics;
}

/**
 * What `check` reports of the app files: those diagnostics, and that every seed is
 * deterministic (several seeds, every locale) and every tappable element of every screen
 * reached from the launcher has a resource-id or text (src/studio/app-files/check-apps.ts).
 */
export async function checkedAppDiagnostics(dir: string | undefined): Promise<Diagnostic[]> {
  if (dir === undefined) return [];
  const { checkAppFiles } = await import('../studio/app-files/check-apps');
  return checkAppFiles(dir);
}

/** Writes the app files' diagnostics to stderr; the number of errors among them. */
export async function reportAppProblems(dir: string | undefined, write: (s: string) => void = (s) => process.stderr.write(s)): Promise<number> {
  const ds = await appDiagnostics(dir);
  for (const d of ds) write(`${formatDiagnostic(d)}\n`);
  return ds.filter((d) => d.severity === 'error').length;
}
