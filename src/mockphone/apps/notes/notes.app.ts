// Notes, declared: a searchable list of cards (pinned first, long-press to pin or delete) and
// an editor that saves when you leave it — the list and form modules with Notes' parameters.
// The same shape a workspace's notes.app.yaml would have (schemas/app.schema.json); only the
// seed stays code (seed.ts), as its times follow the seed's draws.
import type { AppSpec } from '../modules/spec';
import { notesInfo } from './info';

export const NOTES_SPEC: AppSpec = {
  file: 'src/mockphone/apps/notes/notes.app.ts',
  package: notesInfo.package,
  label: notesInfo.label,
  icon: notesInfo.icon.glyph,
  accent: notesInfo.icon.bg,
  strings: notesInfo.strings,
  home: 'list',
  screens: {
    list: {
      module: 'list',
      search: { hint: '@search', id: 'search_bar' },
      query: {
        sql: `SELECT id, title, body, pinned, updated_at FROM notes
     WHERE (? = '' OR title LIKE '%' || ? || '%' OR body LIKE '%' || ? || '%')
     ORDER BY pinned DESC, updated_at DESC, id DESC`,
        args: ['search', 'search', 'search'],
      },
      item: {
        style: 'card', id: 'note', title: 'row.title', body: 'row.body', desc: "row.title != '' ? row.title : row.body.truncate(30)",
        tap: [{ navigate: 'edit', params: { id: 'row.id' }, fields: { title: 'row.title', body: 'row.body' } }],
        menu: [
          { label: '=row.pinned != 0 ? t.unpin : t.pin', id: 'pin', do: [{ update: { table: 'notes', set: { pinned: 'row.pinned != 0 ? 0 : 1' }, where: { id: 'row.id' } } }] },
          { label: '@delete', id: 'delete', do: [{ delete: { table: 'notes', where: { id: 'row.id' } } }, { toast: '@deleted' }] },
        ],
      },
      sections: { when: 'row.pinned != 0', labels: ['@pinned', '@others'] },
      empty: { icon: 'note', text: '@empty' },
      fab: { icon: 'add', desc: '@newNote', id: 'new_note', do: [{ navigate: 'edit', focus: 'body' }] },
      at: 'src/mockphone/apps/notes/notes.app.ts:18',
    },
    edit: {
      module: 'form',
      table: 'notes',
      fields: [
        { key: 'title', hint: '@title', style: 'plain', id: 'title', large: true },
        { key: 'body', hint: '@note', style: 'plain', multiline: true, id: 'body', minHeight: 200 },
      ],
      discardEmpty: true,
      stamps: { insert: { created_at: 'now', updated_at: 'now' }, update: { updated_at: 'now' } },
      save: { id: 'save', desc: '@save', toast: '@saved' },
      delete: { id: 'delete', desc: '@delete', title: '@deleteTitle', message: '@deleteMessage', cancel: '@cancel', confirmId: 'confirm_delete', toast: '@deleted' },
      footer: { text: '@edited', time: 'updated_at', id: 'edited' },
      at: 'src/mockphone/apps/notes/notes.app.ts:41',
    },
  },
};
