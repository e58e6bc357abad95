// Contacts' list, declared: the people module with Contacts' parameters (favourites first,
// letter groups, search over name, number and e-mail). Its detail and editor stay hand-written
// (screens.ts) until modules for them exist (a hero header with actions; a form whose saved
// name is composed per locale).
import type { PeopleScreenSpec } from '../modules/spec';

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
  at: 'src/mockphone/apps/contacts/contacts.app.ts:7',
};
