// New Mock App's TypeScript variant: a whole app in code (*.app.ts) against the typed entry
// point @phonebuddy/app-api (schemas/app-api.d.ts) — a list of items and an item's page with a
// stepper, the shape of apps-examples/tally.app.ts — with a tsconfig.json that makes the editor
// type-check it against the declarations copied beside it, and a task proven by its solution.
// It runs code, so it loads only in a trusted workspace (app-code-policy.ts).
import { defaultLabel } from './scaffold';

export interface TsScaffold {
  /** File name → text, all written into the apps folder (existing ones are kept). */
  files: Record<string, string>;
  /** The app file's name (opened after writing). */
  appFile: string;
}

/** The tsconfig.json for the apps folder: strict, no emit, erasable syntax only (the runtime strips types). */
export const APPS_TSCONFIG = `${JSON.stringify({
  compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'preserve', skipLibCheck: true, erasableSyntaxOnly: true },
  include: ['**/*.app.ts', 'app-api.d.ts'],
}, null, 2)}\n`;

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The files of a TypeScript app for `pkg`; `apiDeclarations` is schemas/app-api.d.ts's text. */
export function scaffoldTsApp(opts: { package: string; label?: string }, apiDeclarations: string): TsScaffold {
  const name = opts.package.split('.').pop()!.toLowerCase();
  const label = opts.label ?? defaultLabel(opts.package);
  const fn = name.replace(/[^a-z0-9_]/g, '_');
  const app = `// ${label}: a mock app written in TypeScript against the typed entry point (docs/authoring-apps.md,
// "TypeScript apps"). It runs code, so it loads only in a trusted workspace. Types only are
// imported (the runtime strips them); the widget kit comes as the argument.
import type { AppContext, AppKit, AppManifest, ScreenOutput } from '@phonebuddy/app-api';

interface Item {
  id: number;
  name: string;
  count: number;
}

export default function ${fn}(kit: AppKit): AppManifest {
  const { appBar, col, listItem, row, scaffold, scrollList, stepper, button } = kit;

  const items = (ctx: AppContext): Item[] =>
    ctx.db.query('SELECT id, name, count FROM items ORDER BY name') as unknown as Item[];

  function list(ctx: AppContext): ScreenOutput {
    return {
      view: scaffold(ctx, {
        appBar: appBar(ctx, { title: ctx.t('title') }),
        body: scrollList('items', items(ctx).map((it) => col({ id: 'item' },
          listItem(ctx, { headline: it.name, trailing: String(it.count), onClick: () => ctx.push('detail', { id: it.id }), desc: it.name }),
        ))),
      }),
    };
  }

  function detail(ctx: AppContext): ScreenOutput {
    const id = Number(ctx.screen.params.id);
    const it = items(ctx).find((x) => x.id === id);
    if (!it) return { view: scaffold(ctx, { appBar: appBar(ctx, { title: ctx.t('title'), back: true }), body: { text: ctx.t('gone') } }) };
    const set = (n: number) => { ctx.db.run('UPDATE items SET count = ? WHERE id = ?', [n, id]); };
    return {
      view: scaffold(ctx, {
        appBar: appBar(ctx, { title: it.name, back: true }),
        body: col({ gap: 16, padding: [16, 0] },
          stepper(ctx, { label: ctx.t('count'), value: it.count, min: 0, max: 999, onChange: set, id: 'count' }),
          row({ padding: [0, 24] }, button(ctx, { label: ctx.t('reset'), variant: 'tonal', onClick: () => { set(0); ctx.toast(ctx.t('wasReset', { name: it.name })); }, id: 'reset' })),
        ),
      }),
    };
  }

  return {
    package: ${quote(opts.package)},
    label: ${quote(label)},
    icon: { glyph: 'note', bg: '#3F51B5' },
    database: {
      file: ${quote(`${name}.db`)},
      schema: 'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, count INTEGER NOT NULL DEFAULT 0);',
      seed: (db, s) => {
        const names = s.locale === 'zh-CN' ? ['第一项', '第二项', '第三项'] : ['First item', 'Second item', 'Third item'];
        for (const n of names) db.run('INSERT INTO items (name, count) VALUES (?, ?)', [n, s.rng.int(1, 20)]);
      },
    },
    strings: {
      'en-US': { title: ${quote(label)}, count: 'Count', reset: 'Reset', wasReset: '{name} reset', gone: 'This item is gone' },
      'zh-CN': { title: ${quote(label)}, count: '数量', reset: '归零', wasReset: '{name}已归零', gone: '这一项不存在了' },
    },
    home: 'list',
    screens: { list, detail },
  };
}
`;
  const task = [
    `# A task on ${opts.package} (a TypeScript app), proven by its solution: phonebuddy check --apps <apps folder> <this file>`,
    `id: ${name}.reset_item`,
    'title: Reset the second item',
    'category: single-app',
    'device: mock',
    `apps: [${opts.package}]`,
    'locale: en-US',
    `goal: In the ${label.replace(/[:#]/g, ' ')} app, reset the Second item to zero.`,
    'max_steps: 8',
    'verify:',
    '  sql:',
    `    app: ${opts.package}`,
    '    query: SELECT name FROM items WHERE count = 0',
    "    expect: count == 1 && rows[0].name == 'Second item'",
    'solution:',
    `  - open_app: ${opts.package}`,
    '  - click: { text: Second item }',
    '  - click: { resource-id: reset }',
    '  - finish: Reset it.',
    '',
  ].join('\n');
  const appFile = `${name}.app.ts`;
  return { appFile, files: { [appFile]: app, [`${name}-reset-item.task.yaml`]: task, 'app-api.d.ts': apiDeclarations, 'tsconfig.json': APPS_TSCONFIG } };
}
