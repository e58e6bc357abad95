// Contacts, declared: its list is the people module (favourites first, letter groups, search
// over name, number and e-mail), its detail the person module (avatar, round call / text /
// e-mail buttons, the info card, star, and delete behind the ⋮ menu), its editor the
// personForm module (fields with icons; the saved name built per locale in CEL). Texting
// opens Messages' thread: TypeScript (manifest.ts), as no action opens another app's screen.
import type { PeopleScreenSpec } from '../modules/spec';
import type { PersonFormScreenSpec, PersonScreenSpec } from '../modules/person-spec';

const FILE = 'src/mockphone/apps/contacts/contacts.app.ts';

export const CONTACTS_LIST_SPEC: PeopleScreenSpec & { at: string } = {
  module: 'people',
  search: { hint: '@search', id: 'search_bar' },
  query: {
    sql: `SELECT * FROM contacts WHERE (? = '' OR display_name LIKE '%' || ? || '%' OR phone LIKE '%' || ? || '%' OR email LIKE '%' || ? || '%')
     ORDER BY display_name COLLATE NOCASE, id`,
    args: ['search', 'search', 'search', 'search'],
  },
  item: { id: 'contact', name: "row.display_name != '' ? row.display_name : row.phone", desc: 'row.display_name', tap: [{ navigate: 'detail', params: { id: 'row.id' } }] },
  favorites: { when: 'row.starred != 0', labels: ['@favorites', '@contacts'] },
  letters: 'row.display_name',
  empty: { icon: 'person', text: '@empty', searching: '@noResults' },
  fab: { icon: 'add', desc: '@create', id: 'create_contact', do: [{ navigate: 'edit', focus: 'first' }] },
  at: `${FILE}:11`,
};

/** Opening Messages on this number: the manifest's hook (by these ids) does it; the action is what a YAML app would do. */
const TEXT = [{ openApp: 'com.phonebuddy.messages' }];

export const CONTACTS_DETAIL_SPEC: PersonScreenSpec & { at: string } = {
  module: 'person',
  query: { sql: 'SELECT * FROM contacts WHERE id = ?', args: ['params.id'] },
  name: "row.display_name != '' ? row.display_name : row.phone",
  empty: { icon: 'person', text: '@empty' },
  actions: [
    { icon: 'edit', desc: '@edit', id: 'edit', do: [{ navigate: 'edit', params: { id: 'row.id' }, fields: { first: 'row.first_name', last: 'row.last_name', phone: 'row.phone', email: 'row.email', company: 'row.company' } }] },
    { icon: 'star', desc: '=row.starred != 0 ? t.unfavorite : t.favorite', id: 'star', do: [{ update: { table: 'contacts', set: { starred: 'row.starred != 0 ? 0 : 1', updated_at: 'now' }, where: { id: 'row.id' } } }] },
  ],
  buttons: [
    { icon: 'phone', label: '@call', id: 'call', when: "row.phone != ''", do: [{ toast: "=t.call + ' ' + row.phone" }] },
    { icon: 'chat', label: '@text', id: 'text', when: "row.phone != ''", do: TEXT },
    { icon: 'email', label: '@email', id: 'send_email', when: "row.email != ''", do: [{ toast: '=row.email' }] },
  ],
  info: {
    title: '@contactInfo',
    rows: [
      { value: 'row.phone', label: '@mobile', icon: 'phone', id: 'phone', button: { icon: 'chat', desc: '@text', id: 'text_phone', do: TEXT } },
      { value: 'row.email', label: '@email', icon: 'email', id: 'email' },
      { value: 'row.company', label: '@company', icon: 'info', id: 'company' },
    ],
  },
  menu: {
    desc: '@more', id: 'more',
    items: [{
      label: '@delete', id: 'delete',
      confirm: { title: '@deleteTitle', message: '@deleteMessage', cancel: '@cancel', ok: '@delete', id: 'confirm_delete' },
      do: [{ delete: { table: 'contacts', where: { id: 'row.id' } } }, { back: true }, { toast: '@deleted' }],
    }],
  },
  at: `${FILE}:30`,
};

export const CONTACTS_EDIT_SPEC: PersonFormScreenSpec & { at: string } = {
  module: 'personForm',
  table: 'contacts',
  title: '@create',
  editTitle: '@editContact',
  cancel: { desc: '@cancel', id: 'cancel' },
  fields: [
    { key: 'first', column: 'first_name', label: '@firstName', icon: 'person' },
    { key: 'last', column: 'last_name', label: '@lastName' },
    { key: 'company', column: 'company', label: '@company', icon: 'info' },
    { divider: true },
    { key: 'phone', column: 'phone', label: '@phone', icon: 'phone' },
    { key: 'email', column: 'email', label: '@email', icon: 'email' },
  ],
  requireAny: { fields: ['first', 'last', 'phone'], toast: '@needName' },
  // As shared/people.ts's displayName: family name first in Chinese, "First Last" otherwise.
  computed: {
    display_name: "locale == 'zh-CN' && (input.first + input.last).matches('[\\u4e00-\\u9fff]') ? input.last + input.first"
      + " : (input.first != '' && input.last != '' ? input.first + ' ' + input.last : input.first + input.last)",
  },
  stamps: { insert: { created_at: 'now' }, update: { updated_at: 'now' } },
  save: {
    label: '@save', id: 'save',
    afterInsert: [{ navigate: 'detail', params: { id: 'id' }, replace: true }, { toast: '@saved' }],
    afterUpdate: [{ back: true }, { toast: '@saved' }],
  },
  at: `${FILE}:63`,
};
