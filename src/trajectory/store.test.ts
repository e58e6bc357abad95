// The episode store: durable order of writes, atomic manifest, repair of cut-off recordings
// (including a real SIGKILL of a recording process), disk-full handling, unsafe file names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EpisodeWriter, createEpisodeFolder } from './writer';
import { readEpisode, findEpisodeFolders, CorruptEpisodeError } from './reader';
import { nodeDurableFs, type DurableFs } from './durable-fs';
import { threadDurableFs } from './write-thread/thread-fs';
import { MANIFEST_FILE, STEPS_FILE } from './format';
import { sampleManifest, sampleStep } from './testing/samples';
import { killAfterSteps } from './testing/complete-steps';

const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'pb-traj-'));
const jpeg = (n: number): Buffer => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(n, n % 251), Buffer.from([0xff, 0xd9])]);

test('a recorded episode reads back exactly: manifest, steps, files byte-equal', async () => {
  const root = tmp();
  const folder = await createEpisodeFolder(root, 'notes.save#text=hi', 'ep-0001-abcdef', new Date(Date.UTC(2026, 0, 2, 3, 4, 5)));
  assert.match(path.basename(folder), /^20260102-030405-notes.save-text-hi-ep0001ab$/);
  const w = await EpisodeWriter.create(folder, sampleManifest());
  const images = [jpeg(1000), jpeg(2000), jpeg(3000)];
  for (let i = 0; i < 3; i++) await w.appendStep(sampleStep(i + 1, images[i]));
  await w.finish({ success: true, score: 1, terminatedBy: 'finish', reason: 'done', verify: { passed: true, score: 1, results: [] } });
  const r = await readEpisode(folder);
  assert.deepEqual(r.problems, []);
  assert.equal(r.manifest.status, 'complete');
  assert.equal(r.manifest.steps, 3);
  assert.equal(r.manifest.writer, undefined, 'a finished recording names no writer');
  assert.equal(r.manifest.outcome?.success, true);
  assert.deepEqual(r.steps.map((s) => s.index), [1, 2, 3]);
  for (let i = 0; i < 3; i++) {
    assert.ok(fs.readFileSync(path.join(folder, r.steps[i].screenshot!.file)).equals(images[i]), 'the JPEG bytes are stored untouched');
    assert.equal(fs.readFileSync(path.join(folder, r.steps[i].uiTree!.file), 'utf8'), `<hierarchy><node text="step ${i + 1}"/></hierarchy>`);
  }
  assert.deepEqual(findEpisodeFolders([root]), [folder]);
  assert.deepEqual(findEpisodeFolders([folder]), [folder]);
});

test('a step resolves only once its files, their folder entry and its line are all durable', async () => {
  const folder = path.join(tmp(), 'ep');
  const log: string[] = [];
  const spy: DurableFs = {
    writeFile: async (f, d) => { await nodeDurableFs.writeFile(f, d); log.push(`file ${path.basename(f)}`); },
    append: async (f, d) => { await nodeDurableFs.append(f, d); log.push(`append ${path.basename(f)}`); },
    replace: async (f, d) => { await nodeDurableFs.replace(f, d); log.push(`replace ${path.basename(f)}`); },
    syncDir: async (d) => { await nodeDurableFs.syncDir(d); log.push('syncDir'); },
    mkdir: nodeDurableFs.mkdir,
  };
  const w = await EpisodeWriter.create(folder, sampleManifest(), { fs: spy });
  log.length = 0;
  await w.appendStep(sampleStep(1, jpeg(10)));
  assert.deepEqual(log.sort(), ['append steps.jsonl', 'file 0001.jpg', 'file 0001.xml', 'syncDir']);
  await assert.rejects(w.appendStep(sampleStep(1)), /in order/);
});

