import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { isSnapshottable } from '../device/device';
import { isDeviceError } from '../device/errors';
import { createMockPhone, MONKEY_NOT_FOUND, type MockPhone } from './index';
import { center, find, findAll, parseUiTree, tapNode } from './testing';
import { NAV_BAR_DP } from './system/bars';
import { KEYBOARD_HEIGHT_DP } from './system/keyboard';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function fingerprint(p: MockPhone): Promise<string> {
  const parts = [sha((await p.screenshot({ format: 'png' })).data), await p.uiTree()];
  for (const path of Object.keys(p.databasePaths()).sort()) parts.push(sha(p.databaseBytes(p.databasePaths()[path])));
  return parts.join('|');
}

/** A fixed little session touching several apps. */
async function script(p: MockPhone): Promise<void> {
  await p.openApp('com.phonebuddy.notes');
  await tapNode(p, { id: 'new_note' });
  await p.typeText('Buy stamps');
  await p.pressKey('back');
  await p.pressKey('back');
  await p.openApp('com.phonebuddy.messages');
  await p.swipe({ x: 540, y: 1500 }, { x: 540, y: 600 }, 200);
  await tapNode(p, { id: 'conversation' });
  await tapNode(p, { id: 'compose_message_text' });
  await p.typeText('On my way?\n');
  await p.wait(31_000);
}

