// A whole app written only in YAML — a pantry: a searchable list, an item's detail, a form
// with validation, settings toggles; seeded rows per locale and generated ones — and a task
// on it. The tests write them into a temporary workspace (apps/ and tasks/).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PANTRY_PACKAGE = 'com.example.pantry';

export const PANTRY_APP = `package: ${PANTRY_PACKAGE}
label: { en-US: Pantry, zh-CN: 食品柜 }
icon: shopping
accent: '#2E7D32'
database:
  file: pantry.db
  schema: |
    CREATE TABLE items (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, qty INTEGER NOT NULL DEFAULT 1, price REAL, added_at INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE prefs (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
  seed:
    rows:
      en-US:
        items:
          - { name: Rice, qty: 2, price: 3.5 }
          - { name: Olive oil, qty: 1, price: 8.25 }
      zh-CN:
        items:
          - { name: 大米, qty: 2, price: 3.5 }
    generate:
      - table: items
        count: [2, 4]
        values:
          name: { pick: { en-US: [Beans, Pasta, Flour, Tea], zh-CN: [豆子, 面条, 面粉, 茶叶] } }
          qty: { int: [1, 6] }
          price: { price: [0.5, 12] }
          added_at: { minutesAgo: [10, 5000] }
strings:
  en-US: { title: Pantry, search: Search the pantry, add: Add item, name: Name, qty: Quantity, saved: Item saved, empty: Nothing here, needName: Give the item a name, needQty: A whole number, prefs: Settings, lowStock: Warn when low, delete: Delete, deleted: Item deleted }
  zh-CN: { title: 食品柜, search: 搜索, add: 添加, name: 名称, qty: 数量, saved: 已保存, empty: 空空如也, needName: 请输入名称, needQty: 请输入整数, prefs: 设置, lowStock: 库存不足时提醒, delete: 删除, deleted: 已删除 }
home: items
screens:
  items:
    module: list
    title: '@title'
    search: { hint: '@search' }
    query:
      sql: SELECT id, name, qty FROM items WHERE (? = '' OR name LIKE '%' || ? || '%') ORDER BY name
      args: [search, search]
    item:
      style: row
      id: item
      title: row.name
      body: "'× ' + string(row.qty)"
      tap: [{ navigate: detail, params: { id: row.id } }]
      menu:
        - { label: '@delete', id: delete, do: [{ delete: { table: items, where: { id: row.id } } }, { toast: '@deleted' }] }
        - { label: Share, id: share_item, do: [{ share: "='I have ' + string(row.qty) + ' × ' + row.name" }] }
    empty: { text: '@empty' }
    fab: { icon: add, desc: '@add', id: add_item, do: [{ navigate: edit, focus: name }] }
  detail:
    module: detail
    title: '=row.name'
    query: { sql: 'SELECT name, qty, price FROM items WHERE id = ?', args: [params.id] }
    fields:
      - { label: '@name', value: row.name, id: name }
      - { label: '@qty', value: string(row.qty), id: qty }
    actions:
      - { label: '@prefs', id: open_prefs, do: [{ navigate: prefs }] }
      - { label: Share, id: share, do: [{ share: '=row.name' }] }
  edit:
    module: form
    title: '@add'
    table: items
    fields:
      - { key: name, label: '@name', id: name, required: true, message: '@needName' }
      - { key: qty, label: '@qty', id: qty, pattern: '^[0-9]+$', message: '@needQty' }
    saveOnBack: false
    stamps: { insert: { added_at: now } }
    save: { id: save, desc: Save, toast: '@saved' }
    after: [{ back: true }]
  prefs:
    module: settings
    title: '@prefs'
    back: true
    table: prefs
    toggles:
      - { key: low_stock, title: '@lowStock', id: low_stock }
`;

/** A task on the pantry: add 3 jars of honey. */
export const PANTRY_TASK = `id: pantry.add_honey
title: Add honey to the pantry
category: single-app
device: mock
apps: [${PANTRY_PACKAGE}]
locale: en-US
goal: Add 3 jars of Honey to the Pantry app.
max_steps: 12
verify:
  sql:
    app: ${PANTRY_PACKAGE}
    query: SELECT qty FROM items WHERE name = 'Honey'
    expect: count == 1 && rows[0].qty == 3
solution:
  - open_app: ${PANTRY_PACKAGE}
  - click: { resource-id: add_item }
  - type: Honey
  - click: { resource-id: qty }
  - type: "3"
  - click: { resource-id: save }
  - finish: Added the honey.
`;

/** A temporary workspace with apps/pantry.app.yaml (and tasks/pantry.yaml); extra files by relative path. */
export function pantryWorkspace(extra: Record<string, string> = {}): { root: string; appsDir: string; taskFile: string; cleanup(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-apps-'));
  const files = { 'apps/pantry.app.yaml': PANTRY_APP, 'tasks/pantry.yaml': PANTRY_TASK, ...extra };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return { root, appsDir: path.join(root, 'apps'), taskFile: path.join(root, 'tasks', 'pantry.yaml'), cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}
