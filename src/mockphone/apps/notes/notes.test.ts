import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone } from '../../index';
import { center, find, findAll, tapNode } from '../../testing';

const PKG = 'com.phonebuddy.notes';

describe('Notes', () => {
  it('creates a note that is saved on back', async () => {
    const p = await createMockPhone({ seed: 3 });
    await p.openApp(PKG);
    await tapNode(p, { id: 'new_note' });
    assert.equal((await find(p, { id: 'body' })).focused, true);
    await p.typeText('Call the plumber\nTuesday');
    await tapNode(p, { id: 'title' });
    await p.typeText('Home');
    await p.pressKey('back'); // hides the keyboard
    await p.pressKey('back'); // leaves the editor, saving
    const rows = await p.queryApp(PKG, "SELECT title, body, created_at FROM notes WHERE title = 'Home'");
    assert.equal(rows.length, 1);
    assert.equal(rows[0].body, 'Call the plumber\nTuesday');
    assert.equal(rows[0].created_at, p.now()); // saved at the (virtual) time of the back press
    assert.ok((await findAll(p, { id: 'note_title', text: 'Home' })).length === 1);
  });

  it('discards an empty new note', async () => {
    const p = await createMockPhone({ seed: 3 });
    const n0 = (await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM notes'))[0].n;
    await p.openApp(PKG);
    await tapNode(p, { id: 'new_note' });
    await tapNode(p, { id: 'navigate_up' });
    assert.equal((await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM notes'))[0].n, n0);
  });

  it('edits a note by pasting copied text', async () => {
    const p = await createMockPhone({ seed: 3 });
    await p.openApp(PKG);
    const note = await tapNode(p, { id: 'note' });
    const id = (await p.queryApp(PKG, 'SELECT id FROM notes WHERE title = ?', [note.desc]))[0].id;
    // copy the title: long-press, Select all, Copy
    await p.longPress(center(await find(p, { id: 'title' })));
    await tapNode(p, { id: 'select_all' });
    await tapNode(p, { id: 'copy' });
    await tapNode(p, { id: 'body' });
    await p.typeText('\nsee ');
    await p.longPress(center(await find(p, { id: 'body' })));
    await tapNode(p, { id: 'paste' });
    await tapNode(p, { id: 'save' });
    const [row] = await p.queryApp(PKG, 'SELECT body FROM notes WHERE id = ?', [id]);
    assert.ok(String(row.body).endsWith(`\nsee ${note.desc}`), String(row.body));
  });

  it('deletes a note from the editor and pins one from the list', async () => {
    const p = await createMockPhone({ seed: 3 });
    await p.openApp(PKG);
    const note = await tapNode(p, { id: 'note' });
    await tapNode(p, { id: 'delete' });
    await tapNode(p, { id: 'confirm_delete' });
    assert.deepEqual(await p.queryApp(PKG, 'SELECT id FROM notes WHERE title = ?', [note.desc]), []);
    const unpinned = (await findAll(p, { id: 'note' })).at(-1)!;
    await p.longPress(center(unpinned));
    await tapNode(p, { id: 'pin' });
    assert.deepEqual(await p.queryApp(PKG, 'SELECT pinned FROM notes WHERE title = ?', [unpinned.desc]), [{ pinned: 1 }]);
  });

  it('filters the list by search text', async () => {
    const p = await createMockPhone({ seed: 3 });
    await p.openApp(PKG);
    await tapNode(p, { id: 'search_bar' });
    await p.typeText('Groceries');
    assert.deepEqual((await findAll(p, { id: 'note_title' })).map((n) => n.text), ['Groceries']);
    await p.pressKey('back');
    await p.pressKey('back'); // clears the search first
    assert.ok((await findAll(p, { id: 'note' })).length > 1);
    assert.equal(await p.foregroundApp(), PKG);
  });
});
