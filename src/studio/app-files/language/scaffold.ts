// A new app to start from: what "New Mock App", the `app` snippet and completion in an empty
// app file write. One table of items (and a settings table when asked), seeded per locale and
// generated, strings in both locales, and one screen per module chosen, each reachable from the
// home screen — so the file loads with no error and no warning, and runs on the phone at once.

import { EXTRA_MODULES, extraParts } from './scaffold-modules';

/** The home list's family: scaffolded here, linked from the home screen. */
const HOME_FAMILY = ['list', 'people', 'detail', 'form', 'settings'] as const;
type ScaffoldModule = (typeof HOME_FAMILY)[number];
/** Every module New Mock App can scaffold a screen for: every kind in the schema (a test holds them equal). */
export const SCAFFOLD_MODULES: readonly string[] = [...HOME_FAMILY, ...EXTRA_MODULES];
/** The hub page's links, at most (the detail module lays its buttons in one row: with Next page, four fit). */
const HUB_LINKS = 3;

export interface AppScaffoldOptions {
  /** Android package, e.g. com.example.bank. */
  package: string;
  /** Launcher name (default: from the package's last part). */
  label?: string;
  /** Screens to make; the home is a list (or people) screen, added when neither is asked for. */
  modules?: readonly string[];
}

export const PACKAGE_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/;

/** Why `pkg` cannot be an app's package, or undefined. */
export function packageProblem(pkg: string): string | undefined {
  return PACKAGE_PATTERN.test(pkg) ? undefined : 'a package is dot-separated words of letters, digits and _ (e.g. com.example.bank)';
}

/** The app file's name for a package (`com.example.bank` → `bank.app.yaml`). */
export function appFileName(pkg: string): string {
  return `${pkg.split('.').pop()!.toLowerCase()}.app.yaml`;
}

export function defaultLabel(pkg: string): string {
  const last = pkg.split('.').pop() ?? 'app';
  return last.charAt(0).toUpperCase() + last.slice(1).replace(/_/g, ' ');
}

const SCREEN_NAME: Record<ScaffoldModule, string> = { list: 'items', people: 'people', detail: 'detail', form: 'edit', settings: 'settings' };

