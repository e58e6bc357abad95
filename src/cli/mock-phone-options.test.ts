import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { phoneFromOptions } from './mock-phone-options';
import { run as screenshot } from './commands/screenshot';
import { run as uiDump } from './commands/ui-dump';

describe('mock phone CLI options', () => {
  it('names every bad option', async () => {
    const msg = await phoneFromOptions({ device: 'adb', seed: 'x', locale: 'fr' });
    assert.equal(typeof msg, 'string');
    for (const word of ['--device', '--seed', '--locale']) assert.ok((msg as string).includes(word), word);
    assert.match(await phoneFromOptions({ device: 'mock', seed: '0', locale: 'en-US', open: 'com.nope' }) as string, /monkey aborted/);
  });

  it('screenshot writes an image of the opened app and ui-dump writes XML', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-shot-'));
    try {
      const out = path.join(dir, 'shot.jpg');
      assert.equal(await screenshot(['--device', 'mock', '--open', 'com.phonebuddy.notes', '--out', out]), 0);
      assert.deepEqual([...fs.readFileSync(out).subarray(0, 2)], [0xff, 0xd8]);
      const xml = path.join(dir, 'ui.xml');
      assert.equal(await uiDump(['--device', 'mock', '--open', 'com.phonebuddy.notes', '--out', xml]), 0);
      assert.match(fs.readFileSync(xml, 'utf8'), /package="com\.phonebuddy\.notes"/);
      assert.equal(await screenshot(['--device', 'mock']), 2); // no --out
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
