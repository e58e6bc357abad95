// How each perturbation looks: Android's permission dialog, a coupon pop-up with a small ×, a
// splash ad with a countdown, a network error page, a loading spinner, an update prompt and an
// expired sign-in (a dialog that cannot be cancelled, then a one-tap sign-in page).
import type { Theme } from '../ui/theme';
import { col, row, stack, type View } from '../ui/view';
import type { ActiveOverlay } from './perturbations';

export interface OverlayActions {
  allow(): void;
  deny(): void;
  close(): void;
  click(): void;
  retry(): void;
  /** login_expired: the dialog's "Sign in again" opens the sign-in page. */
  signInPage(): void;
  /** login_expired: the sign-in page's button (spins, then the app is back). */
  signIn(): void;
}

type T = (key: string, params?: Record<string, string | number>) => string;

const PERM_KEYS: Record<string, string> = {
  notifications: 'permNotifications', location: 'permLocation', camera: 'permCamera',
  contacts: 'permContacts', microphone: 'permMicrophone', storage: 'permStorage',
};

function scrim(theme: Theme, card: View): View {
  return stack({ bg: theme.scrim, absorb: true, onClick: () => undefined, id: 'interference_scrim' }, { ...card, pos: {}, absorb: true });
}

function spinner(theme: Theme, label: string): View {
  return col({ flex: 1, align: 'center', justify: 'center', gap: 16, bg: theme.surface, absorb: true, onClick: () => undefined, id: 'loading', cls: 'android.widget.FrameLayout' },
    { icon: 'sync', iconSize: 48, width: 56, height: 56, color: theme.primary, id: 'progress', cls: 'android.widget.ProgressBar', desc: label },
    { text: label, type: 'bodyMedium', color: theme.onSurfaceVariant, id: 'loading_text' },
  );
}

