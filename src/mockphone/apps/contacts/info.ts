// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';
import { CONTACTS_SCHEMA } from './schema.sql';
import { CONTACTS_STRINGS } from './strings';

export const contactsInfo: AppInfo = {
  package: 'com.phonebuddy.contacts',
  label: { 'en-US': 'Contacts', 'zh-CN': '通讯录' },
  icon: { glyph: 'contacts', bg: '#1A73E8' },
  database: { file: 'contacts.db', schema: CONTACTS_SCHEMA },
  strings: CONTACTS_STRINGS,
};
