// Settings: reads and writes the settings provider (system/secure/global), like Android's app.
import type { AppContext, Screen } from '../app';
import { appBar, divider, listItem, radioRow, scaffold, scrollList, switchRow } from '../../ui/widgets';
import { col, row, type View } from '../../ui/view';
import type { IconName } from '../../ui/icons';

const FONT_SCALES: [string, string][] = [['0.85', 'small'], ['1.0', 'default'], ['1.15', 'large'], ['1.3', 'largest']];

function on(ctx: AppContext, ns: string, key: string): boolean {
  const v = ctx.getSetting(ns, key);
  return v !== null && v !== '0';
}

function entry(ctx: AppContext, icon: IconName, title: string, summary: string, screen: string, id: string): View {
  const t = ctx.theme;
  return listItem(ctx, {
    headline: title, supporting: summary, id, desc: title, onClick: () => ctx.push(screen),
    leading: { icon, iconSize: 24, width: 40, height: 40, circle: true, bg: t.primaryContainer, color: t.onPrimaryContainer },
  });
}

function fontLabel(ctx: AppContext): string {
  const cur = ctx.getSetting('system', 'font_scale') ?? '1.0';
  const match = FONT_SCALES.find(([v]) => Number(v) === Number(cur));
  return match ? ctx.t(match[1]) : cur;
}

const home: Screen = (ctx) => ({
  view: scaffold(ctx, {
    appBar: appBar(ctx, { title: ctx.t('title') }),
    body: scrollList('home', [
      entry(ctx, 'wifi', ctx.t('network'), ctx.t('networkSummary'), 'network', 'network'),
      entry(ctx, 'bluetooth', ctx.t('connected'), ctx.t('connectedSummary'), 'bluetooth', 'connected_devices'),
      entry(ctx, 'brightness', ctx.t('display'), ctx.t('displaySummary'), 'display', 'display'),
      entry(ctx, 'info', ctx.t('about'), ctx.t('aboutSummary', { model: 'PhoneBuddy Mock' }), 'about', 'about'),
    ]),
  }),
});

const network: Screen = (ctx) => {
  const airplane = on(ctx, 'global', 'airplane_mode_on');
  const wifi = on(ctx, 'global', 'wifi_on');
  return {
    view: scaffold(ctx, {
      appBar: appBar(ctx, { title: ctx.t('network'), back: true }),
      body: scrollList('network', [
        switchRow(ctx, { icon: 'wifi', title: ctx.t('wifi'), summary: wifi ? ctx.t('wifiOn') : ctx.t('wifiOff'), checked: wifi, id: 'wifi',
          onToggle: (v) => ctx.putSetting('global', 'wifi_on', v ? '1' : '0') }),
        switchRow(ctx, { icon: 'signal', title: ctx.t('mobileData'), summary: ctx.t('mobileSummary'), checked: on(ctx, 'global', 'mobile_data') && !airplane, id: 'mobile_data',
          onToggle: (v) => ctx.putSetting('global', 'mobile_data', v ? '1' : '0') }),
        divider(ctx),
        switchRow(ctx, { icon: 'airplane', title: ctx.t('airplane'), summary: ctx.t('airplaneSummary'), checked: airplane, id: 'airplane_mode',
          onToggle: (v) => {
            ctx.putSetting('global', 'airplane_mode_on', v ? '1' : '0');
            // Like Android: airplane mode turns the radios off; leaving it turns Wi-Fi back on.
            ctx.putSetting('global', 'wifi_on', v ? '0' : '1');
            if (v) ctx.putSetting('global', 'bluetooth_on', '0');
          } }),
      ]),
    }),
  };
};

const bluetooth: Screen = (ctx) => ({
  view: scaffold(ctx, {
    appBar: appBar(ctx, { title: ctx.t('connected'), back: true }),
    body: scrollList('bluetooth', [
      switchRow(ctx, { icon: 'bluetooth', title: ctx.t('bluetooth'), summary: ctx.t('bluetoothSummary', { name: ctx.getSetting('global', 'device_name') ?? '' }),
        checked: on(ctx, 'global', 'bluetooth_on'), id: 'bluetooth', onToggle: (v) => ctx.putSetting('global', 'bluetooth_on', v ? '1' : '0') }),
    ]),
  }),
});

const display: Screen = (ctx) => {
  const t = ctx.theme;
  const brightness = Number(ctx.getSetting('system', 'screen_brightness') ?? '128');
  return {
    view: scaffold(ctx, {
      appBar: appBar(ctx, { title: ctx.t('display'), back: true }),
      body: scrollList('display', [
        col({ padding: [16, 24, 8, 16], gap: 4, id: 'brightness' },
          row({ gap: 16 }, { icon: 'brightness', width: 24, height: 24 }, { text: ctx.t('brightness'), type: 'bodyLarge', color: t.onSurface, flex: 1 },
            { text: `${Math.round((brightness / 255) * 100)}%`, type: 'bodyMedium', color: t.onSurfaceVariant, id: 'brightness_value' }),
          row({ padding: [0, 0, 0, 40] }, {
            slider: brightness / 255, flex: 1, id: 'brightness_slider', desc: ctx.t('brightness'),
            onClickAt: (fx) => ctx.putSetting('system', 'screen_brightness', String(Math.round(fx * 255))),
          }),
        ),
        switchRow(ctx, { icon: 'dark_mode', title: ctx.t('darkTheme'), summary: ctx.t('darkSummary'), checked: ctx.getSetting('secure', 'ui_night_mode') === '2', id: 'dark_theme',
          onToggle: (v) => ctx.putSetting('secure', 'ui_night_mode', v ? '2' : '1') }),
        listItem(ctx, { headline: ctx.t('fontSize'), supporting: fontLabel(ctx), leading: { icon: 'format_size', width: 24, height: 24 }, id: 'font_size', onClick: () => ctx.push('fontSize') }),
      ]),
    }),
  };
};

const fontSize: Screen = (ctx) => {
  const cur = Number(ctx.getSetting('system', 'font_scale') ?? '1.0');
  return {
    view: scaffold(ctx, {
      appBar: appBar(ctx, { title: ctx.t('fontSize'), back: true }),
      body: scrollList('font', [
        { text: ctx.t('preview'), type: 'bodyLarge', color: ctx.theme.onSurface, padding: 24, bg: ctx.theme.surfaceContainer, id: 'preview' },
        ...FONT_SCALES.map(([v, label]) => radioRow(ctx, { title: ctx.t(label), checked: Number(v) === cur, id: `font_${label}`, onSelect: () => ctx.putSetting('system', 'font_scale', v) })),
      ]),
    }),
  };
};

const about: Screen = (ctx) => ({
  view: scaffold(ctx, {
    appBar: appBar(ctx, { title: ctx.t('about'), back: true }),
    body: scrollList('about', [
      listItem(ctx, { headline: ctx.t('deviceName'), supporting: ctx.getSetting('global', 'device_name') ?? '', id: 'device_name' }),
      listItem(ctx, { headline: ctx.t('model'), supporting: 'PhoneBuddy Mock', id: 'model' }),
      listItem(ctx, { headline: ctx.t('android'), supporting: '14', id: 'android_version' }),
    ]),
  }),
});

export const SETTINGS_SCREENS = { home, network, bluetooth, display, fontSize, about };
