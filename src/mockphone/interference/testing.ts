// Test helper: for each perturbation, the parameters that make it quick, how to tell it is
// showing and how an agent gets through it (what the docs' table says, as steps on the uiautomator
// dump). Typed by PerturbationName, so a new perturbation cannot be added without saying how to
// get through it — the every-app test (test/unit/interference-everywhere.test.ts) runs them all.
import assert from 'node:assert/strict';
import type { MockPhone } from '../index';
import { center, parseUiTree, type UiNode } from '../testing';
import type { PerturbationName } from './perturbations';

export interface GetThrough {
  /** Parameters that keep the test short (virtual time only). */
  params?: Record<string, string | number | boolean>;
  /** Shows it (after the cold launch): most show at once; a banner waits for its delay. */
  show?(p: MockPhone): Promise<void>;
  /** A resource-id on screen while it shows (none: it is only visible through the keyboard). */
  marker?: string;
  /**
   * It stays on for the app once shown (by design): the keyboard keeps covering instead of
   * resizing, so a screen with a focused field is laid out taller than without it.
   */
  staysOn?: 'layout';
  /** What an agent does to get through it; the app must be usable afterwards. */
  handle(p: MockPhone, pkg: string): Promise<void>;
}

async function nodes(p: MockPhone): Promise<UiNode[]> {
  return parseUiTree(await p.uiTree());
}

/** The on-screen node whose resource-id ends in `id`, failing with what is on screen instead. */
export async function byId(p: MockPhone, id: string): Promise<UiNode> {
  const all = await nodes(p);
  const hit = all.find((n) => n.resourceId.endsWith(`:id/${id}`) && n.bounds[2] > n.bounds[0] && n.bounds[3] > n.bounds[1]);
  if (!hit) assert.fail(`no ${id} on screen; ids: ${[...new Set(all.map((n) => n.resourceId.replace(/^.*:id\//, '')).filter(Boolean))].join(' ').slice(0, 800)}`);
  return hit;
}

export async function tapId(p: MockPhone, id: string): Promise<void> {
  await p.tap(center(await byId(p, id)));
}

export const GET_THROUGH: Record<PerturbationName, GetThrough> = {
  permission_dialog: { marker: 'grant_dialog', handle: (p) => tapId(p, 'permission_deny_button') },
  promo_popup: { marker: 'promo_dialog', handle: (p) => tapId(p, 'promo_close') },
  fullscreen_ad: { marker: 'splash_ad', handle: (p) => tapId(p, 'skip_button') },
  network_error: {
    params: { failures: 0, retryMs: 500 }, marker: 'network_error',
    handle: async (p) => { await tapId(p, 'retry_button'); await byId(p, 'loading'); await p.wait(500); },
  },
  slow_loading: { params: { ms: 1000 }, marker: 'loading', handle: (p) => p.wait(1000) },
  update_prompt: { marker: 'update_dialog', handle: (p) => tapId(p, 'update_later') },
  notification_banner: {
    params: { afterMs: 500 }, show: (p) => p.wait(500), marker: 'notification',
    handle: async (p) => {
      const { x, y } = center(await byId(p, 'notification'));
      await p.swipe({ x, y }, { x, y: 4 }, 200);
    },
  },
  keyboard_cover: {
    staysOn: 'layout',
    // Visible only with the keyboard up: the app's field is tapped, the app keeps its size, back hides the keys.
    handle: async (p, pkg) => {
      const field = (await nodes(p)).find((n) => n.pkg === pkg && n.className === 'android.widget.EditText' && n.bounds[3] > n.bounds[1]);
      if (!field) return;
      const bottom = async () => Math.max(...(await nodes(p)).filter((n) => n.pkg === pkg).map((n) => n.bounds[3]));
      const before = await bottom();
      await p.tap(center(field));
      assert.ok((await nodes(p)).some((n) => n.pkg === pkg && n.focused), `${pkg}: no field took the focus (so no keyboard)`);
      assert.equal(await bottom(), before, `${pkg}: the keyboard resized the app instead of covering it`);
      await p.pressKey('back');
    },
  },
  login_expired: {
    params: { signInMs: 500 }, marker: 'login_expired_dialog',
    handle: async (p) => { await tapId(p, 'relogin_button'); await tapId(p, 'sign_in_button'); await byId(p, 'loading'); await p.wait(500); },
  },
};
