// Builds the fonts the mock phone renders with, into assets/fonts/ (committed, so every
// machine draws identical screenshots). Roboto is copied as is; Noto Sans SC is subset to
// Latin + CJK punctuation + full-width forms + the 6,763 GB2312 hanzi and saved under a
// non-reserved name (the OFL reserves "Source"; we call the subset "PhoneBuddy Sans SC").
// Run: node scripts/make-fonts.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'assets', 'fonts');
fs.mkdirSync(out, { recursive: true });

const robotoDir = path.dirname(require.resolve('@expo-google-fonts/roboto/package.json'));
for (const weight of ['400Regular', '500Medium', '700Bold']) {
  fs.copyFileSync(path.join(robotoDir, weight, `Roboto_${weight}.ttf`), path.join(out, `Roboto-${weight.replace(/^\d+/, '')}.ttf`));
}
fs.copyFileSync(path.join(robotoDir, 'LICENSE_FONT'), path.join(out, 'OFL-Roboto.txt'));

/** GB2312 level 1 and 2 hanzi: rows 0xB0–0xF7, cells 0xA1–0xFE, decoded through GB18030 (a superset). */
function gb2312Hanzi() {
  const decoder = new TextDecoder('gb18030', { fatal: true });
  let chars = '';
  for (let row = 0xb0; row <= 0xf7; row++) {
    for (let cell = 0xa1; cell <= 0xfe; cell++) {
      if (row === 0xd7 && cell > 0xf9) continue; // row 55 ends at 0xF9
      chars += decoder.decode(new Uint8Array([row, cell]));
    }
  }
  return chars;
}

function range(from, to) {
  let s = '';
  for (let c = from; c <= to; c++) s += String.fromCodePoint(c);
  return s;
}

const hanzi = gb2312Hanzi();
const text = range(0x20, 0x7e) + range(0xa0, 0xff) + range(0x2010, 0x206f) + range(0x3000, 0x303f)
  + range(0xff00, 0xffef) + hanzi;
const notoDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
const source = fs.readFileSync(path.join(notoDir, '400Regular', 'NotoSansSC_400Regular.ttf'));
const started = Date.now();
const subset = await subsetFont(source, text, { targetFormat: 'sfnt' });
fs.writeFileSync(path.join(out, 'PhoneBuddySansSC-Regular.ttf'), subset);
fs.copyFileSync(path.join(notoDir, 'LICENSE_FONT'), path.join(out, 'OFL-NotoSansSC.txt'));
console.log(`[fonts] ${hanzi.length} hanzi, subset ${(subset.length / 1024).toFixed(0)} KiB in ${Date.now() - started} ms -> ${path.relative(root, out)}`);
