import type { AppManifest } from '../app';
import { CONTACTS_SCHEMA } from './schema.sql';
import { seedContacts } from './seed';
import { CONTACTS_SCREENS } from './screens';
import { CONTACTS_STRINGS } from './strings';

export const contactsApp: AppManifest = {
  package: 'com.phonebuddy.contacts',
  label: { 'en-US': 'Contacts', 'zh-CN': '通讯录' },
  icon: { glyph: 'contacts', bg: '#1A73E8' },
  database: { file: 'contacts.db', schema: CONTACTS_SCHEMA, seed: seedContacts },
  strings: CONTACTS_STRINGS,
  home: 'list',
  screens: CONTACTS_SCREENS,
};
