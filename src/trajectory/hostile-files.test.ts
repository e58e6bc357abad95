// Step files an episode folder must not be trusted with: a symbolic link out of the folder
// (its target was read into the export whole when the log's byte count matched) and a
// "screenshot" that is no image. Both are named, left out, and the rest is exported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EpisodeWriter } from './writer';
import { readEpisode } from './reader';
import { exportTrajectories } from './export';
import { sampleManifest, sampleStep } from './testing/samples';

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0xff, 0xd9]);

test('a symlinked or non-image screenshot is named and left out; nothing outside the folder is read', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-hostile-files-'));
  try {
    const secret = path.join(root, 'secret.txt');
    fs.writeFileSync(secret, 'TOP-SECRET'); // 10 bytes
    const dir = path.join(root, 'ep');
    const w = await EpisodeWriter.create(dir, sampleManifest({}));
    for (let i = 1; i <= 3; i++) await w.appendStep(sampleStep(i, jpeg));
    await w.finish({ success: true, score: 1, terminatedBy: 'finish', reason: 'ok' });
    // Step 2's screenshot → a link to a file of the same length as the log says; step 3's → text.
    const lines = fs.readFileSync(path.join(dir, 'steps.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    lines[1].screenshot.bytes = 10;
    fs.writeFileSync(path.join(dir, 'steps.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    fs.rmSync(path.join(dir, '0002.jpg'));
    fs.symlinkSync(secret, path.join(dir, '0002.jpg'));
    fs.writeFileSync(path.join(dir, '0003.jpg'), 'notajpeg');
    lines[2].screenshot.bytes = 8;
    fs.writeFileSync(path.join(dir, 'steps.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);

    const ep = await readEpisode(dir);
    assert.deepEqual(ep.missing.map((m) => m.step), [2, 3]);
    assert.ok(ep.problems.includes('step 2: 0002.jpg is a symbolic link, not a file of the episode: not read'), ep.problems.join('\n'));
    assert.ok(ep.problems.includes('step 3: 0003.jpg is not a JPEG image'), ep.problems.join('\n'));

    for (const format of ['phonebuddy', 'llamafactory'] as const) {
      const outDir = path.join(root, `out-${format}`);
      const warnings: string[] = [];
      const stats = await exportTrajectories({ inputs: [dir], format, outDir, warn: (m) => warnings.push(m) });
      assert.equal(stats.steps.exported, 1, format);
      assert.ok(warnings.some((m) => m.includes('0002.jpg is a symbolic link')), warnings.join('\n'));
      const written = fs.readdirSync(outDir, { recursive: true, withFileTypes: true });
      for (const f of written) {
        if (f.isSymbolicLink()) assert.fail(`${f.name}: a link in the export`);
        if (f.isFile()) {
          const text = fs.readFileSync(path.join(f.parentPath, f.name), 'latin1');
          assert.ok(!text.includes('TOP-SECRET') && !text.includes(Buffer.from('TOP-SECRET').toString('base64')), `${f.name} holds the linked file`);
        }
      }
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
