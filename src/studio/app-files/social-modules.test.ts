// Bad parameters of the feed, comments, player, places, notifications and profile modules are
// diagnostics at their lines: an unknown parameter, a missing required one, bad CEL in one of
// their expression keys, and a table or column they write that the app's schema lacks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSql } from '../../mockphone/runtime/database';
import type { Diagnostic } from '../../task/diagnostic';
import { parseAppFile } from './parse-app-file';

const sqlP = loadSql();
async function problems(text: string): Promise<Diagnostic[]> {
  return parseAppFile(text, 'social.app.yaml', await sqlP).diagnostics.filter((d) => d.severity === 'error');
}
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const has = (ds: Diagnostic[], line: number, re: RegExp) => assert.ok(ds.some((d) => d.line === line && re.test(d.message)), JSON.stringify(ds, null, 1));

const APP = `package: com.example.social
label: Social
database:
  schema: |
    CREATE TABLE posts (id INTEGER PRIMARY KEY, author TEXT, body TEXT, liked INTEGER, likes INTEGER);
    CREATE TABLE player (key TEXT PRIMARY KEY, value INTEGER);
    CREATE TABLE inbox (id INTEGER PRIMARY KEY, title TEXT, seen INTEGER);
home: feed
screens:
  feed:
    module: feed
    title: Feed
    query: { sql: 'SELECT id, author, body, liked, likes FROM posts' }
    item: { author: row.author, text: row.body, comments: "'0'", tap: [{ navigate: post, params: { id: row.id } }] }
    like: { table: posts, flag: liked, count: likes }
    actions:
      - { icon: music_note, desc: Music, id: music, do: [{ navigate: music }] }
      - { icon: notifications, desc: Inbox, id: inbox, do: [{ navigate: inbox }] }
      - { icon: person, desc: Me, id: me, do: [{ navigate: me }] }
      - { icon: place, desc: Map, id: map, do: [{ navigate: map }] }
  post:
    module: comments
    query: { sql: 'SELECT author, body FROM posts WHERE id = ?', args: [params.id] }
    item: { author: row.author, text: row.body }
    composer: { send: [{ insert: { table: posts, values: { author: "'me'", body: text } } }] }
  music:
    module: player
    query: { sql: 'SELECT id, body FROM posts' }
    item: { title: row.body, duration: '60' }
    state: player
  inbox:
    module: notifications
    table: inbox
    read: seen
    query: { sql: 'SELECT id, title, seen FROM inbox' }
    item: { title: row.title }
  me:
    module: profile
    query: { sql: 'SELECT author FROM posts LIMIT 1' }
    header: { name: row.author }
    logout: { label: Log out, do: [{ back: true }] }
  map:
    module: places
    query: { sql: 'SELECT id, author FROM posts' }
    item: { name: row.author, x: '0.5', y: '0.5' }
`;

test('an app using the six modules is clean', async () => {
  assert.deepEqual(await problems(APP), []);
});

test('unknown and missing parameters are errors at their lines', async () => {
  const bad = APP.replace('    state: player\n', '    state: player\n    shuffle: true\n').replace('    header: { name: row.author }\n', '');
  const ds = await problems(bad);
  has(ds, lineOf(bad, 'shuffle: true'), /unknown key 'shuffle'/);
  has(ds, lineOf(bad, 'module: profile'), /header/);
});

test('bad CEL in a module\'s expression keys is an error at its line', async () => {
  const bad = APP.replace('item: { title: row.body, duration: \'60\' }', 'item: { title: row.body, duration: "60 +" }').replace("x: '0.5'", "x: 'row.(x'");
  const ds = await problems(bad);
  has(ds, lineOf(bad, 'duration: "60 +"'), /CEL/);
  has(ds, lineOf(bad, "x: 'row.(x'"), /CEL/);
});

test('tables and columns the modules write must be in the schema', async () => {
  const bad = APP.replace('flag: liked', 'flag: loved').replace('state: player', 'state: playback').replace('read: seen', 'read: opened');
  const ds = await problems(bad);
  has(ds, lineOf(bad, 'flag: loved'), /column 'loved' is not in table 'posts'/);
  has(ds, lineOf(bad, 'state: playback'), /table 'playback' is not in the app's database schema/);
  has(ds, lineOf(bad, 'read: opened'), /column 'opened' is not in table 'inbox'/);
});
