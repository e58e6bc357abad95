// WeChat's mini-program navigation bar, drawn by the host over every page of a mini-program:
// a back chevron, the page's title in the middle and the capsule on the right (… opens the
// capsule menu, ⊙ closes the mini-program); page actions sit left of the capsule. Shared by
// the Travel mini-program (travel/screens.ts) and the declared mini-programs Chat mounts
// (modules/mini-program.ts), so every mini-program looks like one.
import { translate, type AppContext, type Strings } from '../app';
import { col, row, stack, type View } from '../../ui/view';
import { bottomSheet } from './widgets';

export interface CapsuleBar {
  title: string;
  /** The back chevron's action; none on a mini-program's first page. */
  onBack?: () => void;
  onMore: () => void;
  onClose: () => void;
  /** Page actions (icon buttons) left of the capsule. */
  actions?: View[];
}

export function capsuleBar(ctx: Pick<AppContext, 'theme'>, o: CapsuleBar): View {
  const t = ctx.theme;
  return stack({ height: 48, bg: t.surface, id: 'mini_program_bar' },
    row({ pos: { left: 4, top: 0 }, height: 48 },
      o.onBack ? { icon: 'chevron_left', width: 44, height: 48, color: t.onSurface, onClick: o.onBack, desc: 'Navigate up', id: 'navigate_up', cls: 'android.widget.ImageButton' } : { width: 44 },
    ),
    { text: o.title, type: 'titleMedium', color: t.onSurface, maxLines: 1, id: 'title', pos: { top: 12 } },
    o.actions && o.actions.length > 0 && row({ pos: { right: 100, top: 0 }, height: 48 }, ...o.actions),
    row({ pos: { right: 8, top: 8 }, height: 32, width: 88, radius: 16, border: t.outlineVariant, bg: 'rgba(255,255,255,0.6)', id: 'capsule', cls: 'android.widget.LinearLayout' },
      { icon: 'more_horiz', iconSize: 20, flex: 1, height: 32, color: t.onSurface, onClick: o.onMore, desc: 'More', id: 'capsule_more', cls: 'android.widget.ImageButton' },
      { width: 1, height: 18, bg: t.outlineVariant },
      { icon: 'radio_button_checked', iconSize: 20, flex: 1, height: 32, color: t.onSurface, onClick: o.onClose, desc: 'Close', id: 'capsule_close', cls: 'android.widget.ImageButton' },
    ),
  );
}

export interface CapsuleMenu {
  share: string;
  favorite: string;
  reload: string;
  about: string;
  onDismiss: () => void;
  /** Back to the mini-program's first page. */
  onReload: () => void;
}

/** The capsule's … menu: share, add to My Mini Programs, reload, about (each closes the sheet). */
export function capsuleMenu(ctx: AppContext, o: CapsuleMenu): { view: View; onDismiss: () => void } {
  const close = o.onDismiss;
  const item = (label: string, id: string, onClick: () => void): View => ({ text: label, type: 'bodyLarge', color: ctx.theme.onSurface, height: 52, padding: [0, 24], onClick, id, cls: 'android.widget.TextView' });
  return {
    view: bottomSheet(ctx, { onDismiss: close, id: 'capsule_menu', body: col({},
      item(o.share, 'capsule_share', () => { close(); ctx.toast(o.share); }),
      item(o.favorite, 'capsule_favorite', () => { close(); ctx.toast(o.favorite); }),
      item(o.reload, 'capsule_reload', () => { close(); o.onReload(); }),
      item(o.about, 'capsule_about', () => { close(); ctx.toast(o.about); }),
    ) }),
    onDismiss: close,
  };
}

/** The capsule menu's words for a mini-program with no strings of its own for them. */
export const CAPSULE_STRINGS: Strings = {
  'en-US': { share: 'Share', favorite: 'Add to My Mini Programs', reload: 'Reload', about: 'About {name}' },
  'zh-CN': { share: '转发给朋友', favorite: '添加到我的小程序', reload: '重新进入小程序', about: '关于{name}' },
};

export function capsuleWord(ctx: Pick<AppContext, 'locale'>, key: string, name = ''): string {
  return translate(CAPSULE_STRINGS, ctx.locale, key, { name });
}
