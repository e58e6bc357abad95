// The app files of a workspace: every *.app.yaml (or, asked, *.app.ts) under a folder (dot folders and node_modules
// skipped), sorted so every process sees the same catalogue in the same order. A workspace of
// several folders (a multi-root window) has several apps folders: they travel as one string
// joined like PATH (path.delimiter), so every `appsDir` — CLI option, worker message, launch
// configuration — carries them unchanged, and their files come folder by folder.
import fs from 'node:fs';
import path from 'node:path';

export const APP_FILE_SUFFIX = '.app.yaml';
/** More app files than this is a folder picked by mistake (a home directory), not a workspace. */
export const MAX_APP_FILES = 500;

/** The apps folders an `appsDir` names (one, or several joined by path.delimiter), absolute, each once, in order. */
export function appsDirs(appsDir: string): string[] {
  return [...new Set(appsDir.split(path.delimiter).map((d) => d.trim()).filter((d) => d !== '').map((d) => path.resolve(d)))];
}

/** One `appsDir` for several folders (undefined for none): the inverse of appsDirs. */
export function joinAppsDirs(dirs: readonly string[]): string | undefined {
  const all = appsDirs(dirs.join(path.delimiter));
  return all.length === 0 ? undefined : all.join(path.delimiter);
}

/** The app files under every folder `appsDir` names, folder by folder. */
export function findAppFiles(appsDir: string, suffix = APP_FILE_SUFFIX): string[] {
  const out: string[] = [];
  for (const dir of appsDirs(appsDir)) {
    if (out.length > MAX_APP_FILES) break;
    out.push(...findAppFilesIn(dir, suffix, MAX_APP_FILES + 1 - out.length));
  }
  return out;
}

function findAppFilesIn(dir: string, suffix: string, max: number): string[] {
  const out: string[] = [];
  const visit = (d: string, depth: number): void => {
    if (depth > 12 || out.length >= max) return;
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
