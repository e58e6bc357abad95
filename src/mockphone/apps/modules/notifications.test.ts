// The notifications module on a phone: unread ones marked; a tap marks one read and runs its
// actions; long-press dismisses one; mark all read; clear all behind a confirmation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppSpec } from './spec';
import { phoneWithApp } from './testing';

const SPEC: AppSpec = {
  file: 'notifs.app.yaml', package: 'com.example.notifs', label: 'Notifs', home: 'inbox',
  database: {
    schema: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT, seen INTEGER NOT NULL DEFAULT 0, at INTEGER);',
    seed: { rows: { 'en-US': { notes: [
      { id: 1, title: 'Parcel arrived', body: 'At the front desk', seen: 0, at: 3 },
      { id: 2, title: 'New follower', body: 'Bo follows you', seen: 0, at: 2 },
      { id: 3, title: 'Weekly digest', body: 'Five new posts', seen: 1, at: 1 },
    ] } } },
  },
  screens: {
    inbox: {
      module: 'notifications', title: 'Notifications', table: 'notes', read: 'seen',
      query: { sql: 'SELECT * FROM notes ORDER BY at DESC' },
      item: { title: 'row.title', text: 'row.body', tap: [{ navigate: 'one', params: { id: 'row.id' } }] },
      markAll: {}, clear: { message: 'They cannot be brought back.' },
      empty: { text: 'No notifications' },
    },
    one: { module: 'detail', title: '=row.title', query: { sql: 'SELECT title FROM notes WHERE id = ?', args: ['params.id'] }, fields: [{ label: 'Title', value: 'row.title' }] },
  },
};

test('notifications: tap marks read and opens; dismiss, mark all read, and clear all with its confirmation', async () => {
  const { d, sql } = await phoneWithApp(SPEC);
  assert.deepEqual((await d.nodes({ id: 'notification' })).map((n) => n.contentDesc), ['Unread: Parcel arrived', 'Unread: New follower', 'Weekly digest']);
  await d.tap({ id: 'notification' }, 0);
  assert.equal((await d.find({ id: 'toolbar_title' })).text, 'Parcel arrived');
  assert.deepEqual(await sql('SELECT id FROM notes WHERE seen = 0'), [{ id: 2 }]);
  await d.key('back');
  const weekly = await d.find({ id: 'notification', desc: 'Weekly digest' });
  await d.phone.longPress({ x: Math.round((weekly.bounds.x1 + weekly.bounds.x2) / 2), y: Math.round((weekly.bounds.y1 + weekly.bounds.y2) / 2) });
  await d.tap({ id: 'dismiss' });
  assert.deepEqual(await sql('SELECT id FROM notes ORDER BY id'), [{ id: 1 }, { id: 2 }]);
  await d.tap({ id: 'mark_all_read' });
  assert.deepEqual(await sql('SELECT COUNT(*) AS n FROM notes WHERE seen = 0'), [{ n: 0 }]);
  await d.tap({ id: 'clear_all' });
  assert.equal((await d.find({ id: 'message' })).text, 'They cannot be brought back.');
  await d.tap({ id: 'cancel' });
  assert.equal((await sql('SELECT COUNT(*) AS n FROM notes'))[0].n, 2, 'cancel keeps them');
  await d.tap({ id: 'clear_all' });
  await d.tap({ id: 'confirm_clear' });
  assert.equal((await sql('SELECT COUNT(*) AS n FROM notes'))[0].n, 0);
  assert.equal((await d.find({ id: 'empty' })).text, 'No notifications');
});
