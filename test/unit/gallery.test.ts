// docs/mock-phone.md's gallery shows every launcher app, the built-ins and whatever
// catalogue/apps/ holds: its table is the one scripts/gallery.ts writes for the apps there now,
// and each picture exists, small. (The pictures themselves are retaken by `npm run docs:gallery`.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { currentGallery, galleryApps, galleryTable, GALLERY_DIR, MOCK_PHONE_DOC, THUMB_WIDTH } from '../../scripts/lib/gallery-table';

const root = path.resolve(__dirname, '..', '..');

test('the gallery of docs/mock-phone.md has a small picture of every app (else: npm run docs:gallery)', async () => {
  const apps = await galleryApps(path.join(root, 'catalogue', 'apps'));
  assert.ok(apps.some((a) => a.package === 'com.phonebuddy.messages') && apps.some((a) => a.package === 'com.phonebuddy.moments'), 'built-ins and catalogue apps');
  const doc = fs.readFileSync(path.join(root, MOCK_PHONE_DOC), 'utf8');
  assert.equal(currentGallery(doc), galleryTable(apps), 'the gallery table is stale: run npm run docs:gallery');
  for (const a of apps) {
    const file = path.join(root, GALLERY_DIR, `${a.package}.png`);
    assert.ok(fs.existsSync(file), `${a.package} has no picture: run npm run docs:gallery`);
    assert.ok(fs.statSync(file).size < 48 * 1024, `${a.package}: ${fs.statSync(file).size} bytes`);
    const meta = await sharp(file).metadata();
    assert.equal(meta.width, THUMB_WIDTH, a.package);
  }
});
