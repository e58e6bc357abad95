// The comments module on a phone: the post on top, its comments, and the composer — a typed
// comment is inserted through the send actions (with `text` in scope) and shows at once; a
// blank one is not sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppSpec } from './spec';
import { phoneWithApp } from './testing';

const SPEC: AppSpec = {
  file: 'comments.app.yaml', package: 'com.example.comments', label: 'Comments', home: 'comments',
  database: {
    schema: `CREATE TABLE posts (id INTEGER PRIMARY KEY, author TEXT, body TEXT);
      CREATE TABLE comments (id INTEGER PRIMARY KEY AUTOINCREMENT, post_id INTEGER, author TEXT, body TEXT, at INTEGER);`,
    seed: { rows: { 'en-US': { posts: [{ id: 7, author: 'Ana', body: 'Sunrise at the lake' }], comments: [{ post_id: 7, author: 'Bo', body: 'Wow', at: 0 }] } } },
  },
  screens: {
    comments: {
      module: 'comments', title: 'Comments',
      post: { query: { sql: 'SELECT author, body FROM posts WHERE id = 7' }, author: 'row.author', text: 'row.body' },
      query: { sql: 'SELECT author, body, at FROM comments WHERE post_id = 7 ORDER BY id' },
      item: { author: 'row.author', text: 'row.body', time: 'row.at' },
      composer: { hint: 'Add a comment', send: [{ insert: { table: 'comments', values: { post_id: '7', author: "'Me'", body: 'text', at: 'now' } } }] },
    },
  },
};

test('comments: the post and its comments; sending inserts the typed comment and clears the composer', async () => {
  const { phone, d, sql } = await phoneWithApp(SPEC);
  assert.equal((await d.find({ id: 'post_text' })).text, 'Sunrise at the lake');
  assert.deepEqual((await d.nodes({ id: 'comment_item' })).map((n) => n.contentDesc), ['Bo: Wow']);
  assert.equal((await d.find({ id: 'send_comment' })).enabled, false, 'nothing typed, nothing to send');
  await d.tap({ id: 'comment_text' });
  await d.type('  Beautiful light ');
  const before = phone.now();
  await d.tap({ id: 'send_comment' });
  const [sent] = await sql('SELECT author, body, at FROM comments WHERE id = 2');
  assert.deepEqual({ ...sent, at: undefined }, { author: 'Me', body: 'Beautiful light', at: undefined });
  assert.ok(Number(sent.at) >= before && Number(sent.at) <= phone.now(), 'stamped with the virtual time of the tap');
  assert.equal((await d.find({ id: 'comment_text' })).text, 'Add a comment', 'the composer is cleared (its hint shows)');
  assert.deepEqual((await d.nodes({ id: 'comment_item' })).map((n) => n.contentDesc), ['Bo: Wow', 'Me: Beautiful light']);
  await d.type('   ');
  await d.key('enter');
  assert.equal((await sql('SELECT COUNT(*) AS n FROM comments'))[0].n, 2, 'a blank comment is not sent');
});
