// Notes' list and editor as they were written by hand before they became the list and form
// modules (src/mockphone/apps/notes/notes.app.ts): kept only as the baseline of bench/apps.bench.ts.
// Notes: a searchable list (pinned first), an editor that saves when you leave it, delete
// with confirmation.
import type { AppContext, Screen } from '../../src/mockphone/apps/app';
import { alertDialog, appBar, fab, popupMenu, scaffold, scrollList, textField, emptyState } from '../../src/mockphone/ui/widgets';
import { col, row, type View } from '../../src/mockphone/ui/view';

interface NoteRow {
  id: number;
  title: string;
  body: string;
  pinned: number;
  updated_at: number;
}

function noteCard(ctx: AppContext, n: NoteRow): View {
  const t = ctx.theme;
  return col({ padding: 16, gap: 6, radius: 12, border: t.outlineVariant, bg: t.surface, id: 'note', desc: n.title || n.body.slice(0, 30),
    onClick: () => ctx.push('edit', { id: n.id }, { fields: { title: n.title, body: n.body } }),
    onLongClick: () => { ctx.screen.ui.menuFor = n.id; },
  },
  n.title !== '' && { text: n.title, type: 'titleMedium', color: t.onSurface, maxLines: 2, id: 'note_title' },
  n.body !== '' && { text: n.body, type: 'bodyMedium', color: t.onSurfaceVariant, maxLines: 6, id: 'note_body' },
  );
}

const list: Screen = (ctx) => {
  const t = ctx.theme;
  const q = ctx.field('search').trim();
  const notes = ctx.db.query(
    `SELECT id, title, body, pinned, updated_at FROM notes
     WHERE (? = '' OR title LIKE '%' || ? || '%' OR body LIKE '%' || ? || '%')
     ORDER BY pinned DESC, updated_at DESC, id DESC`, [q, q, q]) as unknown as NoteRow[];
  const pinned = notes.filter((n) => n.pinned);
  const others = notes.filter((n) => !n.pinned);
  const label = (text: string): View => ({ text, type: 'labelMedium', color: t.onSurfaceVariant, padding: [8, 4, 0, 4] });
  const menuFor = ctx.screen.ui.menuFor as number | undefined;
  const menuNote = notes.find((n) => n.id === menuFor);
  return {
    view: scaffold(ctx, {
      body: col({ flex: 1 },
        row({ padding: [8, 16] }, textField(ctx, { key: 'search', hint: ctx.t('search'), style: 'search', id: 'search_bar', flex: 1 })),
        notes.length === 0
          ? emptyState(ctx, 'note', ctx.t('empty'))
          : scrollList('notes', [
            pinned.length > 0 && label(ctx.t('pinned')),
            ...pinned.map((n) => noteCard(ctx, n)),
            pinned.length > 0 && others.length > 0 && label(ctx.t('others')),
            ...others.map((n) => noteCard(ctx, n)),
            { height: 88 },
          ], { padding: [4, 16], gap: 12 }),
      ),
      fab: fab(ctx, { icon: 'add', desc: ctx.t('newNote'), onClick: () => ctx.push('edit', {}, { focus: 'body' }), id: 'new_note' }),
    }),
    dialog: menuNote ? {
      view: popupMenu(ctx, [
        { label: menuNote.pinned ? ctx.t('unpin') : ctx.t('pin'), id: 'pin', onClick: () => {
          ctx.db.run('UPDATE notes SET pinned = ? WHERE id = ?', [menuNote.pinned ? 0 : 1, menuNote.id]);
          delete ctx.screen.ui.menuFor;
        } },
        { label: ctx.t('delete'), id: 'delete', onClick: () => {
          ctx.db.run('DELETE FROM notes WHERE id = ?', [menuNote.id]);
          delete ctx.screen.ui.menuFor;
          ctx.toast(ctx.t('deleted'));
        } },
      ]),
      onDismiss: () => { delete ctx.screen.ui.menuFor; },
    } : undefined,
    onBack: () => {
      if (ctx.field('search') !== '') {
        ctx.setField('search', '');
        return true;
      }
      return false;
    },
  };
};

/** Writes the editor's fields; a new empty note is discarded. Returns the note id, if any. */
function save(ctx: AppContext): number | undefined {
  const title = ctx.field('title');
  const body = ctx.field('body');
  const id = ctx.screen.params.id as number | undefined;
  const now = ctx.now();
  if (id === undefined) {
    if (title.trim() === '' && body.trim() === '') return undefined;
    const newId = ctx.db.run('INSERT INTO notes (title, body, created_at, updated_at) VALUES (?, ?, ?, ?)', [title, body, now, now]);
    ctx.screen.params.id = newId;
    return newId;
  }
  const cur = ctx.db.query('SELECT title, body FROM notes WHERE id = ?', [id])[0];
  if (cur && (cur.title !== title || cur.body !== body)) {
    ctx.db.run('UPDATE notes SET title = ?, body = ?, updated_at = ? WHERE id = ?', [title, body, now, id]);
  }
  return id;
}

const edit: Screen = (ctx) => {
  const t = ctx.theme;
  const id = ctx.screen.params.id as number | undefined;
  const row0 = id !== undefined ? ctx.db.query('SELECT updated_at FROM notes WHERE id = ?', [id])[0] : undefined;
  const leave = () => {
    save(ctx);
    ctx.pop();
  };
  return {
    view: scaffold(ctx, {
      appBar: appBar(ctx, {
        title: '', back: leave,
        actions: [
          { icon: 'check', desc: ctx.t('save'), id: 'save', onClick: () => { save(ctx); ctx.focus(undefined); ctx.toast(ctx.t('saved')); } },
          ...(id !== undefined ? [{ icon: 'delete' as const, desc: ctx.t('delete'), id: 'delete', onClick: () => { ctx.screen.ui.confirmDelete = true; } }] : []),
        ],
      }),
      body: col({ flex: 1, padding: [0, 16], scrollKey: 'editor' },
        textField(ctx, { key: 'title', hint: ctx.t('title'), style: 'plain', id: 'title', type: 'titleLarge' }),
        { ...textField(ctx, { key: 'body', hint: ctx.t('note'), style: 'plain', multiline: true, id: 'body' }), minHeight: 200 },
      ),
      bottom: row({ height: 48, padding: [0, 16] },
        { text: row0 ? ctx.t('edited', { time: ctx.formatTime(row0.updated_at as number) }) : '', type: 'bodySmall', color: t.onSurfaceVariant, flex: 1, textAlign: 'center', id: 'edited' },
      ),
    }),
    dialog: ctx.screen.ui.confirmDelete ? {
      view: alertDialog(ctx, {
        title: ctx.t('deleteTitle'), message: ctx.t('deleteMessage'),
        buttons: [
          { label: ctx.t('cancel'), onClick: () => { ctx.screen.ui.confirmDelete = false; } },
          { label: ctx.t('delete'), id: 'confirm_delete', onClick: () => {
            ctx.db.run('DELETE FROM notes WHERE id = ?', [id!]);
            ctx.pop();
            ctx.toast(ctx.t('deleted'));
          } },
        ],
      }),
      onDismiss: () => { ctx.screen.ui.confirmDelete = false; },
    } : undefined,
    onBack: () => {
      save(ctx);
      return false;
    },
  };
};

export const NOTES_SCREENS = { list, edit };

