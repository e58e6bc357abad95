// Damaged-rectangle painting must give exactly the pixels of a full repaint: after every step
// of every app's screens, every interference screen and long seeded sequences of taps, swipes,
// typing and keys, the retained frame (repainted only where the view tree changed) is compared
// byte for byte with a full repaint of the same frame.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMockPhone, type MockPhone } from '../index';
import { APPS } from '../apps/registry';
import { PERTURBATION_NAMES } from '../interference/perturbations';
import { SeededRandom } from '../runtime/random';
import { parseUiTree } from '../testing';
import { assertSameAsFullRepaint, onWalkScreen, WALK_SCREEN } from './repaint-check';

/** A seeded walk: taps on clickable nodes, scrolls, typing, back/enter/delete, waits. */
async function walk(p: MockPhone, seed: number, steps: number, where: string): Promise<void> {
  const rng = new SeededRandom(seed);
  for (let i = 0; i < steps; i++) {
    const nodes = parseUiTree(await p.uiTree());
    const r = rng.next();
    let what: string;
    if (r < 0.5) {
      const clickable = nodes.filter((n) => n.clickable && n.bounds[2] > n.bounds[0] && n.bounds[3] > n.bounds[1]);
      const n = clickable[Math.floor(rng.next() * clickable.length)];
      if (!n) continue;
      what = `tap ${n.resourceId || n.text || n.desc}`;
      await p.tap({ x: (n.bounds[0] + n.bounds[2]) / 2, y: (n.bounds[1] + n.bounds[3]) / 2 });
    } else if (r < 0.65) {
      const down = rng.next() < 0.5;
      what = `swipe ${down ? 'down' : 'up'}`;
      const [x, a, b] = [onWalkScreen(540), onWalkScreen(1600), onWalkScreen(900)];
      await p.swipe({ x, y: down ? a : b }, { x, y: down ? b : a }, 250 + Math.floor(rng.next() * 500));
    } else if (r < 0.8) {
      what = 'type';
      await p.typeText(['a', 'Hi', 'x?', ' 42', '你好'][Math.floor(rng.next() * 5)]);
    } else if (r < 0.92) {
      const key = (['back', 'enter', 'delete', 'back'] as const)[Math.floor(rng.next() * 4)];
      what = `key ${key}`;
      await p.pressKey(key);
    } else {
      what = 'wait';
      await p.wait(1500);
    }
    assertSameAsFullRepaint(p, `${where}, step ${i} (${what})`);
  }
}

describe('damaged-rectangle painting', () => {
  it('equals a full repaint on every app, through seeded walks', async () => {
    const p = await createMockPhone({ seed: 3, ...WALK_SCREEN });
    for (const [i, app] of APPS.entries()) {
      await p.reset(3);
      assertSameAsFullRepaint(p, 'after reset');
      await p.openApp(app.package);
      assertSameAsFullRepaint(p, `${app.package} opened`);
      await walk(p, 100 + i, 10, app.package);
    }
    await p.close();
  });

  it('equals a full repaint on every interference screen, in both locales and themes', async () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const p = await createMockPhone({ seed: 1, locale, ...WALK_SCREEN });
      for (const [i, name] of PERTURBATION_NAMES.entries()) {
        await p.reset(1);
        if (i % 2 === 1) p.putSetting('secure', 'ui_night_mode', '2');
        p.setInterference([{ name, probability: 1 }]);
        for (const pkg of ['com.phonebuddy.messages', 'com.phonebuddy.shop']) {
          await p.openApp(pkg);
          assertSameAsFullRepaint(p, `${name} on ${pkg} (${locale})`);
          await p.wait(1200);
          assertSameAsFullRepaint(p, `${name} on ${pkg} after 1.2 s (${locale})`);
        }
        await walk(p, 7 + i, 4, `${name} (${locale})`);
      }
      await p.close();
    }
  });

  it('equals a full repaint after drags of many distances on scrolling lists', async () => {
    const p = await createMockPhone({ seed: 5, ...WALK_SCREEN });
    for (const pkg of ['com.phonebuddy.contacts', 'com.phonebuddy.messages', 'com.phonebuddy.settings', 'com.phonebuddy.notes']) {
      await p.openApp(pkg);
      p.paintFrame();
      for (const [i, dy] of [-37, -200, 15, -1, -640, 333, 120, -90, 7, 400].entries()) {
        await p.drag({ x: onWalkScreen(540), y: onWalkScreen(1400) }, { x: onWalkScreen(540), y: onWalkScreen(1400 + dy) }, 600);
        assertSameAsFullRepaint(p, `${pkg}, drag ${i} by ${dy} px`);
      }
    }
    await p.close();
  });

  it('repaints only a small part of the screen when one character is typed, and nothing when nothing changed', async () => {
    const p = await createMockPhone({ seed: 1 });
    await p.openApp('com.phonebuddy.messages');
    const tapId = async (id: string) => {
      const n = parseUiTree(await p.uiTree()).find((x) => x.resourceId.endsWith(`:id/${id}`))!;
      await p.tap({ x: (n.bounds[0] + n.bounds[2]) / 2, y: (n.bounds[1] + n.bounds[3]) / 2 });
    };
    await tapId('conversation');
    await tapId('compose_message_text');
    await p.typeText('a');
    p.paintFrame();
    await p.typeText('b');
    const { damaged } = assertSameAsFullRepaint(p, 'typing into the compose bar');
    assert.ok(damaged > 0 && damaged < 0.25, `typing one character repainted ${Math.round(damaged * 100)}% of the screen`);
    const before = p.paintFrame().generation;
    await p.tap({ x: 5, y: 5 }); // the status bar: nothing changes
    const after = p.paintFrame();
    assert.deepEqual(after.damage, []);
    assert.equal(after.generation, before);
    const a = await p.screenshot({ format: 'jpeg' });
    await p.wait(10);
    assert.equal(await p.screenshot({ format: 'jpeg' }), a, 'an unchanged screen reuses its encoded screenshot');
    await p.close();
  });
});
