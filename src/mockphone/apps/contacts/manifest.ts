import type { AppManifest } from '../app';
import { compileAppSpec } from '../modules/compile';
import { CONTACTS_LIST_SPEC } from './contacts.app';
import { contactsInfo } from './info';
import { seedContacts } from './seed';
import { CONTACTS_SCREENS } from './screens';

/** Contacts' list is the people module (contacts.app.ts); detail and editor are screens.ts. */
const list = compileAppSpec({
  file: CONTACTS_LIST_SPEC.at, package: contactsInfo.package, label: contactsInfo.label, strings: contactsInfo.strings, home: 'list',
  screens: { list: CONTACTS_LIST_SPEC },
}).screens.list;

export const contactsApp: AppManifest = {
  ...contactsInfo,
  database: { ...contactsInfo.database!, seed: seedContacts },
  home: 'list',
  screens: { ...CONTACTS_SCREENS, list },
};
