// Material 3 widgets built from plain views: what app screens are written with.
import type { AppContext } from '../apps/app';
import type { IconName } from './icons';
import { avatarColor } from './theme';
import { col, row, stack, type TextFieldSpec, type View } from './view';

type Ctx = Pick<AppContext, 'theme' | 'pop' | 'field'>;

export interface Action {
  icon: IconName;
  desc: string;
  onClick: () => void;
  id?: string;
}

export function appBar(ctx: Ctx, opts: { title: string; back?: boolean | (() => void); actions?: Action[]; id?: string; large?: boolean }): View {
  const t = ctx.theme;
  const onBack = opts.back === true ? () => ctx.pop() : typeof opts.back === 'function' ? opts.back : undefined;
  return row({ height: 64, padding: [0, 4, 0, onBack ? 4 : 16], bg: t.surface, gap: 0, cls: 'android.view.ViewGroup', id: opts.id ?? 'toolbar' },
    onBack && iconButton(ctx, { icon: 'arrow_back', desc: 'Navigate up', onClick: onBack, id: 'navigate_up' }),
    { text: opts.title, type: 'titleLarge', color: t.onSurface, flex: 1, maxLines: 1, padding: [0, 0, 0, onBack ? 4 : 0], id: 'toolbar_title' },
    ...(opts.actions ?? []).map((a) => iconButton(ctx, a)),
  );
}

export function iconButton(ctx: Pick<AppContext, 'theme'>, a: Action & { color?: string; size?: number }): View {
  return { icon: a.icon, desc: a.desc, onClick: a.onClick, id: a.id, width: a.size ?? 48, height: a.size ?? 48, radius: 24, color: a.color ?? ctx.theme.onSurfaceVariant, cls: 'android.widget.ImageButton' };
}

export function avatar(name: string, size = 40, color?: string): View {
  const letter = [...name.trim()][0]?.toUpperCase() ?? '?';
  return { text: letter, circle: true, bg: color ?? avatarColor(name), width: size, height: size, textAlign: 'center', color: '#FFFFFF', textSize: size * 0.45, weight: 500, cls: 'android.widget.ImageView', desc: name };
}

export function listItem(ctx: Pick<AppContext, 'theme'>, o: {
  headline: string; supporting?: string; trailing?: View | string; leading?: View; onClick?: () => void; onLongClick?: () => void;
  id?: string; desc?: string; supportingLines?: number; selected?: boolean; bold?: boolean;
}): View {
  const t = ctx.theme;
  const trailing = typeof o.trailing === 'string' ? { text: o.trailing, type: 'labelSmall' as const, color: t.onSurfaceVariant, id: 'trailing' } : o.trailing;
  return row({ minHeight: o.supporting ? 72 : 56, padding: [12, 24, 12, 16], gap: 16, onClick: o.onClick, onLongClick: o.onLongClick, id: o.id, desc: o.desc, selected: o.selected, bg: o.selected ? t.secondaryContainer : undefined, align: 'center' },
    o.leading,
    col({ flex: 1, gap: 2 },
      { text: o.headline, type: 'bodyLarge', color: t.onSurface, maxLines: 1, weight: o.bold ? 700 : undefined, id: 'headline' },
      o.supporting !== undefined && { text: o.supporting, type: 'bodyMedium', color: o.bold ? t.onSurface : t.onSurfaceVariant, maxLines: o.supportingLines ?? 1, id: 'supporting' },
    ),
    trailing,
  );
}

export function button(ctx: Pick<AppContext, 'theme'>, o: { label: string; onClick: () => void; variant?: 'filled' | 'tonal' | 'text' | 'outlined'; id?: string; icon?: IconName; enabled?: boolean }): View {
  const t = ctx.theme;
  const v = o.variant ?? 'filled';
  const enabled = o.enabled !== false;
  const bg = v === 'filled' ? t.primary : v === 'tonal' ? t.secondaryContainer : undefined;
  const color = v === 'filled' ? t.onPrimary : v === 'tonal' ? t.onSecondaryContainer : t.primary;
  return { text: o.label, icon: o.icon, iconSize: 18, type: 'labelLarge', height: 40, padding: [0, v === 'text' ? 12 : 24], radius: 20, bg: enabled ? bg : t.surfaceContainerHighest, color: enabled ? color : t.outline, border: v === 'outlined' ? t.outline : undefined, textAlign: 'center', onClick: enabled ? o.onClick : undefined, enabled, id: o.id, cls: 'android.widget.Button' };
}

