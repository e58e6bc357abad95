// The modules' own words follow the phone's locale: a zh-CN phone's feed and player say their
// content-descs in Chinese (the app's `@key` texts are its own business).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppSpec } from './spec';
import { phoneWithApp } from './testing';

const SPEC: AppSpec = {
  file: 'words.app.yaml', package: 'com.example.words', label: 'Words', home: 'feed',
  database: {
    schema: 'CREATE TABLE posts (id INTEGER PRIMARY KEY, author TEXT, body TEXT, liked INTEGER, likes INTEGER); CREATE TABLE player (key TEXT PRIMARY KEY, value INTEGER);',
    seed: { rows: { 'en-US': { posts: [{ id: 1, author: '王军', body: '你好', liked: 0, likes: 0 }] } } },
  },
  screens: {
    feed: { module: 'feed', title: 'Feed', query: { sql: 'SELECT * FROM posts' }, item: { author: 'row.author', text: 'row.body' }, like: { table: 'posts', flag: 'liked', count: 'likes' },
      actions: [{ icon: 'music_note', desc: 'Music', id: 'music', do: [{ navigate: 'music' }] }] },
    music: { module: 'player', query: { sql: 'SELECT id, body FROM posts' }, item: { title: 'row.body', duration: '60' }, state: 'player' },
  },
};

test('module words: Chinese on a zh-CN phone, English on an en-US one', async () => {
  const zh = await phoneWithApp(SPEC, { locale: 'zh-CN' });
  assert.equal((await zh.d.find({ id: 'like' })).contentDesc, '赞王军的动态');
  await zh.d.tap({ id: 'music' });
  assert.equal((await zh.d.find({ id: 'play_pause' })).contentDesc, '播放');
  const en = await phoneWithApp(SPEC);
  assert.equal((await en.d.find({ id: 'like' })).contentDesc, 'Like post by 王军');
});
