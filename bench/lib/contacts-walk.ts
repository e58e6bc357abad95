// A walk through Contacts' list, detail and editor (the people, person and personForm modules)
// on the shipped app and on the hand-written baseline (contacts-hand-written.ts), compared
// step by step (twin-walk.ts): opening a contact, starring it, the menu and its delete dialog,
// editing a number, creating a contact (refused blank, then saved with a name built per
// locale), calling, e-mailing and texting (Messages opens), deleting.
import type { AppManifest } from '../../src/mockphone/apps/app';
import { contactsApp } from '../../src/mockphone/apps/contacts/manifest';
import { CONTACTS_SCREENS } from './contacts-hand-written';
import { twinWalk, type Locale } from './twin-walk';

export const handContacts: AppManifest = { ...contactsApp, screens: { ...contactsApp.screens, ...CONTACTS_SCREENS } };

export function compareContactsWalk(locale: Locale): Promise<string[]> {
  const zh = locale === 'zh-CN';
  return twinWalk('contacts', handContacts, locale, async (both) => {
    await both('open', async (d) => { await d.phone.openApp(contactsApp.package); });
    await both('detail', (d) => d.tap({ id: 'contact' }));
    await both('star', (d) => d.tap({ id: 'star' }));
    await both('unstar', (d) => d.tap({ id: 'star' }));
    await both('call', (d) => d.tap({ id: 'call' }));
    await both('menu', (d) => d.tap({ id: 'more' }));
    await both('delete asked', (d) => d.tap({ id: 'delete' }));
    await both('delete cancelled', (d) => d.tap({ text: zh ? '取消' : 'Cancel' }));
    await both('editor', (d) => d.tap({ id: 'edit' }));
    await both('phone typed', async (d) => {
      await d.tap({ id: 'company' });
      await d.type(' Ltd');
    });
    await both('saved edit', (d) => d.tap({ id: 'save' }));
    await both('text', (d) => d.tap({ id: 'text' }));
    await both('back from Messages', (d) => d.key('back'));
    await both('Contacts again', async (d) => { await d.phone.openApp(contactsApp.package); });
    await both('list', async (d) => { if (!(await d.has({ id: 'contact' }))) await d.key('back'); });
    await both('a contact with e-mail', (d) => d.tap({ id: 'contact' }, 3));
    await both('e-mail', async (d) => { if (await d.has({ id: 'send_email' })) await d.tap({ id: 'send_email' }); });
    await both('back to list', (d) => d.key('back'));
    await both('create', (d) => d.tap({ id: 'create_contact' }));
    await both('blank refused', (d) => d.tap({ id: 'save' }));
    await both('typed', async (d) => {
      await d.type(zh ? '小明' : 'Zara');
      await d.tap({ id: 'last' });
      await d.type(zh ? '王' : 'Quill');
      await d.tap({ id: 'phone' });
      await d.type('+1 555 0100');
    });
    await both('created', (d) => d.tap({ id: 'save' }));
    await both('new contact texted from its number', (d) => d.tap({ id: 'text_phone' }));
    await both('back from Messages again', (d) => d.key('back'));
    await both('Contacts once more', async (d) => { await d.phone.openApp(contactsApp.package); });
    await both('menu again', (d) => d.tap({ id: 'more' }));
    await both('delete asked again', (d) => d.tap({ id: 'delete' }));
    await both('deleted', (d) => d.tap({ id: 'confirm_delete' }));
    await both('only a number', async (d) => {
      await d.tap({ id: 'create_contact' });
      await d.tap({ id: 'phone' });
      await d.type('555 0199');
      await d.tap({ id: 'save' });
    });
  }, { tables: ['contacts'] });
}
