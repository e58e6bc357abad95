// The system share sheet (Android's Sharesheet): a bottom sheet of apps that accept text. Choosing
// one opens that app on its share-in screen with the text, like an ACTION_SEND intent.
import { localize, type AppContext, type Localized, type ScreenInit } from '../app';
import type { IconName } from '../../ui/icons';
import { col, row, type View } from '../../ui/view';
import { bottomSheet } from './widgets';

import { CHAT_PACKAGE } from '../chat/info';
import { DOCS_PACKAGE } from '../docs/info';
import { MESSAGES_PACKAGE } from '../messages/info';

export { CHAT_PACKAGE, DOCS_PACKAGE, MESSAGES_PACKAGE };

interface ShareTarget {
  pkg: string;
  label: Localized;
  icon: IconName;
  bg: string;
  /** Screen opened with params { text }. */
  screen: string;
  /** Field values and focus the screen opens with. */
  init: (text: string) => ScreenInit;
}

function firstLine(text: string): string {
  return [...(text.split('\n').find((l) => l.trim() !== '') ?? '')].slice(0, 30).join('').trim();
}

/** Apps that take shared text, in the order the sheet lists them. */
export const SHARE_TARGETS: ShareTarget[] = [
  { pkg: DOCS_PACKAGE, label: { 'en-US': 'Docs', 'zh-CN': '腾讯文档' }, icon: 'article', bg: '#1E6FFF', screen: 'shareIn', init: (text) => ({ fields: { title: firstLine(text) } }) },
  { pkg: MESSAGES_PACKAGE, label: { 'en-US': 'Messages', 'zh-CN': '信息' }, icon: 'chat', bg: '#0B57D0', screen: 'compose', init: () => ({ focus: 'to' }) },
  { pkg: CHAT_PACKAGE, label: { 'en-US': 'Chat', 'zh-CN': '微信' }, icon: 'forum', bg: '#07C160', screen: 'shareIn', init: () => ({}) },
];

const LABELS = {
  'en-US': { title: 'Share', copy: 'Copy', copied: 'Copied' },
  'zh-CN': { title: '分享', copy: '复制', copied: '已复制' },
};

/**
 * The sheet as a screen dialog. `onShared(pkg)` runs before the target opens (record it);
 * `onClose` hides the sheet.
 */
export function shareSheet(ctx: AppContext, text: string, o: { onClose: () => void; onShared?: (pkg: string) => void }): { view: View; onDismiss: () => void } {
  const t = ctx.theme;
  const l = LABELS[ctx.locale] ?? LABELS['en-US'];
  const preview = [...text].slice(0, 80).join('').replace(/\n+/g, ' ');
  const target = (label: string, icon: IconName, bg: string, id: string, onClick: () => void): View =>
    col({ width: 80, align: 'center', gap: 8, onClick, id, desc: label, cls: 'android.widget.LinearLayout' },
      { icon, iconSize: 26, width: 52, height: 52, circle: true, bg, color: '#FFFFFF' },
      { text: label, type: 'bodySmall', color: t.onSurface, textAlign: 'center', maxLines: 1, width: 80, id: 'text1' },
    );
  return {
    view: bottomSheet(ctx, {
      id: 'chooser_sheet', onDismiss: o.onClose,
      body: col({ gap: 16, padding: [0, 16, 8, 16] },
        { text: l.title, type: 'titleMedium', color: t.onSurface, textAlign: 'center', id: 'title' },
        { text: preview, type: 'bodyMedium', color: t.onSurfaceVariant, bg: t.surfaceContainerHigh, radius: 12, padding: 12, maxLines: 2, id: 'content_preview_text' },
        row({ gap: 4, id: 'resolver_list' },
          ...SHARE_TARGETS.map((s) => target(localize(s.label, ctx.locale), s.icon, s.bg, 'share_target', () => {
            o.onClose();
            o.onShared?.(s.pkg);
            ctx.openApp(s.pkg, s.screen, { text }, s.init(text));
          })),
          target(l.copy, 'content_copy', t.secondaryContainer === '#E8DEF8' ? '#5F6368' : '#9AA0A6', 'share_copy', () => {
            ctx.setClipboard(text);
            o.onClose();
            ctx.toast(l.copied);
          }),
        ),
      ),
    }),
    onDismiss: o.onClose,
  };
}
