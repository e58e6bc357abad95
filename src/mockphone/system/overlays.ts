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

export interface RecentCard {
  label: string;
  icon: View;
  /** The app's last frame (a canvas), drawn as the card. */
  thumbnail?: unknown;
  onOpen: () => void;
  onClose: () => void;
}

/**
 * Android 14's overview: one large card per recent app, the selected one centred, older ones
 * to the left (swipe right to reach them), the app's icon and name above each card.
 */
export function recentsView(theme: Theme, cards: RecentCard[], selected: number, aspect: number, screenW: number, labels: { clearAll: string; empty: string },
  onClearAll: () => void, onOutside: () => void): View {
  const cardW = 250;
  const cardH = Math.round(cardW * aspect);
  const gap = 24;
  const centerLeft = Math.round((screenW - cardW) / 2);
  const placed = cards.map((c, i) => ({ c, i, left: centerLeft - (i - selected) * (cardW + gap) }))
    .filter(({ left }) => left > -cardW && left < screenW);
  return col({ bg: theme.dark ? '#1B1B1F' : '#D9D6DE', padding: [24, 0, 24, 0], gap: 16, onClick: onOutside, id: 'overview', cls: 'android.widget.FrameLayout' },
    cards.length === 0
      ? { text: labels.empty, type: 'bodyLarge', color: theme.onSurfaceVariant, textAlign: 'center', flex: 1, id: 'empty' }
      : stack({ flex: 1 },
        ...placed.map(({ c, left }) => col({ pos: { left, top: 0 }, width: cardW, gap: 12, align: 'center', id: 'task', cls: 'android.widget.FrameLayout' },
          row({ gap: 8, height: 40, justify: 'center' }, { ...c.icon, width: 32, height: 32 }, { text: c.label, type: 'titleMedium', color: theme.onSurface, maxLines: 1 },
            { icon: 'close', width: 40, height: 40, color: theme.onSurfaceVariant, onClick: c.onClose, desc: `Dismiss ${c.label}`, id: 'dismiss_task' }),
          { width: cardW, height: cardH, radius: 24, bg: theme.surface, image: c.thumbnail, onClick: c.onOpen, desc: c.label, id: 'task_view', cls: 'android.widget.FrameLayout', elevation: 2 },
        )),
      ),
    cards.length > 0 && row({ justify: 'center' }, { text: labels.clearAll, type: 'labelLarge', color: theme.onSurface, bg: theme.surfaceContainerHigh, radius: 20, height: 40, padding: [0, 24], onClick: onClearAll, id: 'clear_all', cls: 'android.widget.Button' }),
  );
}
