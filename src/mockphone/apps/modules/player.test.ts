// The media player module on a phone: play/pause, next/previous and seeking write the state
// table (track, playing, position) a verifier reads; tapping a queued track plays it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppSpec } from './spec';
import { phoneWithApp } from './testing';

const SPEC: AppSpec = {
  file: 'player.app.yaml', package: 'com.example.player', label: 'Player', home: 'player',
  database: {
    schema: `CREATE TABLE tracks (id INTEGER PRIMARY KEY, title TEXT, artist TEXT, seconds INTEGER);
      CREATE TABLE player (key TEXT PRIMARY KEY, value INTEGER);`,
    seed: { rows: { 'en-US': { tracks: [
      { id: 1, title: 'Blue Hour', artist: 'Nova', seconds: 200 },
      { id: 2, title: 'Paper Boats', artist: 'Lumen', seconds: 180 },
      { id: 3, title: 'Night Train', artist: 'Nova', seconds: 240 },
    ] } } },
  },
  screens: {
    player: { module: 'player', title: 'Now playing', query: { sql: 'SELECT * FROM tracks ORDER BY id' }, item: { title: 'row.title', artist: 'row.artist', duration: 'row.seconds' }, state: 'player' },
  },
};

const state = async (sql: (q: string) => Promise<Record<string, unknown>[]>) => Object.fromEntries((await sql('SELECT key, value FROM player')).map((r) => [r.key, r.value]));

test('player: play, next, seek, previous and a queued track — each kept in the state table', async () => {
  const { phone, d, sql } = await phoneWithApp(SPEC);
  assert.equal((await d.find({ id: 'track_title' })).text, 'Blue Hour');
  assert.equal((await d.find({ id: 'play_pause' })).contentDesc, 'Play');
  await d.tap({ id: 'play_pause' });
  assert.deepEqual(await state(sql), { track: 1, playing: 1 });
  assert.equal((await d.find({ id: 'play_pause' })).contentDesc, 'Pause');
  await d.tap({ id: 'next' });
  assert.deepEqual(await state(sql), { track: 2, playing: 1, position: 0 });
  assert.equal((await d.find({ id: 'track_title' })).text, 'Paper Boats');
  const bar = await d.find({ id: 'seek_bar' });
  await phone.tap({ x: Math.round(bar.bounds.x1 + (bar.bounds.x2 - bar.bounds.x1) * 0.5), y: Math.round((bar.bounds.y1 + bar.bounds.y2) / 2) });
  const at = Number((await state(sql)).position);
  assert.ok(at >= 85 && at <= 95, `seeked to the middle of 180 s: ${at}`);
  assert.equal((await d.find({ id: 'seek_bar' })).contentDesc, `${Math.floor(at / 60)}:${String(at % 60).padStart(2, '0')} / 3:00`);
  await d.tap({ id: 'previous' }); // past 3 s: back to the start of the track
  assert.deepEqual(await state(sql), { track: 2, playing: 1, position: 0 });
  await d.tap({ id: 'previous' });
  assert.equal((await state(sql)).track, 1);
  await d.tap({ id: 'play_pause' });
  assert.equal((await state(sql)).playing, 0);
  await d.tap({ id: 'track', desc: 'Night Train' });
  assert.deepEqual(await state(sql), { track: 3, playing: 1, position: 0 });
});
