// Docs: a document list with search, an editor that saves every keystroke, rename, delete, a
// share link through the system share sheet, and a share-in screen (text shared from another app).
import type { AppContext, Screen } from '../app';
import { shareSheet } from '../catalog-shared/share';
import { brandBar } from '../catalog-shared/widgets';
import { alertDialog, emptyState, fab, listItem, popupMenu, scaffold, scrollList, textField } from '../../ui/widgets';
import { col, row } from '../../ui/view';

export const ACCENT = '#1E6FFF';

interface DocRow {
  id: number;
  title: string;
  body: string;
  updated_at: number;
}

function openDoc(ctx: AppContext, d: { id: number; title: string; body: string }): void {
  ctx.push('edit', { id: d.id }, { fields: { title: d.title, body: d.body } });
}

export function createDoc(ctx: AppContext, title: string, body: string, source: 'new' | 'share'): number {
  const now = ctx.now();
  return ctx.db.run('INSERT INTO documents (title, body, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [title, body, source, now, now]);
}

const list: Screen = (ctx) => {
  const t = ctx.theme;
  const q = ctx.field('search').trim();
  const docs = ctx.db.query(`SELECT id, title, body, updated_at FROM documents WHERE (? = '' OR title LIKE '%' || ? || '%' OR body LIKE '%' || ? || '%') ORDER BY updated_at DESC, id DESC`, [q, q, q]) as unknown as DocRow[];
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: ctx.t('title'), bg: t.surface, fg: t.onSurface }),
      body: col({ flex: 1 },
        row({ padding: [4, 16, 8, 16] }, textField(ctx, { key: 'search', hint: ctx.t('search'), style: 'search', id: 'search_bar', flex: 1 })),
        { text: ctx.t('recent'), type: 'titleSmall', color: t.onSurfaceVariant, padding: [8, 16] },
        docs.length === 0 ? emptyState(ctx, 'article', ctx.t('empty')) : scrollList('docs', [
          ...docs.map((d) => listItem(ctx, {
            headline: d.title || ctx.t('untitled'), supporting: d.body.replace(/\n+/g, ' ') || ' ', trailing: ctx.formatDate(d.updated_at), id: 'document', desc: d.title || ctx.t('untitled'),
            leading: { icon: 'article', iconSize: 28, width: 40, height: 40, radius: 8, bg: `${ACCENT}1A`, color: ACCENT },
            onClick: () => openDoc(ctx, d),
          })),
          { height: 96 },
        ]),
      ),
      fab: { ...fab(ctx, { icon: 'add', desc: ctx.t('newDoc'), id: 'new_document', onClick: () => {
        const title = ctx.t('untitled');
        const id = createDoc(ctx, title, '', 'new');
        ctx.push('edit', { id }, { fields: { title, body: '' }, focus: 'body' });
      } }), bg: ACCENT, color: '#FFFFFF' },
    }),
    onBack: () => {
      if (ctx.field('search') === '') return false;
      ctx.setField('search', '');
      return true;
    },
  };
};

