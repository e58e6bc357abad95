import type { AppManifest } from '../app';
import { contactsInfo } from './info';
import { seedContacts } from './seed';
import { CONTACTS_SCREENS } from './screens';

export const contactsApp: AppManifest = {
  ...contactsInfo,
  database: { ...contactsInfo.database!, seed: seedContacts },
  home: 'list',
  screens: CONTACTS_SCREENS,
};
