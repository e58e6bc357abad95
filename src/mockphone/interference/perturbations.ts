// The named perturbations a task can switch on, their parameters and the validation of a
// perturbation list (what `phone.setInterference()` and a task's `setup.perturbations` accept).

export const PERTURBATION_NAMES = [
  'permission_dialog', 'promo_popup', 'fullscreen_ad', 'network_error', 'slow_loading',
  'update_prompt', 'notification_banner', 'keyboard_cover', 'login_expired',
] as const;

export type PerturbationName = (typeof PERTURBATION_NAMES)[number];

export const PERMISSIONS = ['notifications', 'location', 'camera', 'contacts', 'microphone', 'storage'] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

/** One switched-on perturbation as a task declares it. */
export interface PerturbationSpec {
  name: PerturbationName;
  /** Chance (0–1) that it fires at each opportunity, rolled from the phone's seed. Default 1. */
  probability?: number;
  /** Packages it applies to; default every launchable app. */
  apps?: string[];
  /** How many times it may fire per app after a reset. Default 1. */
  maxShows?: number;
  params?: Record<string, unknown>;
}

/** A validated spec with defaults filled in. JSON. */
export interface NormalizedSpec {
  name: PerturbationName;
  probability: number;
  apps: string[] | null;
  maxShows: number;
  params: Record<string, string | number | boolean>;
}

type ParamKind = 'number' | 'string' | 'boolean';

/** Each perturbation's parameters: type, default and (for numbers) range. */
export const PARAMS: Record<PerturbationName, Record<string, { kind: ParamKind; default: string | number | boolean; min?: number; max?: number; oneOf?: readonly string[]; doc: string }>> = {
  permission_dialog: {
    permission: { kind: 'string', default: 'notifications', oneOf: PERMISSIONS, doc: 'runtime permission asked for' },
  },
  promo_popup: {
    title: { kind: 'string', default: '', doc: 'headline (default: a localized coupon offer)' },
    closeSizeDp: { kind: 'number', default: 24, min: 12, max: 48, doc: 'size of the close (×) button' },
  },
  fullscreen_ad: {
    seconds: { kind: 'number', default: 5, min: 1, max: 30, doc: 'countdown before the ad closes itself' },
    skippable: { kind: 'boolean', default: true, doc: 'shows a Skip button' },
  },
  network_error: {
    failures: { kind: 'number', default: 0, min: 0, max: 10, doc: 'retries that fail again before the page loads' },
    retryMs: { kind: 'number', default: 800, min: 0, max: 60_000, doc: 'virtual ms a retry spins before its result' },
  },
  slow_loading: {
    ms: { kind: 'number', default: 3000, min: 1, max: 120_000, doc: 'virtual ms the spinner shows (taps are swallowed meanwhile)' },
  },
  update_prompt: {
    version: { kind: 'string', default: '2.1.0', doc: 'version offered' },
  },
  notification_banner: {
    afterMs: { kind: 'number', default: 1500, min: 0, max: 600_000, doc: 'virtual ms after the launch that the banner slides in' },
    from: { kind: 'string', default: 'com.phonebuddy.messages', doc: 'package the notification comes from (tapping it opens that app)' },
    title: { kind: 'string', default: '', doc: 'notification title (default: a localized sender name)' },
    text: { kind: 'string', default: '', doc: 'notification text (default: a localized message)' },
  },
  keyboard_cover: {},
  login_expired: {
    account: { kind: 'string', default: '', doc: 'account shown on the sign-in page (default: a localized masked phone number)' },
    signInMs: { kind: 'number', default: 1200, min: 0, max: 60_000, doc: 'virtual ms the sign-in spins before the app is back' },
  },
};

export class InterferenceConfigError extends Error {}

function fail(msg: string): never {
  throw new InterferenceConfigError(msg);
}

