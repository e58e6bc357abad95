import type { AppContext, AppManifest } from '../app';
import { Bindings } from '../modules/bindings';
import { CEL_EXPRESSIONS } from '../modules/cel';
import { compileAppSpec } from '../modules/compile';
import { personScreen } from '../modules/person';
import { MESSAGES_PACKAGE } from '../messages/info';
import { CONTACTS_DETAIL_SPEC, CONTACTS_EDIT_SPEC, CONTACTS_LIST_SPEC } from './contacts.app';
import { contactsInfo } from './info';
import { seedContacts } from './seed';

/** Contacts is three modules (contacts.app.ts): people, person and personForm. */
const { list, edit } = compileAppSpec({
  file: CONTACTS_LIST_SPEC.at, package: contactsInfo.package, label: contactsInfo.label, strings: contactsInfo.strings, home: 'list',
  screens: { list: CONTACTS_LIST_SPEC, edit: CONTACTS_EDIT_SPEC, detail: CONTACTS_DETAIL_SPEC },
}).screens;

/** Texting a contact opens Messages on their thread, scrolled to the newest message. */
function openChat(ctx: AppContext, c: Record<string, unknown>): void {
  ctx.openApp(MESSAGES_PACKAGE, 'thread', { address: c.phone, name: c.display_name }, { scroll: { messages: 1e9 } });
}

const detail = personScreen(CONTACTS_DETAIL_SPEC, new Bindings(CEL_EXPRESSIONS, CONTACTS_DETAIL_SPEC.at, contactsInfo.strings), {
  do: { text: openChat, text_phone: openChat },
});

export const contactsApp: AppManifest = {
  ...contactsInfo,
  database: { ...contactsInfo.database!, seed: seedContacts },
  home: 'list',
  screens: { list, detail, edit },
};
