// Renders the catalogue's golden screenshots into docs/images/: every app in both locales on a
// representative screen, the same app under a promotional pop-up, and a few other perturbations.
// Run: node --import tsx src/mockphone/apps/catalog-shared/goldens.ts [outDir]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createMockPhone } from '../../index';
import type { MockPhone } from '../../mock-phone';
import type { PerturbationSpec } from '../../interference/perturbations';
import { Driver } from './testing';

type Locale = 'en-US' | 'zh-CN';

interface Golden {
  app: string;
  pkg: string;
  /** Drives the phone to the screen to capture (after openApp). */
  go?: (d: Driver, locale: Locale) => Promise<void>;
}

const GOLDENS: Golden[] = [
  { app: 'assistant', pkg: 'com.phonebuddy.assistant', go: async (d, l) => {
    await d.tap({ id: 'prompt_input' });
    await d.type(l === 'zh-CN' ? '帮我写一份明天请假一天的请假条，因为身体不适' : 'Write a leave request for tomorrow because I have a fever');
    await d.tap({ id: 'send_button' });
    await d.phone.wait(1500);
  } },
  { app: 'docs', pkg: 'com.phonebuddy.docs' },
  { app: 'chat', pkg: 'com.phonebuddy.chat' },
  { app: 'chat-miniprogram', pkg: 'com.phonebuddy.chat', go: async (d, l) => {
    await d.tap({ id: 'tab_discover' });
    await d.tap({ id: 'mini_programs' });
    await d.tap({ id: 'mini_program' }, 0);
    await d.tap({ id: 'keyword_input' });
    await d.type(l === 'zh-CN' ? '上海迪士尼度假区' : 'Shanghai Disney Resort');
    await d.key('enter');
    await d.tap({ id: 'price_tab' });
    await d.tap({ id: 'price_preset' }, 0);
  } },
  { app: 'travel', pkg: 'com.phonebuddy.travel', go: async (d, l) => {
    await d.tap({ id: 'keyword_input' });
    await d.type(l === 'zh-CN' ? '上海迪士尼度假区' : 'Shanghai Disney Resort');
    await d.key('enter');
  } },
  { app: 'shop', pkg: 'com.phonebuddy.shop' },
  { app: 'calendar', pkg: 'com.phonebuddy.calendar' },
];

const EXTRA: { name: string; pkg: string; spec: PerturbationSpec; after?: (p: MockPhone) => Promise<void> }[] = [
  { name: 'chat-{l}-miniprogram-permission', pkg: 'com.phonebuddy.chat', spec: { name: 'permission_dialog', apps: ['com.phonebuddy.chat/travel'], params: { permission: 'location' } }, after: async (p) => {
    const d = new Driver(p);
    await d.tap({ id: 'tab_discover' });
    await d.tap({ id: 'mini_programs' });
    await d.tap({ id: 'mini_program' }, 0);
  } },
  { name: 'travel-{l}-permission', pkg: 'com.phonebuddy.travel', spec: { name: 'permission_dialog', params: { permission: 'location' } } },
  { name: 'shop-{l}-fullscreen-ad', pkg: 'com.phonebuddy.shop', spec: { name: 'fullscreen_ad' }, after: (p) => p.wait(1000) },
  { name: 'docs-{l}-network-error', pkg: 'com.phonebuddy.docs', spec: { name: 'network_error' } },
  { name: 'assistant-{l}-update', pkg: 'com.phonebuddy.assistant', spec: { name: 'update_prompt' } },
  { name: 'calendar-{l}-notification', pkg: 'com.phonebuddy.calendar', spec: { name: 'notification_banner', params: { afterMs: 500 } }, after: (p) => p.wait(600) },
];

async function save(phone: MockPhone, out: string, name: string): Promise<void> {
  const shot = await phone.screenshot();
  await sharp(shot.data).resize(540).png({ compressionLevel: 9 }).toFile(join(out, `${name}.png`));
}

async function main(): Promise<void> {
  const out = process.argv[2] ?? 'docs/images';
  mkdirSync(out, { recursive: true });
  for (const l of ['en-US', 'zh-CN'] as const) {
    const phone = await createMockPhone({ seed: 1, locale: l });
    const d = new Driver(phone);
    for (const g of GOLDENS) {
      await phone.reset(1);
      await phone.openApp(g.pkg);
      await g.go?.(d, l);
      await save(phone, out, `${g.app}-${l}`);
      if (g.app.includes('-')) continue;
      await phone.reset(1);
      phone.setInterference([{ name: 'promo_popup' }]);
      await phone.openApp(g.pkg);
      await save(phone, out, `${g.app}-${l}-popup`);
    }
    for (const x of EXTRA) {
      await phone.reset(1);
      phone.setInterference([x.spec]);
      await phone.openApp(x.pkg);
      await x.after?.(phone);
      await save(phone, out, x.name.replace('{l}', l));
    }
    await phone.close();
  }
  console.log(`goldens written to ${out}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