describe('mock phone', () => {
  it('is a snapshottable 1080x2400@440 device that boots to the launcher', async () => {
    const p = await createMockPhone();
    assert.ok(isSnapshottable(p));
    assert.deepEqual(await p.screenInfo(), { width: 1080, height: 2400, density: 440 });
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.launcher');
    const labels = (await findAll(p, { id: 'app_icon' })).map((n) => n.desc);
    assert.deepEqual(labels.slice(0, 4), ['Messages', 'Contacts', 'Notes', 'Settings']); // then the catalogue's apps
    const shot = await p.screenshot();
    assert.equal(shot.format, 'png');
    assert.deepEqual([...shot.data.subarray(1, 4)], [...Buffer.from('PNG')]);
    const jpeg = await p.screenshot({ format: 'jpeg', quality: 80 });
    assert.equal(jpeg.data[0], 0xff);
    assert.equal(jpeg.data[1], 0xd8);
    assert.ok(p.listPackages().includes('com.phonebuddy.messages'));
    assert.equal(p.props()['ro.build.version.sdk'], '34');
    await p.close();
  });

  it('opens apps from launcher icons and by package; unknown packages answer like monkey', async () => {
    const p = await createMockPhone();
    await tapNode(p, { id: 'app_icon', desc: 'Notes' });
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.notes');
    assert.deepEqual(await p.openApp('com.example.nope'), { ok: false, message: MONKEY_NOT_FOUND });
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.notes');
    await p.pressKey('home');
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.launcher');
    assert.equal((await p.openApp('com.phonebuddy.contacts')).ok, true);
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.contacts');
    await p.closeApp('com.phonebuddy.contacts');
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.launcher');
  });

  it('rejects malformed arguments with invalid-argument naming them, and ignores phone-level mistakes', async () => {
    const p = await createMockPhone();
    const bad: [string, () => Promise<unknown>][] = [
      ['p', () => p.tap({ x: Number.NaN, y: 1 })],
      ['p', () => p.tap(null as never)],
      ['durationMs', () => p.longPress({ x: 1, y: 1 }, -5)],
      ['from', () => p.swipe({ x: 'a' } as never, { x: 1, y: 1 })],
      ['text', () => p.typeText(42 as never)],
      ['packageName', () => p.openApp('')],
      ['key', () => p.pressKey(7 as never)],
      ['ms', () => p.wait(-1)],
      ['format', () => p.screenshot({ format: 'gif' as never })],
      ['packageName', () => p.queryApp('com.example.nope', 'SELECT 1')],
    ];
    for (const [name, fn] of bad) {
      await assert.rejects(fn, (e: unknown) => isDeviceError(e, 'invalid-argument') && e.message.includes(name), name);
    }
    await assert.rejects(() => p.queryApp('com.phonebuddy.notes', 'SELEC nonsense'), (e: unknown) => isDeviceError(e, 'command-failed'));
    const closed = await createMockPhone();
    await closed.close();
    await closed.close(); // twice is fine
    await assert.rejects(() => closed.tap({ x: 1, y: 1 }), (e: unknown) => isDeviceError(e, 'disconnected'));
    await assert.rejects(() => closed.screenshot(), (e: unknown) => isDeviceError(e, 'disconnected'));
    const before = await fingerprint(p);
    await p.tap({ x: -5, y: 99999 });
    await p.swipe({ x: 5000, y: 1 }, { x: 1, y: 1 });
    await p.pressKey('no_such_key' as never);
    assert.deepEqual(await p.typeText('hello'), { method: 'mock', delivered: false });
    assert.equal(await fingerprint(p), before);
  });

  it('is deterministic: same seed and actions give identical screenshots, UI trees and databases', async () => {
    const a = await createMockPhone({ seed: 5 });
    const b = await createMockPhone({ seed: 5 });
    await script(a);
    await script(b);
    assert.equal(await fingerprint(a), await fingerprint(b));
    const c = await createMockPhone({ seed: 6 });
    await script(c);
    assert.notEqual(await fingerprint(c), await fingerprint(a));
  });

  it('is deterministic in zh-CN with the dark theme too', async () => {
    const run = async () => {
      const p = await createMockPhone({ seed: 9, locale: 'zh-CN' });
      p.putSetting('secure', 'ui_night_mode', '2');
      await script(p);
      return fingerprint(p);
    };
    assert.equal(await run(), await run());
  });

  it('restores a snapshot exactly, including screen stack, text, focus, clipboard and clock', async () => {
    const p = await createMockPhone({ seed: 2 });
    await p.openApp('com.phonebuddy.notes');
    await tapNode(p, { id: 'new_note' });
    await p.typeText('draft');
    const snap = await p.snapshot();
    const at = await fingerprint(p);
    const clock = p.now();
    await p.typeText(' more');
    await p.pressKey('back');
    await p.pressKey('back');
    await p.execSql('com.phonebuddy.notes', 'DELETE FROM notes');
    await p.wait(60_000);
    assert.notEqual(await fingerprint(p), at);
    await p.restore(snap);
    assert.equal(p.now(), clock);
    assert.equal(await fingerprint(p), at);
    assert.equal((await find(p, { id: 'body' })).focused, true);
    // the snapshot is not aliased: changing the phone again leaves it intact
    await p.typeText('!');
    await p.restore(snap);
    assert.equal(await fingerprint(p), at);
    await p.reset(2);
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.launcher');
    await assert.rejects(() => p.restore({} as never), (e: unknown) => isDeviceError(e, 'invalid-argument'));
    await assert.rejects(() => p.restore(JSON.parse(JSON.stringify(snap)) as never), (e: unknown) => isDeviceError(e, 'invalid-argument') && /Uint8Array/.test(e.message));
    // snapshots are structured-cloneable (they can cross to a worker thread)
    await p.restore(structuredClone(snap));
    assert.equal(await fingerprint(p), at);
    // even when a caller transfers a snapshot's buffers away, the phone still snapshots correctly
    const shared = await p.snapshot();
    structuredClone(shared, { transfer: Object.values(shared.databases).map((d) => d.bytes.buffer as ArrayBuffer) });
    const again = await p.snapshot();
    assert.ok(Object.values(again.databases).every((d) => d.bytes.byteLength > 0));
    await p.restore(again);
    assert.equal(await fingerprint(p), at);
  });

  it('shows the keyboard while a field has focus and back hides it first', async () => {
    const p = await createMockPhone();
    await p.openApp('com.phonebuddy.contacts');
    const fab = await find(p, { id: 'create_contact' });
    await p.tap(center(fab));
    assert.equal((await find(p, { id: 'first' })).focused, true);
    const shotWithKb = (await p.screenshot()).data;
    await p.typeText('Zoe');
    assert.equal((await find(p, { id: 'first' })).text, 'Zoe');
    // the on-screen keyboard's keys type too: 'q' is the first key of the first letter row
    const kbTop = 2400 - Math.round(NAV_BAR_DP * 2.75) - Math.round(KEYBOARD_HEIGHT_DP * 2.75);
    await p.tap({ x: 56, y: kbTop + Math.round((4 + 40 + 6 + 25) * 2.75) });
    assert.equal((await find(p, { id: 'first' })).text, 'Zoeq');
    await p.pressKey('back');
    assert.equal((await find(p, { id: 'first' })).focused, false);
    assert.notDeepEqual((await p.screenshot()).data, shotWithKb);
    await p.pressKey('back');
    assert.equal((await findAll(p, { id: 'create_contact' })).length, 1);
  });

  it('long-press on a field offers paste from the clipboard; select all + cut empties it', async () => {
    const p = await createMockPhone();
    await p.openApp('com.phonebuddy.messages');
    await tapNode(p, { id: 'conversation' });
    const bubble = (await findAll(p, { id: 'message_text' })).at(-1)!;
    await p.longPress(center(bubble), 700);
    await tapNode(p, { id: 'copy' });
    const field = await find(p, { id: 'compose_message_text' });
    await p.longPress(center(field));
    await tapNode(p, { id: 'paste' });
    assert.equal((await find(p, { id: 'compose_message_text' })).text, bubble.text);
    // the keyboard is up now, so the field moved: find it again
    await p.longPress(center(await find(p, { id: 'compose_message_text' })));
    await tapNode(p, { id: 'select_all' });
    await tapNode(p, { id: 'cut' });
    assert.equal((await find(p, { id: 'compose_message_text' })).text, 'Text message'); // the hint again
  });

  it('scrolls lists with swipes (flings go further) and emits coalesced changed events', async () => {
    const p = await createMockPhone({ seed: 3 });
    let events = 0;
    const off = p.onEvent((e) => { if (e.type === 'changed') events++; });
    await p.openApp('com.phonebuddy.contacts');
    const first = (await findAll(p, { id: 'contact' }))[0];
    await p.swipe({ x: 540, y: 1800 }, { x: 540, y: 1500 }, 1000);
    const slow = (await findAll(p, { id: 'contact' }))[0];
    assert.notEqual(slow.desc === first.desc && slow.bounds[1] === first.bounds[1], true);
    const list = (await findAll(p, { id: 'list' }))[0];
    assert.equal(list.scrollable, true);
    await new Promise((r) => setImmediate(r));
    assert.ok(events >= 1 && events <= 2, `events: ${events}`);
    off();
    const snap = await p.snapshot();
    await p.swipe({ x: 540, y: 1800 }, { x: 540, y: 1500 }, 100);
    const fast = parseUiTree(await p.uiTree());
    await p.restore(snap);
    await p.drag({ x: 540, y: 1800 }, { x: 540, y: 1500 }, 100);
    const dragged = parseUiTree(await p.uiTree());
    assert.notDeepEqual(fast.map((n) => n.bounds), dragged.map((n) => n.bounds));
  });

  it('serves settings and databases for the ADB endpoint', async () => {
    const p = await createMockPhone();
    assert.equal(p.getSetting('global', 'wifi_on'), '1');
    p.putSetting('global', 'airplane_mode_on', '1');
    assert.deepEqual(await p.queryApp('com.android.providers.settings', "SELECT value FROM global WHERE name = 'airplane_mode_on'"), [{ value: '1' }]);
    assert.throws(() => p.getSetting('bogus', 'x'), (e: unknown) => isDeviceError(e, 'invalid-argument'));
    const paths = p.databasePaths();
    assert.equal(paths['/data/data/com.phonebuddy.notes/databases/notes.db'], 'com.phonebuddy.notes');
    const bytes = p.databaseBytes('com.phonebuddy.notes');
    assert.equal(Buffer.from(bytes.subarray(0, 15)).toString(), 'SQLite format 3');
    p.execSql('com.phonebuddy.notes', 'DELETE FROM notes');
    assert.equal((await p.queryApp('com.phonebuddy.notes', 'SELECT COUNT(*) AS n FROM notes'))[0].n, 0);
    p.replaceDatabase('com.phonebuddy.notes', bytes);
    assert.ok(Number((await p.queryApp('com.phonebuddy.notes', 'SELECT COUNT(*) AS n FROM notes'))[0].n) > 0);
    assert.deepEqual(p.execSql('com.phonebuddy.notes', 'SELECT ? AS x', [3]), [{ columns: ['x'], values: [[3]] }]);
  });

  it('renders Chinese in the zh-CN locale', async () => {
    const p = await createMockPhone({ locale: 'zh-CN' });
    const labels = (await findAll(p, { id: 'app_icon' })).map((n) => n.desc);
    assert.deepEqual(labels.slice(0, 4), ['信息', '通讯录', '笔记', '设置']);
    await p.openApp('com.phonebuddy.messages');
    assert.ok((await findAll(p, { text: '信息' })).length > 0);
  });

  it('back closes an app dialog before leaving the screen, recents lists and reopens apps', async () => {
    const p = await createMockPhone();
    await p.openApp('com.phonebuddy.notes');
    await p.longPress(center(await find(p, { id: 'note' })));
    assert.equal((await findAll(p, { id: 'menu' })).length, 1);
    await p.pressKey('back');
    assert.equal((await findAll(p, { id: 'menu' })).length, 0);
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.notes');
    await p.openApp('com.phonebuddy.settings');
    await p.pressKey('recents');
    const cards = await findAll(p, { id: 'task_view' });
    assert.deepEqual(cards.map((c) => c.desc), ['Settings', 'Notes']);
    assert.ok(Math.abs(center(cards[0]).x - 540) < 5, 'the most recent app is centred');
    await p.swipe({ x: 300, y: 1200 }, { x: 900, y: 1200 }, 300); // right: older apps
    const moved = await find(p, { id: 'task_view', desc: 'Notes' });
    assert.ok(Math.abs(center(moved).x - 540) < 5, 'swiping right centres the older app');
    await p.tap(center(moved));
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.notes');
  });

  it('shows system dialogs over apps; toasts expire with virtual time', async () => {
    const p = await createMockPhone();
    await p.openApp('com.phonebuddy.notes');
    p.showSystemDialog({ title: 'Update available', message: 'Restart to update?', buttons: [{ label: 'Later' }, { label: 'Open Settings', openPackage: 'com.phonebuddy.settings' }] });
    const title = await find(p, { id: 'alertTitle' });
    assert.equal(title.pkg, 'android');
    await tapNode(p, { text: 'Open Settings' });
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.settings');
    assert.equal((await findAll(p, { id: 'alertTitle' })).length, 0);
    await p.openApp('com.phonebuddy.notes');
    await tapNode(p, { id: 'note' });
    await tapNode(p, { id: 'save' });
    const withToast = (await p.screenshot()).data;
    await p.wait(2500);
    assert.notDeepEqual((await p.screenshot()).data, withToast); // the toast is gone
  });

  it('puts the text cursor where a field is tapped; typing and delete work there', async () => {
    const p = await createMockPhone();
    await p.openApp('com.phonebuddy.contacts');
    await tapNode(p, { id: 'create_contact' });
    await p.typeText('Jon');
    const f = await find(p, { id: 'first' });
    const y = (f.bounds[1] + f.bounds[3]) / 2;
    await p.tap({ x: f.bounds[0] + Math.round(16 * 2.75) + 2, y }); // just before the J
    await p.typeText('X');
    assert.equal((await find(p, { id: 'first' })).text, 'XJon');
    await p.pressKey('delete');
    assert.equal((await find(p, { id: 'first' })).text, 'Jon');
    await p.pressKey('delete'); // at the start: nothing to delete
    assert.equal((await find(p, { id: 'first' })).text, 'Jon');
    await p.tap({ x: f.bounds[2] - 20, y }); // past the end
    await p.typeText('as');
    assert.equal((await find(p, { id: 'first' })).text, 'Jonas');
  });

  it('searches apps from the launcher search bar', async () => {
    const p = await createMockPhone();
    await tapNode(p, { id: 'search_bar' });
    assert.equal((await find(p, { id: 'search_src_text' })).focused, true);
    await p.typeText('cont');
    assert.deepEqual((await findAll(p, { id: 'app_result' })).map((n) => n.desc), ['Contacts']);
    await tapNode(p, { id: 'app_result' });
    assert.equal(await p.foregroundApp(), 'com.phonebuddy.contacts');
    await p.pressKey('home');
    assert.equal((await findAll(p, { id: 'app_icon' })).length >= 4, true); // home again, not the search
  });
});