test('the opening manifest: content and folder entry synced at once, its name made durable by the first step', async () => {
  const root = tmp();
  const folder = path.join(root, 'ep');
  const log: string[] = [];
  const threaded = threadDurableFs();
  assert.ok(threaded.createDeferred && threaded.commitStep, 'the sync threads are used from the sources');
  const spy: DurableFs = {
    ...threaded,
    replace: async (f, d) => { await threaded.replace(f, d); log.push(`replace ${path.basename(f)}`); },
    syncDir: async (d) => { await threaded.syncDir(d); log.push(`syncDir ${path.basename(d)}`); },
    createDeferred: async (f, d, also) => { await threaded.createDeferred!(f, d, also); log.push(`createDeferred ${path.basename(f)} with ${also === root ? 'root' : also}`); },
    commitStep: async (c) => { await threaded.commitStep!(c); log.push(`commit ${c.files.map((f) => f.name).join(' ')}${c.syncFolder ? ' +folder' : ''}`); },
  };
  const w = await EpisodeWriter.create(folder, sampleManifest(), { fs: spy });
  assert.deepEqual(log, ['createDeferred manifest.json with root'], 'one round, no replace and no separate folder sync');
  assert.deepEqual(fs.readdirSync(folder), [MANIFEST_FILE], 'renamed into place, no temp file left');
  assert.equal(JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')).status, 'recording');
  // A first step without files still syncs the folder (the manifest's rename); the next does not.
  const bare = (i: number) => { const { uiXml: _x, ...rest } = sampleStep(i); return rest; };
  await w.appendStep(bare(1));
  await w.appendStep(bare(2));
  await w.appendStep(sampleStep(3, jpeg(10)));
  assert.deepEqual(log.slice(1), ['commit  +folder', 'commit ', 'commit 0003.jpg 0003.xml'], 'the writer asks for the folder only for the manifest; the sync threads decide for new names');
  await w.finish(undefined);
  assert.equal((await readEpisode(folder)).steps.length, 3);
});

test('step file names are made ahead: the folder is synced once every 8 steps, and nothing is left over', async () => {
  const folder = path.join(tmp(), 'ep');
  const threaded = threadDurableFs();
  const synced: boolean[] = [];
  const spy: DurableFs = {
    ...threaded,
    commitStep: async (c) => {
      const before = fs.readdirSync(folder).length;
      await threaded.commitStep!(c);
      // A commit that synced the folder made the next steps' names: the folder grew by more than its own files.
      synced.push(fs.readdirSync(folder).length > before + c.files.length + (before === 1 ? 1 : 0));
    },
  };
  const w = await EpisodeWriter.create(folder, sampleManifest(), { fs: spy });
  for (let i = 1; i <= 10; i++) {
    await w.appendStep(sampleStep(i, jpeg(100 + i)));
    if (i === 1) assert.ok(fs.existsSync(path.join(folder, '0009.jpg')) && fs.statSync(path.join(folder, '0009.xml')).size === 0, 'steps 2-9 have their names already');
  }
  assert.deepEqual(synced, [true, false, false, false, false, false, false, false, false, true]);
  const live = await readEpisode(folder);
  assert.deepEqual(live.problems, [], 'a live recording with names made ahead reads clean');
  await w.finish(undefined);
  const names = fs.readdirSync(folder).sort();
  assert.deepEqual(names, [MANIFEST_FILE, ...Array.from({ length: 10 }, (_, i) => [`${String(i + 1).padStart(4, '0')}.jpg`, `${String(i + 1).padStart(4, '0')}.xml`]).flat(), STEPS_FILE].sort(), 'the unused names are removed at the end');
  const r = await readEpisode(folder);
  assert.deepEqual(r.problems, []);
  for (const s of r.steps) assert.ok(fs.readFileSync(path.join(folder, s.screenshot!.file)).equals(jpeg(100 + s.index)));
});

test('a cut-off recording is repaired to its last complete step; nothing earlier is lost', async () => {
  const folder = path.join(tmp(), 'ep');
  const w = await EpisodeWriter.create(folder, sampleManifest());
  for (let i = 1; i <= 4; i++) await w.appendStep(sampleStep(i, jpeg(100 * i)));
  // What a kill in the middle of steps 5 and 6 can leave: step 5's line complete but its
  // screenshot short, step 6's line cut off.
  const five = JSON.parse(fs.readFileSync(path.join(folder, STEPS_FILE), 'utf8').split('\n')[3]);
  five.index = 5;
  five.screenshot.file = '0005.jpg';
  five.uiTree.file = '0005.xml';
  fs.writeFileSync(path.join(folder, '0005.jpg'), jpeg(50));
  fs.appendFileSync(path.join(folder, STEPS_FILE), `${JSON.stringify(five)}\n{"index":6,"time":"2026-`);
  const m = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), 'utf8'));
  m.writer = { pid: 2 ** 22 + 12345, host: os.hostname() }; // a pid that is not running
  fs.writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify(m));

  const looked = await readEpisode(folder);
  assert.equal(looked.repaired, false, 'reading without repair changes nothing');
  assert.equal(looked.steps.length, 4);
  assert.ok(fs.existsSync(path.join(folder, '0005.jpg')));

  const r = await readEpisode(folder, { repair: true });
  assert.equal(r.repaired, true);
  assert.equal(r.manifest.status, 'interrupted');
  assert.equal(r.manifest.steps, 4);
  assert.deepEqual(r.steps.map((s) => s.index), [1, 2, 3, 4]);
  assert.ok(r.problems.some((p) => /line 6 is cut off/.test(p)), r.problems.join('\n'));
  assert.ok(r.problems.some((p) => /step 5 was cut off while its files were written/.test(p)), r.problems.join('\n'));
  assert.ok(!fs.existsSync(path.join(folder, '0005.jpg')), 'the orphan screenshot is removed');
  assert.ok(fs.readFileSync(path.join(folder, STEPS_FILE), 'utf8').endsWith('}\n'));
  const again = await readEpisode(folder, { repair: true });
  assert.equal(again.repaired, false, 'repair is idempotent');
  assert.deepEqual(again.problems, []);
});

