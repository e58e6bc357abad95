// The feed module on a phone: cards with author, text, image and counts; the like toggle
// flips the flag and moves the count in the app's table (and back); the comment button and
// a card tap run their actions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppSpec } from './spec';
import { phoneWithApp } from './testing';

const SPEC: AppSpec = {
  file: 'feed.app.yaml', package: 'com.example.feed', label: 'Feed', home: 'feed',
  database: {
    schema: 'CREATE TABLE posts (id INTEGER PRIMARY KEY, author TEXT, body TEXT, hue INTEGER, liked INTEGER NOT NULL DEFAULT 0, likes INTEGER NOT NULL DEFAULT 0, at INTEGER);',
    seed: { rows: { 'en-US': { posts: [
      { id: 1, author: 'Ana', body: 'Sunrise at the lake', hue: 200, liked: 0, likes: 4, at: 0 },
      { id: 2, author: 'Bo', body: 'New bike day', hue: null, liked: 1, likes: 9, at: 0 },
    ] } } },
  },
  screens: {
    feed: {
      module: 'feed', title: 'Feed', query: { sql: 'SELECT * FROM posts ORDER BY id' },
      item: { author: 'row.author', text: 'row.body', image: 'row.hue', time: 'row.at', comments: "'2'", comment: [{ navigate: 'post', params: { id: 'row.id' } }] },
      like: { table: 'posts', flag: 'liked', count: 'likes' },
    },
    post: { module: 'detail', title: '=row.author', query: { sql: 'SELECT author FROM posts WHERE id = ?', args: ['params.id'] }, fields: [{ label: 'By', value: 'row.author' }] },
  },
};

test('feed: cards show author, text and counts; the like toggle writes the flag and the count', async () => {
  const { d, sql } = await phoneWithApp(SPEC);
  assert.deepEqual((await d.nodes({ id: 'author' })).map((n) => n.text), ['Ana', 'Bo']);
  assert.equal((await d.nodes({ id: 'image' })).length, 1, 'only the post with a hue has an image');
  assert.equal((await d.find({ id: 'like' }, 0)).contentDesc, 'Like post by Ana');
  await d.tap({ id: 'like' }, 0);
  assert.deepEqual(await sql('SELECT liked, likes FROM posts WHERE id = 1'), [{ liked: 1, likes: 5 }]);
  assert.equal((await d.find({ id: 'like' }, 0)).contentDesc, 'Unlike post by Ana');
  assert.equal((await d.find({ id: 'like_count' }, 0)).text, '5');
  await d.tap({ id: 'like' }, 1); // Bo's post was liked: unliking lowers its count
  assert.deepEqual(await sql('SELECT liked, likes FROM posts WHERE id = 2'), [{ liked: 0, likes: 8 }]);
  await d.tap({ id: 'like' }, 0);
  assert.deepEqual(await sql('SELECT liked, likes FROM posts WHERE id = 1'), [{ liked: 0, likes: 4 }], 'a second tap takes the like back');
});

test('feed: the comment button runs its actions with the card\'s row', async () => {
  const { d } = await phoneWithApp(SPEC);
  await d.tap({ id: 'comment' }, 1);
  assert.equal((await d.find({ id: 'toolbar_title' })).text, 'Bo');
});
