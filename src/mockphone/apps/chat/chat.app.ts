// Chat's main screen, declared: the tabs module with Chat's four tabs in WeChat green. Each tab
// (screens.ts's tabScreen: the top bar over the tab's list) is TypeScript, private to the tabs.
import type { TabsScreenSpec } from '../modules/spec';

/** WeChat green: the selected tab, the send button, the File Transfer avatar. */
export const CHAT_GREEN = '#07C160';

export const CHAT_TABS_SPEC: TabsScreenSpec & { at: string } = {
  module: 'tabs',
  accent: CHAT_GREEN,
  tabs: [
    { label: '@chats', icon: 'chat', id: 'tab_chats', screen: 'chats' },
    { label: '@contacts', icon: 'contacts', id: 'tab_contacts', screen: 'contacts' },
    { label: '@discover', icon: 'explore', id: 'tab_discover', screen: 'discover' },
    { label: '@me', icon: 'person', id: 'tab_me', screen: 'me' },
  ],
  at: 'src/mockphone/apps/chat/chat.app.ts:8',
};
