// One frame of the screen: the foreground app's view laid out with the system UI around it
// (status bar, keyboard, dialogs, text toolbar, recents, interference, banners, shade, toast,
// nav bar) as a stack of layers, cached until the phone's version changes. Touch, the UI dump
// and drawing all read the same frame, so they always agree.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { localize, type ScreenOutput } from '../apps/app';
import { LAUNCHER_PACKAGE } from '../apps/registry';
import type { KeyName } from '../../device/device';
import { navBarView, NAV_BAR_DP, statusBarView, STATUS_BAR_DP } from '../system/bars';
import { keyboardView, KEYBOARD_HEIGHT_DP } from '../system/keyboard';
import { bannerView, modalView, recentsView, textMenuView, toastView } from '../system/overlays';
import { drawBox, measure } from '../ui/draw';
import { Layout, type Box, type FieldState } from '../ui/layout';
import type { View } from '../ui/view';
import type { AppContexts } from './app-context';
import { fieldStateIn } from './field-state';
import type { Navigator } from './navigation';
import type { PhoneCore } from './phone-core';
import type { TextTarget } from './phone-state';
import { shadeLayerView } from './shade-layer';

export interface Layer {
  box: Box;
  pkg: string;
  dump: boolean;
  interactive: boolean;
}

export interface Frame {
  version: number;
  layers: Layer[];
  fields: Map<string, View>;
}

export interface TextMenuItem {
  label: string;
  onClick: () => void;
  id: string;
}

/** What the system UI's buttons do; text input and key handling live in their own modules. */
export interface FrameActions {
  insertText(text: string): boolean;
  backspace(): void;
  enterKey(): void;
  key(key: KeyName): void;
  textMenuItems(target: TextTarget): TextMenuItem[];
}

export class FrameBuilder {
  private frameCache?: Frame;

  constructor(
    private readonly core: PhoneCore,
    private readonly nav: Navigator,
    private readonly contexts: AppContexts,
    private readonly actions: FrameActions,
  ) {}

  /** The foreground screen's field state (value, focus, selection, cursor). */
  readonly fieldState = (key: string): FieldState => fieldStateIn(this.nav.topScreen(this.core.state.foreground), key);

  private thumbnails = new Map<string, { version: number; canvas: Canvas }>();

  /** The app's current screen drawn on its own canvas (recents cards show it scaled down). */
  private thumbnail(pkg: string): Canvas | undefined {
    const app = this.core.apps.get(pkg);
    if (!app) return undefined;
    const hit = this.thumbnails.get(pkg);
    if (hit?.version === this.core.version) return hit.canvas;
    const screen = this.nav.topScreen(pkg);
    const theme = this.core.theme;
    const out = this.contexts.renderScreen(app, screen);
    const field = (key: string) => fieldStateIn(screen, key);
    const layout = new Layout({
      scale: this.core.scale, fontScale: Number(this.core.settings.get('system', 'font_scale') ?? '1') || 1,
      measureText: (text, px, weight) => measure(this.core.measureCtx, text, px, weight),
      scrollOffset: (key) => screen.scroll[key] ?? 0, field,
    });
    const h = this.core.height - Math.round(STATUS_BAR_DP * this.core.scale) - Math.round(NAV_BAR_DP * this.core.scale);
    const box = layout.place({ dir: 'column', bg: theme.surface, children: [out.view] }, 0, 0, this.core.width, h, { x: 0, y: 0, w: this.core.width, h });
    const canvas = hit?.canvas ?? createCanvas(this.core.width, h);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = theme.surface;
    ctx.fillRect(0, 0, this.core.width, h);
    drawBox(ctx, box, { scale: this.core.scale, theme, field });
    this.thumbnails.set(pkg, { version: this.core.version, canvas });
    return canvas;
  }

