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

/** uint32 sum of a 4-byte-padded block, as SFNT table checksums are computed. */
function checksum(data) {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/**
 * Renames a TrueType font: rewrites the family, unique, full and PostScript names (name IDs
 * 1, 3, 4, 6, 16, 17) in its `name` table, keeps the copyright and every other record, and
 * rebuilds the file with correct table checksums.
 */
function renameFont(font, family, postscript) {
  const numTables = font.readUInt16BE(4);
  const tables = [];
  for (let i = 0; i < numTables; i++) {
    const o = 12 + i * 16;
    tables.push({ tag: font.toString('latin1', o, o + 4), data: font.subarray(font.readUInt32BE(o + 8), font.readUInt32BE(o + 8) + font.readUInt32BE(o + 12)) });
  }
  const name = tables.find((t) => t.tag === 'name');
  const count = name.data.readUInt16BE(2);
  const storage = name.data.readUInt16BE(4);
  const replaced = { 1: family, 3: `${postscript};PhoneBuddy subset`, 4: `${family} Regular`, 6: postscript, 16: family, 17: 'Regular' };
  const records = [];
  for (let r = 0; r < count; r++) {
    const o = 6 + r * 12;
    const [platform, encoding, language, id, length, offset] = [0, 2, 4, 6, 8, 10].map((k) => name.data.readUInt16BE(o + k));
    let bytes = name.data.subarray(storage + offset, storage + offset + length);
    if (id in replaced) {
      bytes = platform === 3 || platform === 0 ? Buffer.from(replaced[id], 'utf16le').swap16() : Buffer.from(replaced[id], 'latin1');
    }
    records.push({ platform, encoding, language, id, bytes });
  }
  const header = Buffer.alloc(6 + records.length * 12);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(records.length, 2);
  header.writeUInt16BE(header.length, 4);
  let strings = Buffer.alloc(0);
  records.forEach((r, i) => {
    const o = 6 + i * 12;
    [r.platform, r.encoding, r.language, r.id, r.bytes.length, strings.length].forEach((v, k) => header.writeUInt16BE(v, o + k * 2));
    strings = Buffer.concat([strings, r.bytes]);
  });
  name.data = Buffer.concat([header, strings]);

  const head = tables.find((t) => t.tag === 'head');
  head.data = Buffer.from(head.data);
  head.data.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  const dirSize = 12 + numTables * 16;
  const out = [font.subarray(0, 12)];
  const dir = Buffer.alloc(numTables * 16);
  let offset = dirSize;
  const bodies = [];
  tables.forEach((t, i) => {
    dir.write(t.tag, i * 16, 'latin1');
    dir.writeUInt32BE(checksum(t.data), i * 16 + 4);
    dir.writeUInt32BE(offset, i * 16 + 8);
    dir.writeUInt32BE(t.data.length, i * 16 + 12);
    const padded = Buffer.concat([t.data, Buffer.alloc((4 - (t.data.length % 4)) % 4)]);
    bodies.push(padded);
    offset += padded.length;
  });
  const result = Buffer.concat([...out, dir, ...bodies]);
  const headOffset = dir.readUInt32BE(tables.indexOf(head) * 16 + 8);
  result.writeUInt32BE((0xb1b0afba - checksum(result)) >>> 0, headOffset + 8);
  return result;
}

const hanzi = gb2312Hanzi();
const text = range(0x20, 0x7e) + range(0xa0, 0xff) + range(0x2010, 0x206f) + range(0x3000, 0x303f)
  + range(0xff00, 0xffef) + hanzi;
const notoDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
const source = fs.readFileSync(path.join(notoDir, '400Regular', 'NotoSansSC_400Regular.ttf'));
const started = Date.now();
const subset = await subsetFont(source, text, { targetFormat: 'sfnt' });
fs.writeFileSync(path.join(out, 'PhoneBuddySansSC-Regular.ttf'), renameFont(subset, 'PhoneBuddy Sans SC', 'PhoneBuddySansSC-Regular'));
fs.copyFileSync(path.join(notoDir, 'LICENSE_FONT'), path.join(out, 'OFL-NotoSansSC.txt'));
console.log(`[fonts] ${hanzi.length} hanzi, subset ${(subset.length / 1024).toFixed(0)} KiB in ${Date.now() - started} ms -> ${path.relative(root, out)}`);
