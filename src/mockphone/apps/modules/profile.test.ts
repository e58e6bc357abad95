// The profile module on a phone: header and stats from one row, account rows that act, and a
// log-out behind a confirmation that runs its actions only once confirmed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppSpec } from './spec';
import { phoneWithApp } from './testing';

const SPEC: AppSpec = {
  file: 'profile.app.yaml', package: 'com.example.profile', label: 'Me', home: 'me',
  database: {
    schema: 'CREATE TABLE account (id INTEGER PRIMARY KEY, name TEXT, handle TEXT, posts INTEGER, followers INTEGER, signed_in INTEGER);',
    seed: { rows: { 'en-US': { account: [{ id: 1, name: 'Ana Lima', handle: '@ana', posts: 12, followers: 340, signed_in: 1 }] } } },
  },
  screens: {
    me: {
      module: 'profile', title: 'Profile', query: { sql: 'SELECT * FROM account WHERE id = 1' },
      header: { name: 'row.name', subtitle: 'row.handle' },
      stats: [{ label: 'Posts', value: 'row.posts', id: 'posts' }, { label: 'Followers', value: 'row.followers', id: 'followers' }],
      rows: [{ label: 'Signed in', value: "row.signed_in == 1 ? 'yes' : 'no'", icon: 'lock', id: 'session' }, { label: 'Edit name', icon: 'edit', id: 'edit', do: [{ navigate: 'edit', params: { id: 'row.id' }, fields: { name: 'row.name' } }] }],
      logout: { label: 'Log out', message: 'You will need your password again.', do: [{ update: { table: 'account', set: { signed_in: '0' }, where: { id: 'row.id' } } }, { toast: 'Logged out' }] },
    },
    edit: { module: 'form', title: 'Edit', table: 'account', fields: [{ key: 'name', id: 'name' }] },
  },
};

test('profile: header, stats and rows from the account row; log out only once confirmed', async () => {
  const { d, sql } = await phoneWithApp(SPEC);
  assert.equal((await d.find({ id: 'profile_name' })).text, 'Ana Lima');
  assert.equal((await d.find({ id: 'profile_subtitle' })).text, '@ana');
  assert.deepEqual((await d.nodes({ id: 'stat_value' })).map((n) => n.text), ['12', '340']);
  assert.equal((await d.find({ id: 'supporting' })).text, 'yes');
  await d.tap({ id: 'log_out' });
  assert.equal((await d.find({ id: 'alertTitle' })).text, 'Log out');
  await d.tap({ id: 'cancel' });
  assert.equal((await sql('SELECT signed_in FROM account'))[0].signed_in, 1, 'cancel keeps the session');
  await d.tap({ id: 'log_out' });
  await d.tap({ id: 'confirm_log_out' });
  assert.equal((await sql('SELECT signed_in FROM account'))[0].signed_in, 0);
  assert.equal((await d.find({ id: 'supporting' })).text, 'no');
  await d.tap({ id: 'edit' });
  assert.equal((await d.find({ id: 'name' })).text, 'Ana Lima');
});
