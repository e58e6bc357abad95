// Whether an agent can address every tappable element of an app: on a mock phone seeded as a
// task's would be, the app is opened from its launcher icon and its screens are walked by
// tapping — each tappable element of each screen reached, once per resource-id — and every
// tappable element of every screen reached must carry a resource-id, a text or a
// content-desc in the UI tree (itself or a descendant's text: what a `click:` step names).
// What the walk checks is what an agent can reach; a screen it never reaches is named too.
import type { AppManifest, Locale } from '../../mockphone/apps/app';
import { localize } from '../../mockphone/apps/app';
import { createMockPhone, type MockPhone, type MockPhoneSnapshot } from '../../mockphone';
import { centerOf, parseUiTree, type UiNode } from '../../device/ui-tree';

export interface UiProblem {
  /** The screen it is on (the app's screen name), or undefined for the app as a whole. */
  screen?: string;
  message: string;
  severity: 'error' | 'warning';
}

export interface UiWalk {
  /** Screens reached by tapping, in the order reached. */
  reached: string[];
  problems: UiProblem[];
}

export interface WalkOptions {
  seed?: number;
  locale?: Locale;
  /**
   * A tabs screen's tabs, by screen name (an app file's `tabs` module): the screen a tab draws is
   * the one an agent is on, so the walk counts it as reached (and places its problems there).
   */
  tabs?: Record<string, readonly string[]>;
  /**
   * Walk a mini-program of the app instead (`pkg` is its host): it is opened as a person opens
   * it — the host from the launcher, Discover, Mini Programs, its row by `name` — and only its
   * pages (`mp_<key>_*`) are walked; screens are named without the prefix.
   */
  miniProgram?: { key: string; name: string; screens: readonly string[]; home: string };
}

/** Taps tried in one walk, at most (a walk of a huge app stops there, with a warning). */
const MAX_TAPS = 400;

/** Opens `pkg` from the launcher on a phone with `apps` and walks its screens. */
export async function walkAppScreens(apps: readonly AppManifest[], pkg: string, options: WalkOptions = {}): Promise<UiWalk> {
  const locale = options.locale ?? 'en-US';
  const app = apps.find((a) => a.package === pkg);
  if (!app) throw new Error(`no app ${pkg} in the catalogue`);
  const phone = await createMockPhone({ seed: options.seed ?? 0, locale, apps });
  try {
    return await walk(phone, app, locale, options.tabs ?? {}, options.miniProgram);
  } finally {
    await phone.close();
  }
}

/**
 * The launcher icon named `label`, scrolled into view as a person would: a phone with more
 * apps than a page shows the rest in a grid that scrolls (the launcher's `apps_grid`).
 */
async function findLauncherIcon(phone: MockPhone, label: string): Promise<UiNode | undefined> {
  let shownBefore: string | undefined;
  for (let swipes = 0; swipes <= 12; swipes++) {
    const nodes = parseUiTree(await phone.uiTree()).nodes;
    const icon = nodes.find((n) => n.contentDesc === label && n.clickable);
    const grid = nodes.find((n) => n.resourceId.endsWith(':id/apps_grid'));
    const shown = JSON.stringify(nodes.filter((n) => n.resourceId.endsWith(':id/app_icon')).map((n) => n.contentDesc));
    // Found, no grid to scroll, or a swipe that showed nothing new (the grid's end): done.
    if (icon || !grid || shown === shownBefore) return icon;
    shownBefore = shown;
    const x = (grid.bounds.x1 + grid.bounds.x2) / 2;
    await phone.swipe({ x, y: grid.bounds.y2 - 80 }, { x, y: grid.bounds.y1 + 80 }, 300);
  }
  return undefined;
}

/** Taps the element with resource-id `id` (and content-desc `desc`), scrolled into view by none: it must be on screen. */
async function tapId(phone: MockPhone, id: string, desc?: string): Promise<boolean> {
  const n = parseUiTree(await phone.uiTree()).nodes.find((x) => x.resourceId.endsWith(`:id/${id}`) && (desc === undefined || x.contentDesc === desc) && x.clickable);
  if (n) await phone.tap(centerOf(n.bounds));
  return n !== undefined;
}