export function overlayView(theme: Theme, o: ActiveOverlay, now: number, t: T, app: string, act: OverlayActions): View {
  switch (o.name) {
    case 'permission_dialog': {
      const perm = String(o.params.permission);
      const btn = (label: string, id: string, onClick: () => void): View => ({
        text: label, type: 'labelLarge', color: theme.primary, bg: theme.surfaceContainerHighest, height: 48, radius: 24, textAlign: 'center', onClick, id, cls: 'android.widget.Button',
      });
      const buttons = perm === 'location' || perm === 'camera' || perm === 'microphone'
        ? [btn(t('whileUsing'), 'permission_allow_foreground_only_button', act.allow), btn(t('onlyThisTime'), 'permission_allow_one_time_button', act.allow), btn(t('dontAllow'), 'permission_deny_button', act.deny)]
        : [btn(t('allow'), 'permission_allow_button', act.allow), btn(t('dontAllow'), 'permission_deny_button', act.deny)];
      return scrim(theme, col({ width: 320, padding: [24, 24, 20, 24], gap: 12, bg: theme.surfaceContainerHigh, radius: 28, id: 'grant_dialog', cls: 'android.widget.LinearLayout' },
        row({ justify: 'center' }, { icon: perm === 'location' ? 'place' : perm === 'notifications' ? 'notifications' : perm === 'contacts' ? 'contacts' : perm === 'microphone' ? 'mic' : 'photo', width: 32, height: 32, color: theme.primary }),
        { text: t(PERM_KEYS[perm] ?? 'permNotifications', { app }), type: 'titleLarge', textSize: 20, color: theme.onSurface, textAlign: 'center', id: 'permission_message' },
        col({ gap: 8, padding: [8, 0, 0, 0] }, ...buttons),
      ));
    }
    case 'promo_popup': {
      const size = Number(o.params.closeSizeDp);
      const title = String(o.params.title) || t('promoTitle');
      return scrim(theme, col({ width: 300, id: 'promo_dialog', align: 'center', gap: 20 },
        col({ width: 300, radius: 20, bg: '#FF3B4E', padding: [28, 20, 20, 20], gap: 12, align: 'center' },
          { icon: 'local_offer', iconSize: 56, width: 64, height: 64, color: '#FFE08A' },
          { text: title, type: 'titleLarge', color: '#FFFFFF', textAlign: 'center', weight: 700, id: 'promo_title' },
          { text: t('promoBody'), type: 'bodyMedium', color: '#FFE9E3', textAlign: 'center' },
          { text: '¥88', textSize: 44, weight: 700, color: '#FFE08A', textAlign: 'center' },
          { text: t('promoCta'), type: 'labelLarge', height: 44, width: 200, radius: 22, bg: '#FFE08A', color: '#C4161C', textAlign: 'center', onClick: act.click, id: 'promo_cta', cls: 'android.widget.Button' },
        ),
        { icon: 'close', iconSize: Math.round(size * 0.6), width: size, height: size, circle: true, border: '#FFFFFF', borderWidth: 1, bg: 'rgba(0,0,0,0.35)', color: '#FFFFFF',
          onClick: act.close, id: 'promo_close', desc: 'Close', cls: 'android.widget.ImageView' },
      ));
    }
    case 'fullscreen_ad': {
      const left = Math.max(1, Math.ceil(((o.until ?? now) - now) / 1000));
      return stack({ bg: '#101418', absorb: true, onClick: () => undefined, id: 'splash_ad', cls: 'android.widget.FrameLayout' },
        col({ pos: { top: 0, left: 0 }, width: 'fill', height: 'fill', gradient: ['#1E3C72', '#2A5298'], align: 'center', justify: 'center', gap: 16, padding: 32, onClick: act.click, id: 'ad_content' },
          { icon: 'local_offer', iconSize: 96, width: 120, height: 120, color: '#FFD166' },
          { text: t('adTitle'), textSize: 30, weight: 700, color: '#FFFFFF', textAlign: 'center', id: 'ad_title' },
          { text: t('adBody'), type: 'bodyLarge', color: '#D6E4FF', textAlign: 'center' },
        ),
        { text: t('adBrand'), type: 'labelSmall', color: '#FFFFFF', bg: 'rgba(0,0,0,0.35)', radius: 4, padding: [2, 6], pos: { left: 16, bottom: 24 } },
        o.params.skippable !== false
          ? { text: t('skip', { n: left }), type: 'labelLarge', color: '#FFFFFF', bg: 'rgba(0,0,0,0.45)', radius: 16, height: 32, padding: [0, 14], pos: { top: 40, right: 16 }, onClick: act.close, id: 'skip_button', cls: 'android.widget.TextView' }
          : { text: String(left), type: 'labelLarge', color: '#FFFFFF', bg: 'rgba(0,0,0,0.45)', radius: 16, width: 32, height: 32, textAlign: 'center', pos: { top: 40, right: 16 }, id: 'countdown' },
      );
    }
    case 'slow_loading':
      return spinner(theme, t('loading'));
    case 'network_error':
      if (o.retryUntil !== undefined && o.retryUntil > now) return spinner(theme, t('loading'));
      return col({ flex: 1, align: 'center', justify: 'center', gap: 16, padding: 32, bg: theme.surface, absorb: true, onClick: () => undefined, id: 'network_error' },
        { icon: 'cloud_off', iconSize: 72, width: 80, height: 80, color: theme.outline },
        { text: t('netTitle'), type: 'titleLarge', color: theme.onSurface, id: 'error_title' },
        { text: t('netBody'), type: 'bodyMedium', color: theme.onSurfaceVariant, textAlign: 'center', id: 'error_message' },
        { text: t('retry'), type: 'labelLarge', height: 40, padding: [0, 28], radius: 20, bg: theme.primary, color: theme.onPrimary, textAlign: 'center', onClick: act.retry, id: 'retry_button', cls: 'android.widget.Button' },
      );
    case 'update_prompt':
      return scrim(theme, col({ width: 312, padding: [24, 24, 20, 24], gap: 16, bg: theme.surfaceContainerHigh, radius: 28, id: 'update_dialog' },
        row({ gap: 12 }, { icon: 'system_update', width: 28, height: 28, color: theme.primary }, { text: t('updateTitle'), type: 'headlineSmall', color: theme.onSurface, flex: 1, id: 'alertTitle' }),
        { text: t('updateBody', { version: String(o.params.version) }), type: 'bodyMedium', color: theme.onSurfaceVariant, id: 'message' },
        row({ justify: 'end', gap: 8 },
          { text: t('later'), type: 'labelLarge', color: theme.primary, height: 40, padding: [0, 12], radius: 20, onClick: act.close, id: 'update_later', cls: 'android.widget.Button' },
          { text: t('updateNow'), type: 'labelLarge', color: theme.onPrimary, bg: theme.primary, height: 40, padding: [0, 20], radius: 20, onClick: act.click, id: 'update_now', cls: 'android.widget.Button' },
        ),
      ));
    case 'login_expired':
      if (o.retryUntil !== undefined && o.retryUntil > now) return spinner(theme, t('loading'));
      if (!o.signInPage) {
        return scrim(theme, col({ width: 312, padding: [24, 24, 20, 24], gap: 16, bg: theme.surfaceContainerHigh, radius: 28, id: 'login_expired_dialog' },
          row({ gap: 12 }, { icon: 'lock', width: 28, height: 28, color: theme.primary }, { text: t('loginTitle'), type: 'headlineSmall', color: theme.onSurface, flex: 1, id: 'alertTitle' }),
          { text: t('loginBody', { app }), type: 'bodyMedium', color: theme.onSurfaceVariant, id: 'message' },
          row({ justify: 'end' },
            { text: t('loginAgain'), type: 'labelLarge', color: theme.onPrimary, bg: theme.primary, height: 40, padding: [0, 20], radius: 20, onClick: act.signInPage, id: 'relogin_button', cls: 'android.widget.Button' },
          ),
        ));
      }
      return col({ flex: 1, align: 'center', gap: 16, padding: [72, 32, 32, 32], bg: theme.surface, absorb: true, onClick: () => undefined, id: 'sign_in_page' },
        { icon: 'person', iconSize: 48, width: 80, height: 80, circle: true, bg: theme.primaryContainer, color: theme.onPrimaryContainer },
        { text: t('signInTitle', { app }), type: 'headlineSmall', color: theme.onSurface, textAlign: 'center', id: 'sign_in_title' },
        { text: t('signInHint'), type: 'bodyMedium', color: theme.onSurfaceVariant, textAlign: 'center' },
        { text: String(o.params.account) || t('signInAccount'), type: 'titleLarge', color: theme.onSurface, textAlign: 'center', id: 'account' },
        { text: t('signIn'), type: 'labelLarge', height: 48, width: 'fill', radius: 24, bg: theme.primary, color: theme.onPrimary, textAlign: 'center', onClick: act.signIn, id: 'sign_in_button', cls: 'android.widget.Button' },
        { text: t('signInOther'), type: 'labelLarge', color: theme.onSurfaceVariant, textAlign: 'center', id: 'other_account' },
      );
    default:
      return { id: 'interference_none' };
  }
}
