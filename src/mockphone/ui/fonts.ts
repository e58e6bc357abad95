// Registers the bundled fonts (assets/fonts/, built by scripts/make-fonts.mjs) once per
// process, so every machine draws the same glyphs. Roboto for Latin, a GB2312 subset of Noto
// Sans SC (registered as "PhoneBuddy Sans SC") for Chinese; canvas falls back per glyph.
import fs from 'node:fs';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import { packageRoot } from '../runtime/package-root';

export const FONT_STACK = 'Roboto, "PhoneBuddy Sans SC"';

const FILES: [string, string][] = [
  ['Roboto-Regular.ttf', 'Roboto'],
  ['Roboto-Medium.ttf', 'Roboto'],
  ['Roboto-Bold.ttf', 'Roboto'],
  ['PhoneBuddySansSC-Regular.ttf', 'PhoneBuddy Sans SC'],
];

let registered = false;

export function fontsDir(): string {
  const dir = path.join(packageRoot(), 'assets', 'fonts');
  if (!fs.existsSync(path.join(dir, FILES[0][0]))) {
    throw new Error(`mock phone fonts not found in ${dir}; run: node scripts/make-fonts.mjs`);
  }
  return dir;
}

export function registerFonts(): void {
  if (registered) return;
  const dir = fontsDir();
  for (const [file, family] of FILES) {
    const p = path.join(dir, file);
    if (!GlobalFonts.registerFromPath(p, family)) throw new Error(`could not register font ${p}`);
  }
  registered = true;
}

export function font(px: number, weight: number): string {
  return `${weight} ${px}px ${FONT_STACK}`;
}
