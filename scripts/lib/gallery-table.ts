// The gallery of docs/mock-phone.md as data: which apps it shows (the launcher's: built-ins, then
// the catalogue's) and its markdown table. Shared by scripts/gallery.ts, which takes the
// screenshots, and test/unit/gallery.test.ts, which checks the page names every app.
import type { AppInfo } from '../../src/mockphone/apps/app';
import { localize } from '../../src/mockphone/apps/app';
import { workspaceApps } from '../../src/studio/workspace-apps';

export const MOCK_PHONE_DOC = 'docs/mock-phone.md';
export const GALLERY_DIR = 'docs/images/gallery';
export const THUMB_WIDTH = 240;
const START = '<!-- gallery: written by scripts/gallery.ts (npm run docs:gallery); do not edit -->';
const END = '<!-- /gallery -->';
const COLUMNS = 4;

/** The apps on the launcher of a phone with the catalogue's apps, in launcher order. */
export async function galleryApps(appsDir: string): Promise<AppInfo[]> {
  return (await workspaceApps(appsDir)).infos.filter((a) => !a.hidden);
}

export function galleryTable(apps: readonly AppInfo[]): string {
  const cell = (a: AppInfo) => `![${localize(a.label, 'en-US')}](images/gallery/${a.package}.png)<br>**${localize(a.label, 'en-US')}** / ${localize(a.label, 'zh-CN')}<br>\`${a.package}\``;
  const rows: string[] = [];
  for (let i = 0; i < apps.length; i += COLUMNS) {
    const part = apps.slice(i, i + COLUMNS).map(cell);
    while (part.length < COLUMNS) part.push(' ');
    rows.push(`| ${part.join(' | ')} |`);
  }
  return [START, '', `| ${Array(COLUMNS).fill(' ').join(' | ')} |`, `|${Array(COLUMNS).fill('---').join('|')}|`, ...rows, '', END].join('\n');
}

/** The page with its gallery replaced (the markers must be there: they say where it goes). */
export function replaceGallery(doc: string, table: string): string {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${MOCK_PHONE_DOC} has no gallery markers: put ${START} and ${END} where the gallery goes`);
  return doc.slice(0, a) + table + doc.slice(b + END.length);
}

/** The gallery part of the page, markers included ('' when there is none). */
export function currentGallery(doc: string): string {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  return a < 0 || b < a ? '' : doc.slice(a, b + END.length);
}
