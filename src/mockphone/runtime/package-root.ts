// Finds the project folder (nearest package.json upward), so assets resolve the same way from
// source (tsx, src/mockphone/…) and from bundles (dist/…).
import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

export function packageRoot(): string {
  if (cached) return cached;
  let dir = __dirname;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return (cached = dir);
    const parent = path.dirname(dir);
    if (parent === dir) return (cached = process.cwd());
    dir = parent;
  }
}
