// Every export input that yields no episode is named with why (a mistyped path, a file, a
// folder with a step log but no manifest, a folder with no recordings), and the good inputs
// beside it are still exported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EpisodeWriter } from '../writer';
import { exportTrajectories } from '.';
import { sampleManifest, sampleStep } from '../testing/samples';

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0xff, 0xd9]);

test('export names each input that holds no episode, and exports the rest', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-export-inputs-'));
  try {
    const good = path.join(root, 'good');
    const w = await EpisodeWriter.create(good, sampleManifest({}));
    await w.appendStep(sampleStep(1, jpeg));
    await w.finish({ success: true, score: 1, terminatedBy: 'finish', reason: 'ok' });
    // A copy of the episode whose manifest is gone: steps.jsonl alone is not an episode.
    const noManifest = path.join(root, 'no-manifest');
    fs.cpSync(good, noManifest, { recursive: true });
    fs.rmSync(path.join(noManifest, 'manifest.json'));
    const aFile = path.join(root, 'notes.txt');
    fs.writeFileSync(aFile, 'not a recording');
    const empty = path.join(root, 'empty-runs');
    fs.mkdirSync(empty);
    const missing = path.join(root, 'typo');
    const warnings: string[] = [];
    const stats = await exportTrajectories({ inputs: [noManifest, aFile, empty, missing, good], format: 'llamafactory', outDir: path.join(root, 'out'), warn: (m) => warnings.push(m) });
    assert.equal(stats.episodes.exported, 1, warnings.join('\n'));
    assert.equal(stats.steps.exported, 1);
    const about = (p: string): string | undefined => warnings.find((m) => m.startsWith(`${p}:`));
    assert.match(about(noManifest) ?? '', /has steps\.jsonl but no manifest\.json/);
    assert.match(about(aFile) ?? '', /is a file, not an episode folder/);
    assert.match(about(empty) ?? '', /no episode folders in it/);
    assert.match(about(missing) ?? '', /no such file or folder/);
    assert.equal(about(good), undefined, 'the good input draws no warning');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
