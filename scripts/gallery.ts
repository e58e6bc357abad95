// `npm run docs:gallery` (node --import tsx scripts/gallery.ts): the gallery of docs/mock-phone.md —
// one screenshot per launcher app, the built-ins and the catalogue's (catalogue/apps/, whatever is
// there), each taken from the mock phone itself (seed 0, en-US, light theme) on the app's first
// screen, written small (downscaled, palette PNG) to docs/images/gallery/<package>.png, and the
// table between the gallery markers of docs/mock-phone.md rewritten. Images of apps no longer
// there are removed. Rerun it after apps land; test/unit/gallery.test.ts fails while an app is missing.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { localize } from '../src/mockphone/apps/app';
import { mockPhoneForTask } from '../src/studio/phones';
import { galleryApps, galleryTable, GALLERY_DIR, replaceGallery, MOCK_PHONE_DOC, THUMB_WIDTH } from './lib/gallery-table';

const root = path.resolve(__dirname, '..');
const appsDir = path.join(root, 'catalogue', 'apps');

(async () => {
  const apps = await galleryApps(appsDir);
  const phone = await mockPhoneForTask({ seed: 0, locale: 'en-US' }, { appsDir });
  const dir = path.join(root, GALLERY_DIR);
  fs.mkdirSync(dir, { recursive: true });
  let bytes = 0;
  try {
    for (const app of apps) {
      await phone.reset(0);
      await phone.openApp(app.package);
      const shot = await phone.screenshot({ format: 'png' });
      // Downscaled and quantised: a palette of 64 colours keeps each image around 20 KB.
      const png = await sharp(shot.data).resize({ width: THUMB_WIDTH, kernel: 'lanczos3' }).png({ palette: true, colors: 64, compressionLevel: 9, effort: 10 }).toBuffer();
      fs.writeFileSync(path.join(dir, `${app.package}.png`), png);
      bytes += png.length;
      process.stdout.write(`${app.package} (${localize(app.label, 'en-US')}): ${(png.length / 1024).toFixed(1)} KB\n`);
    }
  } finally {
    await phone.close();
  }
  const keep = new Set(apps.map((a) => `${a.package}.png`));
  for (const f of fs.readdirSync(dir)) if (f.endsWith('.png') && !keep.has(f)) fs.rmSync(path.join(dir, f));
  const doc = path.join(root, MOCK_PHONE_DOC);
  fs.writeFileSync(doc, replaceGallery(fs.readFileSync(doc, 'utf8'), galleryTable(apps)));
  process.stdout.write(`${apps.length} apps, ${(bytes / 1024).toFixed(0)} KB in ${GALLERY_DIR}; table written to ${MOCK_PHONE_DOC}\n`);
})().catch((e: unknown) => {
  process.stderr.write(`gallery: ${(e as Error).stack ?? e}\n`);
  process.exit(1);
});