test('SIGKILL of a recording process: reopened and repaired up to its last complete step', async () => {
  const folder = path.join(tmp(), 'killed');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'testing', 'record-forever.ts'), folder], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`recorder exited early with ${code}`)));
  });
  const before = await killAfterSteps(child, folder, 5);
  assert.ok(before >= 5, `the child recorded ${before} steps`);

  const r = await readEpisode(folder, { repair: true });
  assert.equal(r.live, false);
  assert.equal(r.manifest.status, 'interrupted');
  assert.ok(r.steps.length >= before, `kept ${r.steps.length} steps, ${before} were complete before the kill`);
  assert.deepEqual(r.steps.map((s) => s.index), Array.from({ length: r.steps.length }, (_, i) => i + 1));
  assert.deepEqual(r.missing, []);
  for (const s of r.steps) assert.equal(fs.statSync(path.join(folder, s.screenshot!.file)).size, 200_000);
  const names = fs.readdirSync(folder).filter((n) => /^\d+\./.test(n));
  assert.equal(names.length, r.steps.length * 2, 'no file without its step line is left');
});

test('a live recording is read as it is and never repaired', async () => {
  const folder = path.join(tmp(), 'live');
  const w = await EpisodeWriter.create(folder, sampleManifest());
  await w.appendStep(sampleStep(1, jpeg(10)));
  fs.appendFileSync(path.join(folder, STEPS_FILE), '{"index":2');
  const r = await readEpisode(folder, { repair: true });
  assert.equal(r.live, true);
  assert.equal(r.repaired, false);
  assert.equal(r.steps.length, 1);
  assert.ok(fs.readFileSync(path.join(folder, STEPS_FILE), 'utf8').endsWith('{"index":2'));
});

test('disk full: the recording stops with a clear message and keeps what was flushed', async () => {
  const folder = path.join(tmp(), 'full');
  let budget = Infinity;
  const enospc = (): Error => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  const full: DurableFs = {
    ...nodeDurableFs,
    writeFile: async (f, d) => {
      budget -= d.length;
      if (budget < 0) throw enospc();
      await nodeDurableFs.writeFile(f, d);
    },
  };
  const w = await EpisodeWriter.create(folder, sampleManifest(), { fs: full });
  await w.appendStep(sampleStep(1, jpeg(1000)));
  await w.appendStep(sampleStep(2, jpeg(1000)));
  budget = 500;
  await assert.rejects(w.appendStep(sampleStep(3, jpeg(1000))), (e: Error) => /disk full while writing 0003\.jpg/.test(e.message));
  assert.match(w.failed!.message, /disk full/);
  await assert.rejects(w.appendStep(sampleStep(4, jpeg(10))), /disk full/, 'later steps are refused with the same error');
  const r = await readEpisode(folder, { repair: true });
  assert.deepEqual(r.steps.map((s) => s.index), [1, 2]);
  assert.equal(r.manifest.status, 'stopped');
  assert.match(r.manifest.stopReason!, /disk full/);
  assert.deepEqual(r.missing, []);
});