export function scaffoldApp(opts: AppScaffoldOptions): string {
  const label = opts.label ?? defaultLabel(opts.package);
  const picked = new Set(opts.modules ?? ['list', 'detail', 'form']);
  const asked = new Set(HOME_FAMILY.filter((m) => picked.has(m)));
  if (!asked.has('list') && !asked.has('people')) asked.add('list');
  // The other modules' screens hang off the detail screen (a row's page), through hub pages.
  const extras = extraParts(picked);
  if (extras.screens.length > 0) asked.add('detail');
  const home: ScaffoldModule = asked.has('list') ? 'list' : 'people';
  const has = (m: ScaffoldModule) => asked.has(m);
  // How each screen is reached from home: a tap on a row, the floating button, then the
  // detail's buttons or the list's long-press menu for the rest.
  const tap: ScaffoldModule | undefined = has('detail') ? 'detail' : has('form') ? 'form' : undefined;
  let fab: ScaffoldModule | undefined = has('form') ? 'form' : undefined;
  const rest = [...asked].filter((m) => m !== home && m !== tap && m !== fab);
  const detailLinks: ScaffoldModule[] = [];
  const menuLinks: ScaffoldModule[] = [];
  for (const m of rest) {
    if (has('detail')) detailLinks.push(m);
    else if (home === 'list') menuLinks.push(m);
    else if (fab === 'form' && tap === 'form') fab = m; // a row's tap already opens the form
    else if (!fab) fab = m;
  }
  const nav = (m: ScaffoldModule, params = '') => `{ navigate: ${SCREEN_NAME[m]}${params} }`;
  const linkLabel: Record<ScaffoldModule, string> = { list: '@items', people: '@people', detail: '@details', form: '@edit', settings: '@settings' };
  const editParams = ', params: { id: row.id }';

  const screens: Record<ScaffoldModule, string[]> = {
    list: [
      `  ${SCREEN_NAME.list}:`,
      '    module: list',
      "    title: '@title'",
      "    search: { hint: '@search' }",
      '    query:',
      "      sql: SELECT id, name, note FROM items WHERE (? = '' OR name LIKE '%' || ? || '%') ORDER BY name",
      '      args: [search, search]',
      '    item:',
      '      style: row',
      '      id: item',
      '      title: row.name',
      "      body: row.note",
      ...(tap ? [`      tap: [${nav(tap, editParams)}]`] : []),
      '      menu:',
      "        - { label: '@delete', id: delete, do: [{ delete: { table: items, where: { id: row.id } } }, { toast: '@deleted' }] }",
      ...menuLinks.map((m) => `        - { label: '${linkLabel[m]}', id: open_${SCREEN_NAME[m]}, do: [${nav(m)}] }`),
      "    empty: { text: '@empty' }",
      ...(fab ? [`    fab: { icon: ${fab === 'form' ? 'add' : 'settings'}, desc: '${fab === 'form' ? '@add' : linkLabel[fab]}', id: ${fab === 'form' ? 'add_item' : `open_${SCREEN_NAME[fab]}`}, do: [${nav(fab)}] }`] : []),
    ],
    people: [
      `  ${SCREEN_NAME.people}:`,
      '    module: people',
      "    search: { hint: '@search' }",
      '    query:',
      "      sql: SELECT id, name, note, favorite FROM items WHERE (? = '' OR name LIKE '%' || ? || '%') ORDER BY name",
      '      args: [search, search]',
      '    item:',
      '      id: person',
      '      name: row.name',
      ...(tap ? [`      tap: [${nav(tap, editParams)}]`] : []),
      "    favorites: { when: row.favorite == 1, labels: ['@favorites', '@everyone'] }",
      '    letters: row.name',
      "    empty: { text: '@empty' }",
      ...(home === 'people' && fab ? [`    fab: { icon: ${fab === 'form' ? 'add' : 'settings'}, desc: '${fab === 'form' ? '@add' : linkLabel[fab]}', id: ${fab === 'form' ? 'add_item' : `open_${SCREEN_NAME[fab]}`}, do: [${nav(fab)}] }`] : []),
    ],
    detail: [
      `  ${SCREEN_NAME.detail}:`,
      '    module: detail',
      "    title: '=row.name'",
      "    query: { sql: 'SELECT id, name, note FROM items WHERE id = ?', args: [params.id] }",
      '    fields:',
      "      - { label: '@name', value: row.name, id: name }",
      "      - { label: '@note', value: row.note, id: note }",
      '    actions:',
      ...(has('form') ? [`      - { label: '@edit', id: edit, do: [${nav('form', editParams)}] }`] : []),
      "      - { label: '@share', id: share, do: [{ share: '=row.name' }] }",
      // Its buttons sit in one row: with the hub, the other screens are linked from there.
      ...(extras.screens.length > 0 ? [] : detailLinks.filter((m) => m !== 'form').map((m) => `      - { label: '${linkLabel[m]}', id: open_${SCREEN_NAME[m]}, do: [${nav(m)}] }`)),
      ...(extras.screens.length > 0 ? ["      - { label: More screens, id: more_screens, do: [{ navigate: more1 }] }"] : []),
    ],
    form: [
      `  ${SCREEN_NAME.form}:`,
      '    module: form',
      "    title: '@edit'",
      '    table: items',
      '    fields:',
      "      - { key: name, label: '@name', id: name, required: true, message: '@needName' }",
      "      - { key: note, label: '@note', id: note, multiline: true }",
      '    saveOnBack: false',
      '    stamps: { insert: { created_at: now } }',
      "    save: { id: save, desc: Save, toast: '@saved' }",
      '    after: [{ back: true }]',
    ],
    settings: [
      `  ${SCREEN_NAME.settings}:`,
      '    module: settings',
      "    title: '@settings'",
      '    back: true',
      '    table: prefs',
      '    toggles:',
      "      - { key: notify, title: '@notify', id: notify }",
    ],
  };
  const strings = {
    'en-US': { title: label, search: 'Search', empty: 'Nothing here yet', delete: 'Delete', deleted: 'Deleted', items: 'Items', people: 'People', details: 'Details', edit: 'Edit', settings: 'Settings', add: 'Add', name: 'Name', note: 'Note', needName: 'Give it a name', saved: 'Saved', share: 'Share', favorites: 'Favourites', everyone: 'Everyone', notify: 'Notifications' },
    'zh-CN': { title: label, search: '搜索', empty: '这里还没有内容', delete: '删除', deleted: '已删除', items: '条目', people: '联系人', details: '详情', edit: '编辑', settings: '设置', add: '添加', name: '名称', note: '备注', needName: '请输入名称', saved: '已保存', share: '分享', favorites: '收藏', everyone: '全部', notify: '通知' },
  };
  // Plain words stay plain; the label (anything a person typed) and other scripts are quoted.
  const stringLine = (s: Record<string, string>) => `{ ${Object.entries(s).map(([k, v]) => `${k}: ${k !== 'title' && /^[A-Za-z][\w ]*$/.test(v) ? v : `'${v.replace(/'/g, "''")}'`}`).join(', ')} }`;
  const order = [home, ...HOME_FAMILY.filter((m) => m !== home && asked.has(m))];
  // Hub pages: a few links each, the last one leading on to the next page; the home family's
  // screens the detail would link come first.
  if (extras.screens.length > 0) {
    const family = detailLinks.filter((m) => m !== 'form').map((m) => ({ screen: SCREEN_NAME[m], label: `'${linkLabel[m]}'`, lines: [] as string[] }));
    extras.screens.unshift(...family);
  }
  const hubs: string[] = [];
  for (let i = 0; i < extras.screens.length; i += HUB_LINKS) {
    const page = i / HUB_LINKS + 1;
    const last = i + HUB_LINKS >= extras.screens.length;
    hubs.push(
      `  more${page}:`, '    module: detail', `    title: More screens${page > 1 ? ` (${page})` : ''}`,
      "    query: { sql: 'SELECT count(*) AS n FROM items' }",
      `    fields: [{ label: Items, value: string(row.n), id: item_total_${page} }]`,
      '    actions:',
      ...extras.screens.slice(i, i + HUB_LINKS).map((x) => `      - { label: ${x.label}, id: open_${x.screen.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}, do: [{ navigate: ${x.screen}${x.params ? `, params: ${x.params}` : ''} }] }`),
      ...(last ? [] : [`      - { label: Next page, id: more_${page + 1}, do: [{ navigate: more${page + 1} }] }`]),
    );
  }
  const seedRows = Object.entries(extras.rows).flatMap(([table, rows]) => [`        ${table}:`, ...rows.map((r) => `          - ${r}`)]);
  return [
    `# A mock app written only in YAML (docs/authoring-apps.md; schema: schemas/app.schema.json).`,
    `package: ${opts.package}`,
    `label: '${label.replace(/'/g, "''")}'`,
    `icon: ${home === 'people' ? 'contacts' : 'note'}`,
    "accent: '#3F51B5'",
    'database:',
    `  file: ${opts.package.split('.').pop()!.toLowerCase()}.db`,
    '  schema: |',
    '    CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, note TEXT NOT NULL DEFAULT \'\', favorite INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL DEFAULT 0);',
    ...(has('settings') ? ['    CREATE TABLE prefs (key TEXT PRIMARY KEY, value INTEGER NOT NULL);'] : []),
    ...extras.schema.map((sql) => `    ${sql}`),
    '  seed:',
    '    rows:',
    '      en-US:',
    '        items:',
    '          - { name: First item, note: Written by the seed, favorite: 1 }',
    ...seedRows,
    '      zh-CN:',
    '        items:',
    '          - { name: 第一项, note: 种子数据, favorite: 1 }',
    ...seedRows,
    '    generate:',
    '      - table: items',
    '        count: [3, 6]',
    '        values:',
    '          name: { name: full }',
    '          note: { pick: { en-US: [Call back, Met at work, Neighbour], zh-CN: [回电话, 同事, 邻居] } }',
    '          favorite: { int: [0, 1] }',
    '          created_at: { minutesAgo: [10, 5000] }',
    'strings:',
    `  en-US: ${stringLine(strings['en-US'])}`,
    `  zh-CN: ${stringLine(strings['zh-CN'])}`,
    `home: ${SCREEN_NAME[home]}`,
    'screens:',
    ...order.flatMap((m) => screens[m]),
    ...hubs,
    ...extras.screens.flatMap((x) => x.lines),
    '',
  ].join('\n');
}

