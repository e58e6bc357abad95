// The app files of a workspace: every *.app.yaml (or, asked, *.app.ts) under a folder (dot folders and node_modules
// skipped), sorted so every process sees the same catalogue in the same order.
import fs from 'node:fs';
import path from 'node:path';

export const APP_FILE_SUFFIX = '.app.yaml';
/** More app files than this is a folder picked by mistake (a home directory), not a workspace. */
export const MAX_APP_FILES = 500;

export function findAppFiles(dir: string, suffix = APP_FILE_SUFFIX): string[] {
  const out: string[] = [];
  const visit = (d: string, depth: number): void => {
    if (depth > 12 || out.length > MAX_APP_FILES) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const full = path.join(d, e.name);
      if (e.isDirectory()) visit(full, depth + 1);
      else if (e.isFile() && e.name.endsWith(suffix)) out.push(full);
    }
  };
  visit(dir, 0);
  return out;
}
