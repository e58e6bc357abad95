// Status bar (virtual-clock time, network and battery icons) and the three-button navigation bar.
import type { IconName } from '../ui/icons';
import type { Theme } from '../ui/theme';
import { row, type View } from '../ui/view';

export const STATUS_BAR_DP = 36;
export const NAV_BAR_DP = 48;

export interface StatusInfo {
  time: string;
  wifi: boolean;
  airplane: boolean;
  bluetooth: boolean;
  battery: number;
  /** App glyphs of pending notifications (shown after the clock, as Android does). */
  notificationIcons?: IconName[];
  labels: { wifi: string; noWifi: string; airplane: string; signal: string; battery: string };
}

export function statusBarView(theme: Theme, bg: string, s: StatusInfo, fg = theme.onSurface): View {
  return row({ height: STATUS_BAR_DP, padding: [0, 20, 0, 24], bg, gap: 6, id: 'status_bar', cls: 'android.widget.FrameLayout' },
    { text: s.time, type: 'titleSmall', color: fg, id: 'clock', padding: [0, 6, 0, 0] },
    ...(s.notificationIcons ?? []).map((icon): View => ({ icon, iconSize: 16, width: 18, height: 16, color: fg })),
    { flex: 1 },
    s.bluetooth && { icon: 'bluetooth', iconSize: 16, width: 16, height: 16, color: fg, desc: 'Bluetooth on' },
    s.airplane && { icon: 'airplane', iconSize: 16, width: 16, height: 16, color: fg, desc: s.labels.airplane },
    s.wifi && !s.airplane && { icon: 'wifi', iconSize: 17, width: 17, height: 17, color: fg, desc: s.labels.wifi },
    !s.airplane && { icon: 'signal', iconSize: 15, width: 15, height: 15, color: fg, desc: s.labels.signal },
    { icon: 'battery', iconSize: 18, width: 12, height: 18, color: fg, desc: s.labels.battery },
    { text: `${s.battery}%`, type: 'labelMedium', color: fg },
  );
}

export function navBarView(theme: Theme, bg: string, on: { back(): void; home(): void; recents(): void }, labels: { back: string; home: string; overview: string }, fg = theme.onSurfaceVariant): View {
  const btn = (icon: 'nav_back' | 'nav_home' | 'nav_recents', desc: string, onClick: () => void, id: string): View =>
    ({ icon, iconSize: 22, width: 96, height: NAV_BAR_DP, color: fg, desc, onClick, id, cls: 'android.widget.ImageView' });
  return row({ height: NAV_BAR_DP, bg, justify: 'center', gap: 24, id: 'navigation_bar', cls: 'android.widget.FrameLayout' },
    btn('nav_back', labels.back, on.back, 'back'),
    btn('nav_home', labels.home, on.home, 'home'),
    btn('nav_recents', labels.overview, on.recents, 'recent_apps'),
  );
}