/** The task file New Mock App writes beside a scaffolded app (`<name>-add-item.task.yaml`), or undefined without a form to add with. */
export function scaffoldTask(opts: AppScaffoldOptions): { fileName: string; text: string } | undefined {
  // The form opened by the home screen's floating button (not when the only way in is a row's tap).
  if (!scaffoldApp(opts).includes('id: add_item,')) return undefined;
  const name = opts.package.split('.').pop()!.toLowerCase();
  return {
    fileName: `${name}-add-item.task.yaml`,
    text: [
      `# A task on ${opts.package}, proven by its solution: phonebuddy check --apps <apps folder> <this file>`,
      `id: ${name}.add_item`,
      `title: Add an item named Milk`,
      'category: single-app',
      'device: mock',
      `apps: [${opts.package}]`,
      'locale: en-US',
      `goal: In the ${(opts.label ?? defaultLabel(opts.package)).replace(/[:#]/g, ' ')} app, add an item named Milk.`,
      'max_steps: 10',
      'verify:',
      '  sql:',
      `    app: ${opts.package}`,
      "    query: SELECT note FROM items WHERE name = 'Milk'",
      '    expect: count == 1',
      'solution:',
      `  - open_app: ${opts.package}`,
      '  - click: { resource-id: add_item }',
      '  - click: { resource-id: name }',
      '  - type: Milk',
      '  - click: { resource-id: save }',
      '  - finish: Added Milk.',
      '',
    ].join('\n'),
  };
}
