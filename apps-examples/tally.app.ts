// Tally: counters in a list, each with a bar as long as its count — a screen the modules do not
// draw — and a detail screen with a stepper. The example of docs/authoring-apps.md, "TypeScript
// apps": the whole app in one file, written against the typed entry point.
import type { AppContext, AppKit, AppManifest, ScreenOutput } from '@phonebuddy/app-api';

interface Counter {
  id: number;
  name: string;
  count: number;
}

export default function tally(kit: AppKit): AppManifest {
  const { appBar, col, listItem, row, scaffold, scrollList, stepper, button } = kit;

  const counters = (ctx: AppContext): Counter[] =>
    ctx.db.query('SELECT id, name, count FROM counters ORDER BY name') as unknown as Counter[];

  function list(ctx: AppContext): ScreenOutput {
    const all = counters(ctx);
    const most = Math.max(1, ...all.map((c) => c.count));
    return {
      view: scaffold(ctx, {
        appBar: appBar(ctx, { title: ctx.t('title') }),
        body: scrollList('counters', all.map((c) => col({ id: 'counter' },
          listItem(ctx, { headline: c.name, trailing: String(c.count), onClick: () => ctx.push('detail', { id: c.id }), desc: c.name }),
          row({ padding: [0, 24, 8, 16] }, { width: Math.round((c.count / most) * 300), height: 8, radius: 4, bg: ctx.theme.primary, id: 'bar' }),
        ))),
      }),
    };
  }

  function detail(ctx: AppContext): ScreenOutput {
    const id = Number(ctx.screen.params.id);
    const c = counters(ctx).find((x) => x.id === id);
    if (!c) return { view: scaffold(ctx, { appBar: appBar(ctx, { title: ctx.t('title'), back: true }), body: { text: ctx.t('gone') } }) };
    const set = (n: number) => { ctx.db.run('UPDATE counters SET count = ? WHERE id = ?', [n, id]); };
    return {
      view: scaffold(ctx, {
        appBar: appBar(ctx, { title: c.name, back: true }),
        body: col({ gap: 16, padding: [16, 0] },
          stepper(ctx, { label: ctx.t('count'), value: c.count, min: 0, max: 999, onChange: set, id: 'count' }),
          row({ padding: [0, 24] }, button(ctx, { label: ctx.t('reset'), variant: 'tonal', onClick: () => { set(0); ctx.toast(ctx.t('wasReset', { name: c.name })); }, id: 'reset' })),
        ),
      }),
    };
  }

  return {
    package: 'com.example.tally',
    label: { 'en-US': 'Tally', 'zh-CN': '计数' },
    icon: { glyph: 'add', bg: '#00897B' },
    database: {
      file: 'tally.db',
      schema: 'CREATE TABLE counters (id INTEGER PRIMARY KEY, name TEXT NOT NULL, count INTEGER NOT NULL DEFAULT 0);',
      seed: (db, s) => {
        const names = s.locale === 'zh-CN' ? ['喝水', '俯卧撑', '读书'] : ['Glasses of water', 'Push-ups', 'Pages read'];
        for (const name of names) db.run('INSERT INTO counters (name, count) VALUES (?, ?)', [name, s.rng.int(1, 20)]);
      },
    },
    strings: {
      'en-US': { title: 'Tally', count: 'Count', reset: 'Reset', wasReset: '{name} reset', gone: 'This counter is gone' },
      'zh-CN': { title: '计数', count: '次数', reset: '归零', wasReset: '{name}已归零', gone: '这个计数器不存在了' },
    },
    home: 'list',
    screens: { list, detail },
  };
}
