// Writes the golden screenshots of every app into docs/images/ (run from the project root):
//   node --import tsx src/mockphone/tools/goldens.ts [outDir]
import fs from 'node:fs';
import path from 'node:path';
import { parseUiTree } from '../../device/ui-tree';
import { createMockPhone, type MockPhone } from '../index';

type Step = (p: MockPhone) => Promise<unknown>;

async function find(p: MockPhone, attr: string, value: string): Promise<{ x: number; y: number }> {
  const node = parseUiTree(await p.uiTree()).nodes.find((n) => n.attributes[attr] === value && n.attributes.bounds !== undefined);
  if (!node) throw new Error(`no node with ${attr}="${value}"`);
  const b = node.bounds;
  return { x: (b.x1 + b.x2) / 2, y: (b.y1 + b.y2) / 2 };
}

const tapOn = (attr: string, value: string): Step => async (p) => p.tap(await find(p, attr, value));

export const GOLDENS: { name: string; locale?: 'en-US' | 'zh-CN'; steps: Step[] }[] = [
  { name: 'launcher', steps: [] },
  { name: 'messages', steps: [(p) => p.openApp('com.phonebuddy.messages')] },
  { name: 'messages-thread', steps: [(p) => p.openApp('com.phonebuddy.messages'), tapOn('resource-id', 'com.phonebuddy.messages:id/conversation'), tapOn('resource-id', 'com.phonebuddy.messages:id/compose_message_text'), (p) => p.typeText('See you at 7')] },
  { name: 'contacts', steps: [(p) => p.openApp('com.phonebuddy.contacts')] },
  { name: 'contacts-detail', steps: [(p) => p.openApp('com.phonebuddy.contacts'), tapOn('resource-id', 'com.phonebuddy.contacts:id/contact')] },
  { name: 'notes', steps: [(p) => p.openApp('com.phonebuddy.notes')] },
  { name: 'notes-edit', steps: [(p) => p.openApp('com.phonebuddy.notes'), tapOn('resource-id', 'com.phonebuddy.notes:id/note')] },
  { name: 'settings', steps: [(p) => p.openApp('com.phonebuddy.settings')] },
  { name: 'settings-display', steps: [(p) => p.openApp('com.phonebuddy.settings'), tapOn('resource-id', 'com.phonebuddy.settings:id/display')] },
  { name: 'settings-dark', steps: [async (p) => p.putSetting('secure', 'ui_night_mode', '2'), (p) => p.openApp('com.phonebuddy.messages')] },
  { name: 'shade', steps: [(p) => p.openApp('com.phonebuddy.messages'), tapOn('resource-id', 'com.phonebuddy.messages:id/conversation'), tapOn('resource-id', 'com.phonebuddy.messages:id/compose_message_text'),
    (p) => p.typeText('Lunch?\n'), (p) => p.pressKey('home'), (p) => p.wait(40_000), (p) => p.swipe({ x: 540, y: 30 }, { x: 540, y: 1400 }, 300)] },
  { name: 'recents', steps: [(p) => p.openApp('com.phonebuddy.notes'), (p) => p.openApp('com.phonebuddy.contacts'), (p) => p.openApp('com.phonebuddy.messages'), (p) => p.pressKey('recents')] },
  { name: 'launcher-zh', locale: 'zh-CN', steps: [] },
  { name: 'messages-zh', locale: 'zh-CN', steps: [(p) => p.openApp('com.phonebuddy.messages')] },
];

async function main(): Promise<void> {
  const out = process.argv[2] ?? path.join('docs', 'images');
  fs.mkdirSync(out, { recursive: true });
  const only = process.argv[3];
  for (const g of GOLDENS) {
    if (only && g.name !== only) continue;
    const p = await createMockPhone({ seed: 1, locale: g.locale });
    for (const s of g.steps) await s(p);
    const shot = await p.screenshot({ format: 'png' });
    fs.writeFileSync(path.join(out, `mockphone-${g.name}.png`), shot.data);
    await p.close();
    console.log(`wrote ${path.join(out, `mockphone-${g.name}.png`)}`);
  }
}

if (require.main === module) void main();
