// The notification shade (swipe down from the status bar): quick-settings tiles backed by the
// settings provider, a brightness slider, and the notifications posted since the last reset.
import type { IconName } from '../ui/icons';
import type { Theme } from '../ui/theme';
import { col, row, type View } from '../ui/view';

export interface ShadeNotification {
  id: number;
  pkg: string;
  appLabel: string;
  icon: IconName;
  iconBg: string;
  title: string;
  text: string;
  time: string;
}

export interface ShadeTile {
  id: string;
  icon: IconName;
  label: string;
  state: string;
  on: boolean;
  onClick: () => void;
}

export function shadeView(theme: Theme, o: {
  time: string; date: string; tiles: ShadeTile[]; brightness: number; onBrightness: (f: number) => void;
  notifications: ShadeNotification[]; onOpen: (id: number) => void; onClearAll: () => void; labels: { clearAll: string; noNotifications: string; brightness: string };
  onOutside: () => void;
}): View {
  const tile = (t: ShadeTile): View => row({ flex: 1, height: 64, radius: 32, padding: [0, 16], gap: 12, bg: t.on ? theme.primary : theme.surfaceContainerHighest,
    onClick: t.onClick, id: t.id, desc: t.label, checkable: true, checked: t.on, cls: 'android.widget.Switch' },
  { icon: t.icon, iconSize: 22, width: 22, height: 22, color: t.on ? theme.onPrimary : theme.onSurfaceVariant },
  col({ flex: 1 },
    { text: t.label, type: 'titleSmall', color: t.on ? theme.onPrimary : theme.onSurface, maxLines: 1 },
    { text: t.state, type: 'bodySmall', color: t.on ? theme.onPrimary : theme.onSurfaceVariant, maxLines: 1 },
  ));
  const pairs: View[] = [];
  for (let i = 0; i < o.tiles.length; i += 2) pairs.push(row({ gap: 8 }, tile(o.tiles[i]), o.tiles[i + 1] ? tile(o.tiles[i + 1]) : { flex: 1 }));
  return col({ bg: theme.dark ? '#1B1B1F' : '#EFEDF4', padding: [12, 16, 16, 16], gap: 8, id: 'notification_shade', cls: 'android.widget.FrameLayout', absorb: true, onClick: o.onOutside },
    row({ height: 40, padding: [0, 8] },
      { text: o.time, type: 'titleLarge', color: theme.onSurface, id: 'clock' },
      { text: o.date, type: 'bodyMedium', color: theme.onSurfaceVariant, flex: 1, padding: [0, 0, 0, 12], id: 'date' },
    ),
    col({ gap: 8, id: 'quick_settings', absorb: true }, ...pairs),
    row({ height: 48, padding: [0, 8], gap: 12, absorb: true },
      { icon: 'brightness', width: 24, height: 24, color: theme.onSurfaceVariant },
      { slider: o.brightness, flex: 1, onClickAt: (fx) => o.onBrightness(fx), id: 'brightness_slider', desc: o.labels.brightness },
    ),
    col({ flex: 1, gap: 8, scrollKey: 'shade', padding: [8, 0, 0, 0] },
      ...(o.notifications.length === 0
        ? [{ text: o.labels.noNotifications, type: 'bodyMedium' as const, color: theme.onSurfaceVariant, textAlign: 'center' as const, padding: 24 }]
        : o.notifications.map((n) => row({ bg: theme.surfaceContainerLowest, radius: 20, padding: [14, 16], gap: 14, onClick: () => o.onOpen(n.id), id: 'notification', desc: n.appLabel, cls: 'android.widget.FrameLayout' },
          { icon: n.icon, iconSize: 20, width: 36, height: 36, circle: true, bg: n.iconBg, color: '#FFFFFF' },
          col({ flex: 1, gap: 2 },
            row({ gap: 6 }, { text: n.appLabel, type: 'labelMedium', color: theme.onSurfaceVariant }, { text: `· ${n.time}`, type: 'labelMedium', color: theme.onSurfaceVariant }),
            { text: n.title, type: 'titleSmall', color: theme.onSurface, maxLines: 1, id: 'title' },
            { text: n.text, type: 'bodyMedium', color: theme.onSurfaceVariant, maxLines: 2, id: 'text' },
          ),
        ))),
    ),
    o.notifications.length > 0 && row({ justify: 'end' }, { text: o.labels.clearAll, type: 'labelLarge', color: theme.onSurface, bg: theme.surfaceContainerHigh, radius: 20, height: 40, padding: [0, 20], onClick: o.onClearAll, id: 'clear_all', cls: 'android.widget.Button' }),
  );
}