const edit: Screen = (ctx) => {
  const t = ctx.theme;
  const id = ctx.screen.params.id as number;
  const doc = ctx.db.query('SELECT id, title, body, updated_at FROM documents WHERE id = ?', [id])[0] as unknown as DocRow | undefined;
  if (!doc) return { view: scaffold(ctx, { appBar: brandBar(ctx, { title: ctx.t('title'), back: true, bg: t.surface, fg: t.onSurface }), body: emptyState(ctx, 'article', ctx.t('empty')) }) };
  const write = (col: 'title' | 'body') => (value: string) => {
    ctx.db.run(`UPDATE documents SET ${col} = ?, updated_at = ? WHERE id = ?`, [value, ctx.now(), id]);
  };
  const ui = ctx.screen.ui;
  const body = ctx.field('body');
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, {
        title: doc.title || ctx.t('untitled'), back: true, bg: t.surface, fg: t.onSurface,
        actions: [
          { icon: 'share', desc: ctx.t('share'), id: 'share', onClick: () => { ui.share = true; } },
          { icon: 'more_vert', desc: ctx.t('more'), id: 'more', onClick: () => { ui.menu = true; } },
        ],
      }),
      body: col({ flex: 1, padding: [0, 20], scrollKey: 'editor' },
        textField(ctx, { key: 'title', hint: ctx.t('titleHint'), style: 'plain', id: 'doc_title', onChange: write('title') }),
        { height: 1, bg: t.outlineVariant, margin: [4, 0, 8, 0] },
        { ...textField(ctx, { key: 'body', hint: ctx.t('bodyHint'), style: 'plain', multiline: true, id: 'doc_body', onChange: write('body') }), minHeight: 320 },
      ),
      bottom: row({ height: 40, padding: [0, 16], bg: t.surfaceContainerLow },
        { text: ctx.t('edited', { time: ctx.formatTime(doc.updated_at) }), type: 'bodySmall', color: t.onSurfaceVariant, flex: 1, id: 'edited' },
        { text: ctx.t('words', { n: [...body.replace(/\s/g, '')].length }), type: 'bodySmall', color: t.onSurfaceVariant, id: 'count' },
      ),
    }),
    dialog: ui.share ? shareSheet(ctx, ctx.t('linkText', { title: doc.title || ctx.t('untitled'), id }), {
      onClose: () => { delete ui.share; },
      onShared: (pkg) => ctx.db.run('UPDATE documents SET shared_to = ? WHERE id = ?', [pkg, id]),
    }) : ui.menu ? {
      view: popupMenu(ctx, [
        { label: ctx.t('rename'), id: 'rename', onClick: () => { delete ui.menu; ui.rename = true; ctx.setField('rename', ''); ctx.focus('rename'); } },
        { label: ctx.t('delete'), id: 'delete', onClick: () => { delete ui.menu; ui.confirmDelete = true; } },
      ]),
      onDismiss: () => { delete ui.menu; },
    } : ui.rename ? {
      view: alertDialog(ctx, {
        title: ctx.t('rename'), body: textField(ctx, { key: 'rename', hint: doc.title || ctx.t('titleHint'), id: 'rename_input' }),
        buttons: [
          { label: ctx.t('cancel'), onClick: () => { delete ui.rename; ctx.focus(undefined); } },
          { label: ctx.t('save'), id: 'rename_save', onClick: () => {
            const name = ctx.field('rename').trim() || ctx.t('untitled');
            write('title')(name);
            ctx.setField('title', name);
            delete ui.rename;
            ctx.focus(undefined);
            ctx.toast(ctx.t('renamed'));
          } },
        ],
      }),
      onDismiss: () => { delete ui.rename; ctx.focus(undefined); },
    } : ui.confirmDelete ? {
      view: alertDialog(ctx, {
        title: ctx.t('deleteTitle'), buttons: [
          { label: ctx.t('cancel'), onClick: () => { delete ui.confirmDelete; } },
          { label: ctx.t('delete'), id: 'confirm_delete', onClick: () => { ctx.db.run('DELETE FROM documents WHERE id = ?', [id]); ctx.pop(); ctx.toast(ctx.t('deleted')); } },
        ],
      }),
      onDismiss: () => { delete ui.confirmDelete; },
    } : undefined,
  };
};

/** Text shared from another app: name it and create a document with it. */
const shareIn: Screen = (ctx) => {
  const t = ctx.theme;
  const text = String(ctx.screen.params.text ?? '');
  return {
    view: scaffold(ctx, {
      appBar: brandBar(ctx, { title: ctx.t('importTitle'), back: true, bg: t.surface, fg: t.onSurface }),
      body: col({ flex: 1, padding: [8, 16], gap: 16 },
        textField(ctx, { key: 'title', label: ctx.t('titleHint'), id: 'import_title' }),
        { text, type: 'bodyMedium', color: t.onSurfaceVariant, bg: t.surfaceContainerLow, radius: 12, padding: 16, maxLines: 12, id: 'import_preview' },
        { text: ctx.t('create'), type: 'labelLarge', height: 48, radius: 24, bg: ACCENT, color: '#FFFFFF', textAlign: 'center', id: 'create_document', cls: 'android.widget.Button',
          onClick: () => {
            const title = ctx.field('title').trim() || ctx.t('untitled');
            const id = createDoc(ctx, title, text, 'share');
            ctx.replace('edit', { id }, { fields: { title, body: text } });
          } },
      ),
    }),
  };
};

export const DOCS_SCREENS = { list, edit, shareIn };