  frame(): Frame {
    if (this.frameCache?.version === this.core.version) return this.frameCache;
    const s = this.core.scale;
    const W = this.core.width;
    const H = this.core.height;
    const theme = this.core.theme;
    const fontScale = Number(this.core.settings.get('system', 'font_scale') ?? '1') || 1;
    const app = this.core.apps.get(this.core.state.foreground)!;
    const screen = this.nav.topScreen(app.package);
    const out = this.contexts.renderScreen(app, screen);
    const layout = new Layout({
      scale: s, fontScale,
      measureText: (text, px, weight) => measure(this.core.measureCtx, text, px, weight),
      scrollOffset: (key) => screen.scroll[key] ?? 0,
      field: this.fieldState,
    });
    const fullClip = { x: 0, y: 0, w: W, h: H };
    const statusH = Math.round(STATUS_BAR_DP * s);
    const navH = Math.round(NAV_BAR_DP * s);
    const kbVisible = screen.focus !== undefined && !this.core.state.recentsOpen;
    const kbH = kbVisible ? Math.round(KEYBOARD_HEIGHT_DP * s) : 0;
    const edge = app.package === LAUNCHER_PACKAGE && screen.name === 'home'; // the wallpaper runs under the bars
    const appTop = edge ? 0 : statusH;
    const appBottom = edge ? H : H - navH - (this.core.interferenceEngine.keyboardCovers(this.core.interferenceState, app.package) ? 0 : kbH);
    const layers: Layer[] = [];
    const appRoot: View = { dir: 'column', bg: theme.surface, cls: 'android.widget.FrameLayout', children: [out.view] };
    layers.push({ box: layout.place(appRoot, 0, appTop, W, appBottom - appTop, fullClip), pkg: app.package, dump: !this.core.state.recentsOpen && !this.core.state.shadeOpen, interactive: true });
    const barBg = this.core.state.recentsOpen ? (theme.dark ? '#1B1B1F' : '#D9D6DE') : edge ? 'rgba(0,0,0,0)' : theme.surface;
    const navBg = this.core.state.shadeOpen ? (theme.dark ? '#1B1B1F' : '#EFEDF4') : edge ? 'rgba(0,0,0,0)' : theme.dark ? theme.surface : theme.surfaceContainer;
    layers.push({
      box: layout.place(statusBarView(theme, barBg, {
        time: this.core.formatter({ hour: 'numeric', minute: '2-digit', hour12: this.core.state.locale === 'en-US' }).format(this.core.clock.now()).replace(/\s?[AP]M$/, ''),
        wifi: this.core.settings.flag('global', 'wifi_on'), airplane: this.core.settings.flag('global', 'airplane_mode_on'),
        bluetooth: this.core.settings.flag('global', 'bluetooth_on'), battery: 85,
        notificationIcons: [...new Set((this.core.state.notifications ?? []).map((n) => this.core.apps.get(n.pkg)?.icon.glyph).filter((g) => g !== undefined))].slice(0, 3),
        labels: { wifi: this.core.sys('wifi'), noWifi: this.core.sys('noWifi'), airplane: this.core.sys('airplane'), signal: this.core.sys('signal'), battery: this.core.sys('battery', { pct: 85 }) },
      }, edge && !this.core.state.recentsOpen ? '#FFFFFF' : undefined), 0, 0, W, statusH, fullClip),
      pkg: 'com.android.systemui', dump: false, interactive: true,
    });
    if (kbVisible) {
      const kb = keyboardView(theme, this.core.state.keyboard, {
        type: (text) => this.actions.insertText(text),
        backspace: () => this.actions.backspace(),
        enter: () => this.actions.enterKey(),
        toggleShift: () => { this.core.state.keyboard.shift = !this.core.state.keyboard.shift; },
        toggleSymbols: () => { this.core.state.keyboard.symbols = !this.core.state.keyboard.symbols; },
      });
      layers.push({ box: layout.place(kb, 0, H - navH - kbH, W, kbH, fullClip), pkg: 'com.phonebuddy.keyboard', dump: false, interactive: true });
    }
    const overlayH = H - navH;
    if (out.dialog && !this.core.state.recentsOpen) {
      layers.push({ box: layout.place(modalView(theme, out.dialog.view, out.dialog.onDismiss), 0, 0, W, appBottom, fullClip), pkg: app.package, dump: true, interactive: true });
    }
    if (this.core.state.textMenu && !this.core.state.recentsOpen) {
      const items = this.actions.textMenuItems(this.core.state.textMenu.target);
      const approxW = items.reduce((sum, it) => sum + measure(this.core.measureCtx, it.label, Math.round(14 * s), 500) / s + 28, 8);
      const left = Math.max(8, Math.min(W / s - approxW - 8, this.core.state.textMenu.x / s - approxW / 2));
      const top = Math.max(STATUS_BAR_DP + 4, this.core.state.textMenu.y / s - 72);
      layers.push({ box: layout.place(textMenuView(theme, left, top, items, () => { this.core.state.textMenu = null; }), 0, 0, W, overlayH, fullClip), pkg: app.package, dump: true, interactive: true });
    }
    if (this.core.state.recentsOpen) {
      const recent = this.core.state.recents.filter((p) => this.core.apps.has(p));
      const selected = Math.max(0, Math.min(recent.length - 1, this.core.state.recentsIndex ?? 0));
      const cards = recent.map((p, i) => {
        const a = this.core.apps.get(p)!;
        return {
          label: localize(a.label, this.core.state.locale),
          icon: { icon: a.icon.glyph, circle: true, bg: a.icon.bg, color: a.icon.fg ?? '#FFFFFF', iconSize: 20 } as View,
          thumbnail: Math.abs(i - selected) <= 1 ? this.thumbnail(p) : undefined,
          onOpen: () => { this.nav.launch(p); },
          onClose: () => { this.nav.finishApp(p); },
        };
      });
      const aspect = (H - statusH - navH) / W;
      layers.push({
        box: layout.place(recentsView(theme, cards, selected, aspect, Math.round(W / s), { clearAll: this.core.sys('clearAll'), empty: this.core.sys('noRecents') },
          () => { for (const p of [...this.core.state.recents]) this.nav.finishApp(p); this.nav.goHome(); },
          () => { this.nav.goHome(); }), 0, statusH, W, overlayH - statusH, fullClip),
        pkg: LAUNCHER_PACKAGE, dump: true, interactive: true,
      });
    }
    const perturbation = this.core.state.recentsOpen ? undefined : this.core.interferenceEngine.layer(this.core.interferenceState, this.core.interferenceHost(), app.package);
    if (perturbation) {
      const top = perturbation.area === 'app' ? appTop : 0;
      layers.push({ box: layout.place(perturbation.view, 0, top, W, (perturbation.area === 'app' ? H - navH : overlayH) - top, fullClip), pkg: perturbation.pkg, dump: true, interactive: true });
    }
    if (this.core.state.systemDialog) {
      const d = this.core.state.systemDialog;
      const card: View = {
        dir: 'column', width: 312, padding: [24, 24, 20, 24], gap: 16, bg: theme.surfaceContainerHigh, radius: 28, id: 'system_dialog',
        children: [
          { text: d.title, type: 'headlineSmall', color: theme.onSurface, id: 'alertTitle' },
          { text: d.message, type: 'bodyMedium', color: theme.onSurfaceVariant, id: 'message' },
          { dir: 'row', justify: 'end', gap: 8, children: d.buttons.map((b, i) => ({
            text: b.label, type: 'labelLarge', color: theme.primary, height: 40, padding: [0, 12], radius: 20, id: `button${i + 1}`, cls: 'android.widget.Button',
            onClick: () => { this.core.state.systemDialog = null; if (b.openPackage) this.nav.launch(b.openPackage); },
          } satisfies View)) },
        ],
      };
      layers.push({ box: layout.place(modalView(theme, card, undefined), 0, 0, W, overlayH, fullClip), pkg: 'android', dump: true, interactive: true });
    }
    if (this.core.state.banner) {
      const b = this.core.state.banner;
      const a = this.core.apps.get(b.pkg);
      if (a) {
        const v = bannerView(theme, {
          title: b.title, text: b.text, appLabel: localize(a.label, this.core.state.locale), iconBg: a.icon.bg,
          icon: { icon: a.icon.glyph, color: a.icon.fg ?? '#FFFFFF', iconSize: 20 },
          onClick: () => { this.core.clock.clearTimer(b.timer); this.core.state.banner = null; this.nav.launch(b.pkg, b.screen, b.params); },
        });
        layers.push({ box: layout.place(v, 0, 0, W, H, fullClip), pkg: 'com.android.systemui', dump: true, interactive: true });
      }
    }
    if (this.core.state.shadeOpen) {
      layers.push({ box: layout.place(shadeLayerView(this.core, this.nav, theme), 0, 0, W, H - navH, fullClip), pkg: 'com.android.systemui', dump: true, interactive: true });
    }
    if (this.core.state.toast) {
      layers.push({ box: layout.place(toastView(theme, this.core.state.toast.text, 48 + (kbVisible ? KEYBOARD_HEIGHT_DP : 0)), 0, 0, W, overlayH, fullClip), pkg: 'com.android.systemui', dump: false, interactive: false });
    }
    layers.push({
      box: layout.place(navBarView(theme, navBg, { back: () => this.actions.key('back'), home: () => this.actions.key('home'), recents: () => this.actions.key('recents') },
        { back: this.core.sys('back'), home: this.core.sys('home'), overview: this.core.sys('overview') }, edge && !this.core.state.recentsOpen && !this.core.state.shadeOpen ? '#FFFFFF' : undefined), 0, H - navH, W, navH, fullClip),
      pkg: 'com.android.systemui', dump: false, interactive: true,
    });
    const fields = new Map<string, View>();
    const collect = (b: Box) => {
      if (b.view.field) fields.set(b.view.field.key, b.view);
      b.children.forEach(collect);
    };
    collect(layers[0].box);
    this.frameCache = { version: this.core.version, layers, fields };
    this.currentOutput = out;
    return this.frameCache;
  }

  /** What the foreground screen rendered for the current frame (its dialog and back handler). */
  currentOutput?: ScreenOutput;
}
