// The golden screenshots in docs/images/ are what the phone draws today, byte for byte: both
// generators (the system apps' goldens and the catalogue's, with interference screens) run into
// a temporary folder and every file must equal the committed one. Rendering changes (damaged-
// rectangle redraw, encoders) must keep these identical; a deliberate visual change regenerates
// them with the same two commands.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageRoot } from './runtime/package-root';

const root = packageRoot();
const GENERATORS = ['src/mockphone/tools/goldens.ts', 'src/mockphone/apps/catalog-shared/goldens.ts'];

describe('golden screenshots', () => {
  for (const script of GENERATORS) {
    it(`${script} reproduces docs/images byte for byte`, () => {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-goldens-'));
      try {
        const run = spawnSync(process.execPath, ['--import', 'tsx', script, out], { cwd: root, encoding: 'utf8' });
        assert.equal(run.status, 0, run.stderr);
        const files = fs.readdirSync(out).filter((f) => f.endsWith('.png'));
        assert.ok(files.length > 10, `only ${files.length} goldens written`);
        const differ = files.filter((f) => !fs.readFileSync(path.join(out, f)).equals(fs.readFileSync(path.join(root, 'docs', 'images', f))));
        assert.deepEqual(differ, [], `goldens that changed: ${differ.join(', ')}`);
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }
    });
  }
});
