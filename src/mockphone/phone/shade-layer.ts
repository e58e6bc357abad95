// The notification shade's content for the current state: quick-settings tiles wired to the
// settings store, brightness, and the posted notifications.
import { localize } from '../apps/app';
import { shadeView } from '../system/shade';
import type { Theme } from '../ui/theme';
import type { View } from '../ui/view';
import type { Navigator } from './navigation';
import type { PhoneCore } from './phone-core';

export function shadeLayerView(core: PhoneCore, nav: Navigator, theme: Theme): View {
  const { settings } = core;
  const flag = (ns: 'global' | 'secure', k: string) => settings.flag(ns, k);
  const on = core.sys('on');
  const off = core.sys('off');
  const airplane = flag('global', 'airplane_mode_on');
  return shadeView(theme, {
    time: core.formatTime(core.clock.now()),
    date: core.formatter({ weekday: 'short', month: 'short', day: 'numeric' }).format(core.clock.now()),
    tiles: [
      { id: 'tile_internet', icon: 'wifi', label: core.sys('internet'), state: flag('global', 'wifi_on') ? 'HomeNet' : off, on: flag('global', 'wifi_on'),
        onClick: () => settings.put('global', 'wifi_on', flag('global', 'wifi_on') ? '0' : '1') },
      { id: 'tile_bluetooth', icon: 'bluetooth', label: 'Bluetooth', state: flag('global', 'bluetooth_on') ? on : off, on: flag('global', 'bluetooth_on'),
        onClick: () => settings.put('global', 'bluetooth_on', flag('global', 'bluetooth_on') ? '0' : '1') },
      { id: 'tile_airplane', icon: 'airplane', label: core.sys('airplane'), state: airplane ? on : off, on: airplane,
        onClick: () => {
          // as the Settings app does: airplane mode turns the radios off; leaving it turns Wi-Fi back on
          settings.put('global', 'airplane_mode_on', airplane ? '0' : '1');
          settings.put('global', 'wifi_on', airplane ? '1' : '0');
          if (!airplane) settings.put('global', 'bluetooth_on', '0');
        } },
      { id: 'tile_dark', icon: 'dark_mode', label: core.sys('darkTheme'), state: theme.dark ? on : off, on: theme.dark,
        onClick: () => settings.put('secure', 'ui_night_mode', theme.dark ? '1' : '2') },
    ],
    brightness: Number(settings.get('system', 'screen_brightness') ?? '128') / 255,
    onBrightness: (f) => settings.put('system', 'screen_brightness', String(Math.round(f * 255))),
    notifications: (core.state.notifications ?? []).filter((n) => core.apps.has(n.pkg)).map((n) => {
      const a = core.apps.get(n.pkg)!;
      return { id: n.id, pkg: n.pkg, appLabel: localize(a.label, core.state.locale), icon: a.icon.glyph, iconBg: a.icon.bg, title: n.title, text: n.text, time: core.formatTime(n.at) };
    }),
    onOpen: (id) => nav.openNotification(id),
    onClearAll: () => { core.state.notifications = []; core.state.shadeOpen = false; },
    onOutside: () => { core.state.shadeOpen = false; },
    labels: { clearAll: core.sys('clearAll'), noNotifications: core.sys('noNotifications'), brightness: core.sys('brightness') },
  });
}