test('bad folders: clear errors; a step naming a file outside its folder is refused', async () => {
  const root = tmp();
  await assert.rejects(readEpisode(path.join(root, 'nope')), CorruptEpisodeError);
  fs.mkdirSync(path.join(root, 'bad'));
  fs.writeFileSync(path.join(root, 'bad', MANIFEST_FILE), '{"format": "phonebuddy-traj');
  await assert.rejects(readEpisode(path.join(root, 'bad')), /unreadable manifest/);
  const folder = path.join(root, 'evil');
  const w = await EpisodeWriter.create(folder, sampleManifest());
  await w.appendStep(sampleStep(1, jpeg(10)));
  await w.finish(undefined);
  const line = JSON.parse(fs.readFileSync(path.join(folder, STEPS_FILE), 'utf8'));
  line.index = 2;
  line.screenshot.file = '../../etc/passwd';
  fs.appendFileSync(path.join(folder, STEPS_FILE), `${JSON.stringify(line)}\n`);
  const r = await readEpisode(folder);
  assert.equal(r.steps.length, 1);
  assert.ok(r.problems.some((p) => /line 2 is not a valid step.*screenshot\.file/.test(p)), r.problems.join('\n'));
  fs.rmSync(path.join(folder, '0001.jpg'));
  const m = await readEpisode(folder);
  assert.deepEqual(m.missing, [{ step: 1, file: '0001.jpg' }]);
  assert.ok(m.problems.some((p) => /0001\.jpg is missing/.test(p)));
});

test('a manifest or step that does not fit the format is refused naming the file and the field', async () => {
  const { checkManifest, checkStepEntry } = await import('./validate');
  const good = {
    format: 'phonebuddy-trajectory', version: 1, episodeId: 'e1', source: 'run', goal: 'g', policy: 'p', startedAt: 't', status: 'complete',
    device: { id: 'mock:1', kind: 'mock', screen: { width: 1080, height: 2400 } }, extra: { kept: true },
  };
  const m = checkManifest(structuredClone(good));
  assert.equal(m.steps, 0, 'a missing step count reads as 0');
  assert.deepEqual((m as unknown as { extra: unknown }).extra, { kept: true }, 'fields a newer writer added are kept');
  const bad = (patch: object) => checkManifest({ ...structuredClone(good), ...patch }, '/x/manifest.json');
  assert.throws(() => bad({ device: { id: 'mock:1', kind: 'mock', screen: { width: 'wide', height: 2400 } } }), /\/x\/manifest\.json: device\.screen\.width: expected a finite number, got "wide"$/);
  assert.throws(() => bad({ source: 'elsewhere' }), /\/x\/manifest\.json: source: expected one of run, test, debug, demo, other/);
  assert.throws(() => bad({ outcome: { success: 'yes' } }), /\/x\/manifest\.json: outcome\.success: expected a boolean/);
  assert.throws(() => checkManifest(null, 'manifest.json'), /manifest\.json: the manifest must be a JSON object \(expected an object, got null\)$/);
  const step = { index: 1, time: 't', instruction: 'i', thought: '', source: 'solution', status: 'ok', timings: {} };
  assert.equal(checkStepEntry(structuredClone(step)).index, 1);
  assert.throws(() => checkStepEntry({ ...step, index: 0 }, 'steps.jsonl line 4'), /steps\.jsonl line 4: index: 0 is below the minimum 1/);
  assert.throws(() => checkStepEntry({ ...step, uiTree: { file: '../etc/passwd', bytes: 1 } }), /uiTree\.file: expected a step file name like 0001\.jpg, got "\.\.\/etc\/passwd"/);
  assert.throws(() => checkStepEntry({ ...step, call: { name: 'click' } }), /call: expected a tool call with a name and args/);
});
