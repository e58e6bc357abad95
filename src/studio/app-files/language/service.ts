// The app-file language as one module the editor loads on first use (it reaches SQLite and the
// module runtime, which activation must not load): the features, SQLite, and the packages the
// workspace's other app files declare.
import fs from 'node:fs';
import { loadSql } from '../../../mockphone/runtime/database';
import { findAppFiles } from '../find-app-files';
import type { AppWorkspace } from './diagnostics';
import { moduleKind } from './app-schema';
import { SCAFFOLD_MODULES } from './scaffold';

/** New Mock App's choices: every module it scaffolds, with the schema's description. */
export function scaffoldModuleChoices(): { name: string; description?: string }[] {
  return SCAFFOLD_MODULES.map((name) => ({ name, description: moduleKind(name)?.description }));
}

export { completeAppAt } from './completion';
export { appHoverAt } from './hover';
export { appFileDiagnostics, type AppWorkspace } from './diagnostics';
export { appFileName, defaultLabel, packageProblem, scaffoldApp, scaffoldTask, SCAFFOLD_MODULES } from './scaffold';
export { scaffoldTsApp } from './scaffold-ts';
export { moduleKinds } from './app-schema';
export { quickFixFor } from '../../../task/language/quick-fixes';
export { loadSql };

/** Larger app files are not read for their package (workspace-apps.ts refuses them too). */
const MAX_BYTES = 2 * 1024 * 1024;

/** The app files under `dir` with the package each declares (its top-level `package:` line), in load order. */
export function workspaceAppPackages(dir: string | undefined): AppWorkspace {
  if (!dir) return { apps: [] };
  const apps: { file: string; package: string }[] = [];
  for (const file of findAppFiles(dir)) {
    try {
      if (fs.statSync(file).size > MAX_BYTES) continue;
      const m = /^package\s*:\s*['"]?([\w.]+)/m.exec(fs.readFileSync(file, 'utf8'));
      if (m) apps.push({ file, package: m[1] });
    } catch {
      // unreadable: the catalogue reports it; nothing to compare here
    }
  }
  return { apps };
}