export function normalizeSpecs(input: unknown): NormalizedSpec[] {
  if (!Array.isArray(input)) fail(`perturbations must be an array of { name, probability?, params?, apps?, maxShows? }, got ${JSON.stringify(input)}`);
  return input.map((raw, i) => normalizeSpec(raw, `perturbations[${i}]`));
}

function normalizeSpec(raw: unknown, at: string): NormalizedSpec {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail(`${at} must be an object, got ${JSON.stringify(raw)}`);
  const r = raw as Record<string, unknown>;
  for (const k of Object.keys(r)) {
    if (!['name', 'probability', 'apps', 'maxShows', 'params'].includes(k)) fail(`${at} has unknown key "${k}" (allowed: name, probability, apps, maxShows, params)`);
  }
  const name = r.name;
  if (typeof name !== 'string' || !(PERTURBATION_NAMES as readonly string[]).includes(name)) {
    fail(`${at}.name must be one of ${PERTURBATION_NAMES.join(', ')}, got ${JSON.stringify(name)}`);
  }
  const n = name as PerturbationName;
  const probability = r.probability ?? 1;
  if (typeof probability !== 'number' || !(probability >= 0 && probability <= 1)) fail(`${at}.probability must be a number from 0 to 1, got ${JSON.stringify(r.probability)}`);
  const maxShows = r.maxShows ?? 1;
  if (typeof maxShows !== 'number' || !Number.isInteger(maxShows) || maxShows < 1 || maxShows > 1000) fail(`${at}.maxShows must be an integer from 1 to 1000, got ${JSON.stringify(r.maxShows)}`);
  let apps: string[] | null = null;
  if (r.apps !== undefined) {
    if (!Array.isArray(r.apps) || r.apps.some((a) => typeof a !== 'string' || a === '')) fail(`${at}.apps must be an array of package names, got ${JSON.stringify(r.apps)}`);
    apps = [...(r.apps as string[])];
  }
  const params: Record<string, string | number | boolean> = {};
  const spec = PARAMS[n];
  const given = r.params ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) fail(`${at}.params must be an object, got ${JSON.stringify(r.params)}`);
  for (const [k, v] of Object.entries(given as Record<string, unknown>)) {
    const p = spec[k];
    if (!p) fail(`${at}.params.${k} is not a parameter of ${n} (parameters: ${Object.keys(spec).join(', ') || 'none'})`);
    if (typeof v !== p.kind) fail(`${at}.params.${k} must be a ${p.kind}, got ${JSON.stringify(v)}`);
    if (p.kind === 'number' && (!Number.isFinite(v) || (p.min !== undefined && (v as number) < p.min) || (p.max !== undefined && (v as number) > p.max))) {
      fail(`${at}.params.${k} must be between ${p.min} and ${p.max}, got ${JSON.stringify(v)}`);
    }
    if (p.oneOf && !p.oneOf.includes(v as string)) fail(`${at}.params.${k} must be one of ${p.oneOf.join(', ')}, got ${JSON.stringify(v)}`);
    params[k] = v as string | number | boolean;
  }
  for (const [k, p] of Object.entries(spec)) if (!(k in params)) params[k] = p.default;
  return { name: n, probability, apps, maxShows, params };
}

/** A perturbation currently showing in one app. */
export interface ActiveOverlay {
  uid: number;
  name: PerturbationName;
  params: NormalizedSpec['params'];
  shownAt: number;
  /** Virtual time the overlay goes away by itself (ads, spinners). */
  until?: number;
  timer?: number;
  /** network_error: retries that still fail. */
  failuresLeft?: number;
  /** network_error: a retry is spinning until this time; login_expired: the sign-in is. */
  retryUntil?: number;
  /** login_expired: the "session expired" dialog was answered and the sign-in page shows. */
  signInPage?: boolean;
  /** Launch target: the package, or "<package>/<mini-program>". */
  target?: string;
  /** App name shown in the overlay (a mini-program's own name). */
  label?: string;
}
