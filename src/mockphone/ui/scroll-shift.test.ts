// Scroll shifting (ui/scroll-shift.ts) must give exactly the pixels of a full repaint: drags and
// swipes of many distances, both ways, on every app's scroll containers and under every
// interference screen, in both themes; and the shift path must really have run.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone, type MockPhone } from '../index';
import { APPS } from '../apps/registry';
import { PERTURBATION_NAMES } from '../interference/perturbations';
import { parseUiTree } from '../testing';
import { assertSameAsFullRepaint, onWalkScreen, WALK_SCREEN } from './repaint-check';

describe('scroll shifting', () => {
  it('equals a full repaint when scrolls shift the retained pixels, on every app and interference screen', async () => {
    const DRAGS = [-37, -200, 15, -1, -640, 333, 7, -1200, 1300].map((dy) => (Math.abs(dy) < 40 ? dy : onWalkScreen(dy)));
    let shiftedFrames = 0;
    const shiftedApps = new Set<string>();
    const scrollAll = async (p: MockPhone, where: string, count: number) => {
      const scrollers = parseUiTree(await p.uiTree()).filter((n) => n.scrollable && n.bounds[3] - n.bounds[1] > 200);
      for (const n of scrollers.slice(0, count)) {
        const x = Math.round((n.bounds[0] + n.bounds[2]) / 2);
        const y = Math.round(n.bounds[1] + (n.bounds[3] - n.bounds[1]) * 0.6);
        for (const [i, dy] of DRAGS.entries()) {
          await p.drag({ x, y }, { x, y: y + Math.round(dy / 4) }, 600);
          const r = assertSameAsFullRepaint(p, `${where}, ${n.resourceId || n.className} drag ${i} by ${dy / 4} px`);
          if (r.shifted) { shiftedFrames++; shiftedApps.add(where); }
          await p.swipe({ x, y }, { x, y: y + dy }, 500);
          const s = assertSameAsFullRepaint(p, `${where}, ${n.resourceId || n.className} swipe ${i} by ${dy} px`);
          if (s.shifted) { shiftedFrames++; shiftedApps.add(where); }
        }
      }
    };
    const p = await createMockPhone({ seed: 11, ...WALK_SCREEN });
    for (const [i, app] of APPS.entries()) {
      await p.reset(11);
      if (i % 2 === 1) p.putSetting('secure', 'ui_night_mode', '2');
      await p.openApp(app.package);
      p.paintFrame();
      await scrollAll(p, app.package, 2);
    }
    for (const name of PERTURBATION_NAMES) {
      await p.reset(11);
      p.setInterference([{ name, probability: 1 }]);
      await p.openApp('com.phonebuddy.contacts');
      p.paintFrame();
      await scrollAll(p, `${name} on contacts`, 1);
    }
    await p.close();
    assert.ok(shiftedFrames > 40, `only ${shiftedFrames} scroll frames were shifted`);
    assert.ok(shiftedApps.size >= 4, `shifted only on ${[...shiftedApps].join(', ')}`);
  });

});