export function fab(ctx: Pick<AppContext, 'theme'>, o: { icon: IconName; label?: string; desc: string; onClick: () => void; id?: string }): View {
  const t = ctx.theme;
  if (o.label) {
    return { text: o.label, icon: o.icon, iconSize: 24, type: 'labelLarge', height: 56, padding: [0, 20, 0, 16], radius: 16, bg: t.primaryContainer, color: t.onPrimaryContainer, elevation: 3, onClick: o.onClick, desc: o.desc, id: o.id ?? 'fab', cls: 'android.widget.Button', pos: { right: 16, bottom: 16 } };
  }
  return { icon: o.icon, iconSize: 24, width: 56, height: 56, radius: 16, bg: t.primaryContainer, color: t.onPrimaryContainer, elevation: 3, onClick: o.onClick, desc: o.desc, id: o.id ?? 'fab', cls: 'android.widget.ImageButton', pos: { right: 16, bottom: 16 } };
}

export function textField(ctx: Pick<AppContext, 'theme'>, o: TextFieldSpec & { id?: string; label?: string; height?: number; flex?: number; desc?: string; type?: View['type'] }): View {
  const style = o.style ?? 'outlined';
  const pad: View['padding'] = style === 'plain' ? [8, 0] : style === 'search' ? [0, 20] : [16, 16];
  return {
    field: { key: o.key, hint: o.hint ?? o.label, multiline: o.multiline, password: o.password, onChange: o.onChange, onSubmit: o.onSubmit, style },
    id: o.id ?? o.key, padding: pad, type: o.type, minHeight: style === 'plain' ? 40 : 56, height: o.height, flex: o.flex, desc: o.desc,
    bg: style === 'search' ? ctx.theme.surfaceContainerHigh : undefined, radius: style === 'search' ? 28 : undefined,
  };
}

export function switchRow(ctx: Pick<AppContext, 'theme'>, o: { title: string; summary?: string; checked: boolean; onToggle: (on: boolean) => void; icon?: IconName; id?: string; enabled?: boolean }): View {
  const t = ctx.theme;
  return row({ minHeight: 72, padding: [12, 24, 12, 16], gap: 16, onClick: () => o.onToggle(!o.checked), id: o.id, enabled: o.enabled },
    o.icon && { icon: o.icon, color: t.onSurfaceVariant, width: 24, height: 24 },
    col({ flex: 1, gap: 2 },
      { text: o.title, type: 'bodyLarge', color: t.onSurface, id: 'title' },
      o.summary !== undefined && { text: o.summary, type: 'bodyMedium', color: t.onSurfaceVariant, id: 'summary' },
    ),
    { control: 'switch', checked: o.checked, id: 'switch_widget', desc: o.title },
  );
}

export function checkboxRow(ctx: Pick<AppContext, 'theme'>, o: { title: string; checked: boolean; onToggle: (on: boolean) => void; id?: string }): View {
  return row({ height: 56, padding: [0, 16, 0, 4], gap: 4, onClick: () => o.onToggle(!o.checked), id: o.id },
    { control: 'checkbox', checked: o.checked, width: 48, height: 48, desc: o.title },
    { text: o.title, type: 'bodyLarge', color: ctx.theme.onSurface, flex: 1 },
  );
}

export function radioRow(ctx: Pick<AppContext, 'theme'>, o: { title: string; checked: boolean; onSelect: () => void; id?: string }): View {
  return row({ height: 56, padding: [0, 16, 0, 8], gap: 8, onClick: o.onSelect, id: o.id },
    { control: 'radio', checked: o.checked, width: 40, height: 40, desc: o.title },
    { text: o.title, type: 'bodyLarge', color: ctx.theme.onSurface, flex: 1 },
  );
}

