// Test driver for the app catalogue: finds nodes in the uiautomator dump (like an agent would)
// and taps, types and presses keys through the Device interface only.
import assert from 'node:assert/strict';
import { centerOf, parseUiTree, type UiNode } from '../../../device/ui-tree';
import type { MockPhone } from '../../mock-phone';

export interface Find {
  id?: string;
  text?: string;
  textContains?: string;
  desc?: string;
  pkg?: string;
}

function matches(n: UiNode, f: Find): boolean {
  if (f.id !== undefined && !(n.resourceId === f.id || n.resourceId.endsWith(`:id/${f.id}`))) return false;
  if (f.text !== undefined && n.text !== f.text) return false;
  if (f.textContains !== undefined && !n.text.includes(f.textContains)) return false;
  if (f.desc !== undefined && n.contentDesc !== f.desc) return false;
  if (f.pkg !== undefined && n.packageName !== f.pkg) return false;
  return true;
}

export class Driver {
  constructor(readonly phone: MockPhone) {}

  async nodes(f: Find): Promise<UiNode[]> {
    const tree = parseUiTree(await this.phone.uiTree());
    return tree.nodes.filter((n) => matches(n, f) && n.bounds.x2 > n.bounds.x1 && n.bounds.y2 > n.bounds.y1);
  }

  async has(f: Find): Promise<boolean> {
    return (await this.nodes(f)).length > 0;
  }

  async find(f: Find, index = 0): Promise<UiNode> {
    const all = await this.nodes(f);
    if (!all[index]) {
      const tree = parseUiTree(await this.phone.uiTree());
      const seen = tree.nodes.map((n) => `${n.resourceId.replace(/^.*:id\//, '')}${n.text ? `"${n.text.slice(0, 20)}"` : ''}`).filter((s) => s !== '').join(' ');
      assert.fail(`no node ${JSON.stringify(f)}[${index}] on screen; nodes: ${seen.slice(0, 1500)}`);
    }
    return all[index];
  }

  async tap(f: Find, index = 0): Promise<void> {
    const n = await this.find(f, index);
    await this.phone.tap(centerOf(n.bounds));
  }

  async type(text: string): Promise<void> {
    const r = await this.phone.typeText(text);
    assert.equal(r.delivered, true, `typing "${text}" reached no field`);
  }

  key(k: 'back' | 'home' | 'enter'): Promise<void> {
    return this.phone.pressKey(k);
  }

  /** Swipes up in the middle of the screen until `f` is visible (at most `max` swipes). */
  async scrollTo(f: Find, max = 30): Promise<UiNode> {
    for (let i = 0; i < max; i++) {
      const hit = (await this.nodes(f))[0];
      if (hit && hit.bounds.y2 < this.phone.height - 400) return hit;
      await this.phone.swipe({ x: this.phone.width / 2, y: this.phone.height * 0.7 }, { x: this.phone.width / 2, y: this.phone.height * 0.4 }, 500);
    }
    return this.find(f);
  }

  async sql(pkg: string, sql: string, params: (string | number)[] = []): Promise<Record<string, unknown>[]> {
    return this.phone.queryApp(pkg, sql, params);
  }
}
