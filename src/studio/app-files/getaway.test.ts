// The YAML-only Getaway app (apps-examples/getaway.app.yaml) on a phone, driven like an agent:
// the tabs module switching between a thread and a calendar, the thread's composer writing the
// app's table, the calendar's grid and agenda, and the hotel search mounted under `hotel_` with
// its own tables — filter and sort sheets, Book with confirmation writing a booking. And the
// loader's checks of the new modules and of mounts, each at its line.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import initSqlJs from 'sql.js';
import { find, findAll, tapNode } from '../../mockphone/testing';
import { mockPhoneForTask } from '../phones';
import { parseAppFile } from './parse-app-file';
import { pantryWorkspace } from './testing/pantry-app';

const PKG = 'com.example.getaway';
const GETAWAY = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'apps-examples', 'getaway.app.yaml'), 'utf8');
const ws = pantryWorkspace({ 'apps/getaway.app.yaml': GETAWAY });
after(() => ws.cleanup());

const phone = (seed: number) => mockPhoneForTask({ seed }, { appsDir: ws.appsDir });

test('tabs: the first tab (the thread) shows under the bar; the bar switches to the calendar and back', async () => {
  const p = await phone(1);
  await p.openApp(PKG);
  assert.equal((await find(p, { id: 'toolbar_title' })).text, 'Sam');
  assert.equal((await find(p, { id: 'tab_chat' })).selected, true);
  assert.equal((await findAll(p, { id: 'message' })).length, 1);
  await tapNode(p, { id: 'tab_trips' });
  assert.equal((await find(p, { id: 'tab_trips' })).selected, true);
  assert.equal((await findAll(p, { id: 'day_cell' })).length, 42);
  assert.equal((await findAll(p, { id: 'message' })).length, 0);
  await tapNode(p, { id: 'tab_chat' });
  assert.equal((await findAll(p, { id: 'message' })).length, 1);
});

test('thread: typing and send insert the message with the virtual time; the composer clears; an empty composer sends nothing', async () => {
  const p = await phone(1);
  await p.openApp(PKG);
  await tapNode(p, { id: 'send_button' });
  assert.equal((await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM messages'))[0].n, 1, 'nothing sent from an empty composer');
  await tapNode(p, { id: 'compose_text' });
  await p.typeText('Booked the Grand Palace!');
  await tapNode(p, { id: 'send_button' });
  const rows = await p.queryApp(PKG, 'SELECT body, mine, sent_at FROM messages ORDER BY id');
  assert.equal(rows.length, 2);
  assert.deepEqual({ body: rows[1].body, mine: rows[1].mine }, { body: 'Booked the Grand Palace!', mine: 1 });
  assert.equal(Number(rows[1].sent_at), p.now());
  assert.deepEqual((await findAll(p, { id: 'message_text' })).map((n) => n.text), ['Where are we staying next weekend?', 'Booked the Grand Palace!']);
  assert.equal((await find(p, { id: 'compose_text' })).text, 'Message Sam', 'cleared: the hint shows');
});

test('calendar: the agenda lists the selected day\'s trips; tapping a day selects it and runs select (a date picker); the month buttons move the grid', async () => {
  const p = await phone(1);
  const trips = await p.queryApp(PKG, 'SELECT title, start_at FROM trips ORDER BY start_at');
  assert.ok(trips.length >= 2);
  await p.openApp(PKG);
  await tapNode(p, { id: 'tab_trips' });
  const day = new Date(Number(trips[0].start_at)).toISOString().slice(0, 10);
  const title = (await find(p, { id: 'title' })).text;
  await tapNode(p, { id: 'day_cell', desc: day });
  assert.equal((await find(p, { id: 'day_cell', desc: day })).selected, true);
  assert.deepEqual(await p.queryApp(PKG, 'SELECT day FROM plan'), [{ day }], 'select: the picked day is written');
  assert.ok((await findAll(p, { id: 'trip_title' })).some((n) => n.text === trips[0].title), `${String(trips[0].title)} on ${day}`);
  await tapNode(p, { id: 'next_month' });
  assert.notEqual((await find(p, { id: 'title' })).text, title);
  await tapNode(p, { id: 'today' });
  assert.equal((await find(p, { id: 'title' })).text, title);
});

test('booking, mounted under hotel_ with its own tables: a stars filter, a sort, Book with confirmation writes a booking', async () => {
  const p = await phone(1);
  await p.openApp(PKG);
  await tapNode(p, { id: 'find_hotels' });
  assert.equal((await find(p, { id: 'toolbar_title' })).text, 'Hotels');
  assert.equal((await findAll(p, { id: 'hotel' })).length, 5);
  await tapNode(p, { id: 'stars_tab' });
  await tapNode(p, { text: '5★' });
  assert.deepEqual((await findAll(p, { id: 'hotel_title' })).map((n) => n.text), ['Grand Palace', 'Skyline Tower']);
  assert.equal((await find(p, { id: 'stars_tab' })).desc, '5★', 'the tab shows the chosen option');
  await tapNode(p, { id: 'sort_tab' });
  await tapNode(p, { text: 'Price (low to high)' });
  assert.deepEqual((await findAll(p, { id: 'hotel_title' })).map((n) => n.text), ['Skyline Tower', 'Grand Palace']);
  await tapNode(p, { id: 'book_button' });
  await tapNode(p, { text: 'Cancel' });
  assert.deepEqual(await p.queryApp(PKG, 'SELECT * FROM bookings'), [], 'cancelled: nothing written');
  await tapNode(p, { id: 'book_button' });
  assert.equal((await find(p, { id: 'alertTitle' })).text, 'Book this hotel?');
  await tapNode(p, { id: 'confirm_booking' });
  assert.deepEqual((await p.queryApp(PKG, 'SELECT hotel_name, price FROM bookings')).map((r) => [r.hotel_name, r.price]), [['Skyline Tower', 990]]);
  assert.equal((await find(p, { id: 'toolbar_title' })).text, 'My bookings');
  assert.deepEqual((await findAll(p, { id: 'booking' })).map((n) => n.desc), ['Skyline Tower']);
});

test('the loader checks the new modules and mounts at their lines', async () => {
  const sql = await initSqlJs();
  const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
  const check = (text: string) => parseAppFile(text, 'getaway.app.yaml', sql).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);
  assert.deepEqual(check(GETAWAY), []);
  const cases: [string, string, RegExp][] = [
    ['screen: trips }', 'screen: nowhere }', /tabs: no screen 'nowhere'/],
    ['screen: trips }', 'screen: main }', /'main' is itself a tabs screen/],
    ['navigate: bookings', 'navigate: nowhere', /navigate: no screen 'nowhere'/],
    ['FROM bookings ORDER BY id DESC', 'FROM bookingz ORDER BY id DESC', /SQL: .*bookingz/],
    ['message: { body: row.body, mine: row.mine == 1', 'message: { body: row.body, mine: row.mine ==', /CEL: /],
    ['  hotel_:', '  Hotel:', /mount prefix 'Hotel'/],
    ['composer: { hint:', 'composer: { hunt:', /unknown key 'hunt'/],
  ];
  for (const [from, to, want] of cases) {
    const text = GETAWAY.replace(from, to);
    assert.notEqual(text, GETAWAY, from);
    const errors = check(text);
    assert.ok(errors.some((e) => want.test(e) && e.startsWith(`${lineOf(text, to.trim())}:`)), `${to}: ${errors.join(' | ')}`);
  }
});