export function tabs(ctx: Pick<AppContext, 'theme'>, o: { labels: string[]; selected: number; onSelect: (i: number) => void; id?: string }): View {
  const t = ctx.theme;
  return col({ id: o.id ?? 'tabs', cls: 'android.widget.HorizontalScrollView' },
    row({ height: 48 },
      ...o.labels.map((label, i) => col({ flex: 1, height: 48, onClick: () => o.onSelect(i), selected: i === o.selected, desc: label, cls: 'android.widget.LinearLayout' },
        { text: label, type: 'titleSmall', color: i === o.selected ? t.primary : t.onSurfaceVariant, textAlign: 'center', flex: 1 },
        { height: 3, bg: i === o.selected ? t.primary : undefined, radius: 2, padding: [0, 24] },
      )),
    ),
    divider(ctx),
  );
}

export function divider(ctx: Pick<AppContext, 'theme'>, inset = 0): View {
  return row({ height: 1, padding: [0, 0, 0, inset] }, { height: 1, flex: 1, bg: ctx.theme.outlineVariant });
}

export function sectionHeader(ctx: Pick<AppContext, 'theme'>, text: string): View {
  return { text, type: 'titleSmall', color: ctx.theme.primary, padding: [16, 16, 8, 16] };
}

export function scrollList(key: string, children: View['children'], props: View = {}): View {
  return { dir: 'column', flex: 1, scrollKey: key, id: 'list', ...props, children };
}

export function emptyState(ctx: Pick<AppContext, 'theme'>, icon: IconName, text: string): View {
  return col({ flex: 1, align: 'center', justify: 'center', gap: 16, padding: 32 },
    { icon, iconSize: 64, width: 64, height: 64, color: ctx.theme.outline },
    { text, type: 'bodyLarge', color: ctx.theme.onSurfaceVariant, textAlign: 'center', id: 'empty' },
  );
}

/** An M3 basic dialog: title, optional message or body, text buttons on the right. */
export function alertDialog(ctx: Pick<AppContext, 'theme'>, o: { title: string; message?: string; body?: View; buttons: { label: string; onClick: () => void; id?: string }[] }): View {
  const t = ctx.theme;
  return col({ width: 312, padding: [24, 24, 20, 24], gap: 16, bg: t.surfaceContainerHigh, radius: 28, cls: 'android.widget.FrameLayout', id: 'dialog' },
    { text: o.title, type: 'headlineSmall', color: t.onSurface, id: 'alertTitle' },
    o.message !== undefined && { text: o.message, type: 'bodyMedium', color: t.onSurfaceVariant, id: 'message' },
    o.body,
    row({ justify: 'end', gap: 8, padding: [8, 0, 0, 0] }, ...o.buttons.map((b, i) => button(ctx, { label: b.label, onClick: b.onClick, variant: 'text', id: b.id ?? `button${i + 1}` }))),
  );
}

/** A popup menu (overflow or context menu): a column of items. */
export function popupMenu(ctx: Pick<AppContext, 'theme'>, items: { label: string; onClick: () => void; id?: string }[]): View {
  const t = ctx.theme;
  return col({ width: 200, padding: [8, 0], bg: t.surfaceContainer, radius: 4, elevation: 3, cls: 'android.widget.ListView', id: 'menu' },
    ...items.map((it) => ({ text: it.label, type: 'bodyLarge' as const, height: 48, padding: [0, 12] as [number, number], color: t.onSurface, onClick: it.onClick, id: it.id ?? 'title' })),
  );
}

/** Standard screen: app bar, body, optional floating action button over the body. */
export function scaffold(ctx: Pick<AppContext, 'theme'>, o: { appBar?: View; body: View; fab?: View; bottom?: View }): View {
  return col({ flex: 1, bg: ctx.theme.surface, id: 'content', cls: 'android.widget.FrameLayout' },
    o.appBar,
    stack({ flex: 1 }, col({}, o.body), o.fab),
    o.bottom,
  );
}

export { col, row, stack };