async function walk(phone: MockPhone, app: AppManifest, locale: Locale, tabs: Record<string, readonly string[]>, mini?: WalkOptions['miniProgram']): Promise<UiWalk> {
  const pkg = app.package;
  const out: UiWalk = { reached: [], problems: [] };
  const label = localize(app.label, locale);
  // From the launcher, as an agent starts: the icon with the app's name.
  const icon = app.hidden ? undefined : await findLauncherIcon(phone, label);
  if (icon) await phone.tap(centerOf(icon.bounds));
  else {
    if (!app.hidden) out.problems.push({ severity: 'warning', message: `no launcher icon named '${label}': opened directly` });
    await phone.openApp(pkg);
  }
  // A mini-program's pages are its host's screens `mp_<key>_<name>`: named here by <name>.
  const prefix = mini ? `mp_${mini.key}_` : '';
  const top = async (): Promise<{ snap: MockPhoneSnapshot; screen?: string }> => {
    const snap = await phone.snapshot();
    const at = snap.state.foreground === pkg ? snap.state.tasks[pkg]?.at(-1) : undefined;
    let name = at && at.name.startsWith(prefix) ? at.name.slice(prefix.length) : undefined;
    if (mini && name === 'home' && !mini.screens.includes('home')) name = mini.home; // the host opens `mp_<key>_home`
    const shown = name !== undefined && tabs[name];
    return { snap, screen: shown ? shown[Math.min(Math.max(0, Number(at!.ui.tab ?? 0)), shown.length - 1)] : name };
  };
  if (mini && !(await tapId(phone, 'tab_discover') && await tapId(phone, 'mini_programs') && await tapId(phone, 'mini_program', mini.name))) {
    out.problems.push({ severity: 'error', message: `no mini-program named '${mini.name}' under Discover › Mini Programs in ${label}` });
    return out;
  }
  const first = await top();
  if (!first.screen) {
    out.problems.push({ severity: 'error', message: mini ? `tapping '${mini.name}' in the mini-program list does not open it` : `tapping its launcher icon does not open it (the foreground is ${first.snap.state.foreground})` });
    return out;
  }
  // States, not only screens, are walked: a tap that keeps the screen but shows new elements (a
  // place selected shows its Details button, a sheet opens) is a state of its own, known by its
  // screen and the set of its tappable elements' names.
  const tappable = async (): Promise<UiNode[]> => parseUiTree(await phone.uiTree()).nodes.filter((n) => n.packageName === pkg && n.clickable && n.enabled);
  const keyOf = (n: UiNode): string => n.resourceId || `${n.text}|${n.contentDesc}|${n.bounds.x1},${n.bounds.y1}`;
  const signature = (screen: string, nodes: UiNode[]): string => `${screen}\0${[...new Set(nodes.map((n) => n.resourceId || `${n.text}|${n.contentDesc}`))].sort().join('\0')}`;
  const queue = [first];
  const seen = new Set<string>([signature(first.screen, await tappable())]);
  const flagged = new Set<string>();
  out.reached.push(first.screen);
  let taps = 0;
  while (queue.length > 0) {
    const { snap, screen } = queue.shift()!;
    await phone.restore(snap);
    // A screen that throws shows the app's crash screen (app-context.ts): an agent gets nothing there.
    const crash = parseUiTree(await phone.uiTree()).nodes.find((n) => n.resourceId.endsWith(':id/app_error'));
    const why = (crash?.text || crash?.children.map((c) => c.text).join('\n') || '').split('\n').slice(1).join(' ').replace(/\s+/g, ' ').trim(); // after "<app> has stopped"
    if (crash) out.problems.push({ screen, severity: 'error', message: `the screen fails when it is drawn: ${why}`.slice(0, 400) });
    const nodes = await tappable();
    const tried = new Set<string>();
    for (const n of nodes) {
      const key = keyOf(n);
      if (!addressable(n) && !flagged.has(`${screen}\0${key}`)) {
        flagged.add(`${screen}\0${key}`);
        out.problems.push({ screen, severity: 'error', message: `a tappable ${n.className || 'element'} at [${n.bounds.x1},${n.bounds.y1}][${n.bounds.x2},${n.bounds.y2}] has no resource-id, text or content-desc: an agent cannot name it` });
      }
      if (tried.has(key)) continue;
      tried.add(key);
      if (++taps > MAX_TAPS) {
        out.problems.push({ severity: 'warning', message: `more than ${MAX_TAPS} taps: the walk stopped (screens not reached are not checked)` });
        return out;
      }
      await phone.restore(snap);
      await phone.tap(centerOf(n.bounds));
      const next = await top();
      if (!next.screen) continue;
      const sig = signature(next.screen, await tappable());
      if (seen.has(sig)) continue;
      seen.add(sig);
      if (!out.reached.includes(next.screen)) out.reached.push(next.screen);
      queue.push(next);
    }
  }
  for (const [name, shown] of Object.entries(tabs)) if (shown.some((s) => out.reached.includes(s)) && !out.reached.includes(name)) out.reached.push(name);
  for (const name of mini ? mini.screens : Object.keys(app.screens)) {
    if (!out.reached.includes(name)) out.problems.push({ screen: name, severity: 'warning', message: `screen '${name}' was not reached by tapping from the launcher on the seeded phone: its elements were not checked` });
  }
  return out;
}

/** What a `click:` step can name it by: its resource-id, text or content-desc, or a descendant's text. */
function addressable(n: UiNode): boolean {
  if (n.resourceId || n.text || n.contentDesc) return true;
  return n.children.some((c) => c.text !== '' || addressable(c));
}
