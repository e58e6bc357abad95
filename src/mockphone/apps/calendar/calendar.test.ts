import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testPhone } from '../catalog-shared/phone';
import { CALENDAR_PACKAGE } from './manifest';

for (const locale of ['en-US', 'zh-CN'] as const) {
  const zh = locale === 'zh-CN';
  describe(`calendar app (${locale})`, () => {
    it('creates an event with a reminder that notifies and deep-links; edits it; month and day views', async () => {
      const { phone, d } = await testPhone(locale);
      await phone.openApp(CALENDAR_PACKAGE);
      await d.tap({ id: 'day_cell', desc: '2026-03-02' });
      await d.tap({ id: 'new_event' });
      await d.type(zh ? '和客户开会' : 'Client meeting');
      await d.tap({ id: 'event_start_input' });
      for (let i = 0; i < 5; i++) await d.phone.pressKey('delete');
      await d.type('10:00');
      await d.tap({ id: 'event_end_input' });
      for (let i = 0; i < 5; i++) await d.phone.pressKey('delete');
      await d.type('9:00');
      await d.key('back');
      await d.tap({ id: 'save_event' });
      assert.equal((await d.sql(CALENDAR_PACKAGE, 'SELECT count(*) AS n FROM events WHERE title LIKE ?', [zh ? '和客户%' : 'Client%']))[0].n, 0, 'end before start is refused');
      await d.tap({ id: 'event_end_input' });
      for (let i = 0; i < 4; i++) await d.phone.pressKey('delete');
      await d.type('11:30');
      await d.tap({ id: 'event_location_input' });
      await d.type(zh ? '国贸大厦' : 'Main office');
      await d.key('back');
      await d.tap({ id: 'reminder_option' }, 2);
      await d.tap({ id: 'save_event' });
      const [e] = await d.sql(CALENDAR_PACKAGE, 'SELECT id, start_at, end_at, location, reminder_minutes FROM events ORDER BY id DESC LIMIT 1');
      assert.deepEqual({ ...e, id: undefined }, { id: undefined, start_at: Date.UTC(2026, 2, 2, 10), end_at: Date.UTC(2026, 2, 2, 11, 30), location: zh ? '国贸大厦' : 'Main office', reminder_minutes: 15 });
      assert.equal(await d.has({ id: 'event', desc: zh ? '和客户开会' : 'Client meeting' }), true);
      // 09:45 the reminder fires (now is 09:30): a notification that opens the event
      await d.key('home');
      await phone.wait(15 * 60_000);
      await d.tap({ id: 'notification' });
      assert.equal(await phone.foregroundApp(), CALENDAR_PACKAGE);
      assert.equal((await d.find({ id: 'event_title' })).text, zh ? '和客户开会' : 'Client meeting');
      assert.match((await d.find({ id: 'event_reminder' })).text, /15/);
      // edit from there: move it to 14:00
      await d.tap({ id: 'edit_event' });
      await d.tap({ id: 'event_start_input' });
      for (let i = 0; i < 5; i++) await d.phone.pressKey('delete');
      await d.type('14:00');
      await d.tap({ id: 'event_end_input' });
      for (let i = 0; i < 5; i++) await d.phone.pressKey('delete');
      await d.type('15:00');
      await d.key('back');
      await d.tap({ id: 'save_event' });
      const [moved] = await d.sql(CALENDAR_PACKAGE, 'SELECT start_at, end_at FROM events WHERE id = ?', [Number(e.id)]);
      assert.deepEqual(moved, { start_at: Date.UTC(2026, 2, 2, 14), end_at: Date.UTC(2026, 2, 2, 15) });
      // day view shows the block; month navigation moves the title
      await d.tap({ id: 'day_view' });
      await d.scrollTo({ id: 'event', desc: zh ? '和客户开会' : 'Client meeting' });
      await d.key('back');
      const title = (await d.find({ id: 'title' })).text;
      await d.tap({ id: 'next_month' });
      assert.notEqual((await d.find({ id: 'title' })).text, title);
      assert.equal(await d.has({ id: 'day_cell', desc: '2026-04-15' }), true);
      await phone.close();
    });
  });
}
