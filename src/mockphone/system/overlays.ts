// System overlays drawn above apps: toasts, heads-up notification banners, the text-selection
// menu, system dialogs and the recents (overview) screen.
import type { Theme } from '../ui/theme';
import { col, row, stack, type View } from '../ui/view';

export function toastView(theme: Theme, text: string, bottomDp: number): View {
  return stack({},
    { text, type: 'bodyMedium', color: theme.inverseOnSurface, bg: theme.inverseSurface, radius: 24, padding: [12, 20], maxLines: 2, pos: { bottom: bottomDp }, id: 'toast', cls: 'android.widget.Toast' },
  );
}

export function bannerView(theme: Theme, o: { title: string; text: string; appLabel: string; iconBg: string; icon: View; onClick: () => void }): View {
  return stack({},
    row({ pos: { top: 44, left: 8 }, width: 376, padding: [14, 16], gap: 14, bg: theme.surfaceContainerHigh, radius: 24, elevation: 4, onClick: o.onClick, id: 'notification', cls: 'android.widget.FrameLayout', desc: o.appLabel },
      { ...o.icon, circle: true, bg: o.iconBg, width: 36, height: 36 },
      col({ flex: 1, gap: 2 },
        { text: o.appLabel, type: 'labelMedium', color: theme.onSurfaceVariant },
        { text: o.title, type: 'titleSmall', color: theme.onSurface, maxLines: 1, id: 'title' },
        { text: o.text, type: 'bodyMedium', color: theme.onSurfaceVariant, maxLines: 2, id: 'text' },
      ),
    ),
  );
}

export function textMenuView(theme: Theme, leftDp: number, topDp: number, items: { label: string; onClick: () => void; id: string }[], onOutside: () => void): View {
  return stack({ onClick: onOutside },
    row({ pos: { left: leftDp, top: topDp }, height: 48, padding: [0, 4], bg: theme.surfaceContainer, radius: 24, elevation: 3, absorb: true, id: 'floating_toolbar', cls: 'android.widget.LinearLayout' },
      ...items.map((it) => ({ text: it.label, type: 'labelLarge' as const, color: theme.onSurface, padding: [0, 14] as [number, number], height: 48, onClick: it.onClick, id: it.id, cls: 'android.widget.Button' })),
    ),
  );
}

export function modalView(theme: Theme, card: View, onOutside: (() => void) | undefined): View {
  return stack({ bg: theme.scrim, onClick: onOutside ?? (() => undefined), absorb: true, id: 'scrim' }, { ...card, pos: {}, absorb: true });
}

export function recentsView(theme: Theme, cards: { label: string; icon: View; onOpen: () => void; onClose: () => void }[], labels: { clearAll: string; empty: string }, onClearAll: () => void, onOutside: () => void): View {
  return col({ bg: theme.dark ? '#1B1B1F' : '#D9D6DE', padding: [24, 24, 24, 24], gap: 16, onClick: onOutside, id: 'overview', cls: 'android.widget.FrameLayout' },
    cards.length === 0 && { text: labels.empty, type: 'bodyLarge', color: theme.onSurfaceVariant, textAlign: 'center', flex: 1 },
    col({ flex: 1, gap: 16, scrollKey: 'recents' },
      ...cards.map((c) => col({ height: 200, bg: theme.surface, radius: 24, padding: 16, gap: 12, onClick: c.onOpen, desc: c.label, id: 'task_view', cls: 'android.widget.FrameLayout' },
        row({ gap: 12 }, { ...c.icon, width: 32, height: 32 }, { text: c.label, type: 'titleMedium', color: theme.onSurface, flex: 1 },
          { icon: 'close', width: 40, height: 40, color: theme.onSurfaceVariant, onClick: c.onClose, desc: `Dismiss ${c.label}` }),
        { flex: 1, bg: theme.surfaceContainer, radius: 12 },
      )),
    ),
    cards.length > 0 && row({ justify: 'center' }, { text: labels.clearAll, type: 'labelLarge', color: theme.onSurface, bg: theme.surfaceContainerHigh, radius: 20, height: 40, padding: [0, 24], onClick: onClearAll, id: 'clear_all', cls: 'android.widget.Button' }),
  );
}
