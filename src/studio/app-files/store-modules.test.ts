// The products and product modules from an app file: Shop's own declared app, written out as
// YAML, loads with no diagnostic (every one of its screens is a module now); bad parameters are
// diagnostics at their lines — an unknown key, bad CEL in a product's price or a count's n.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { SHOP_SPEC } from '../../mockphone/apps/shop/shop.app';
import { shopInfo } from '../../mockphone/apps/shop/info';
import { loadSql } from '../../mockphone/runtime/database';
import type { Diagnostic } from '../../task/diagnostic';
import { parseAppFile } from './parse-app-file';

const sqlP = loadSql();

function shopYaml(): string {
  const { file: _file, ...spec } = SHOP_SPEC;
  const screens = Object.fromEntries(Object.entries(spec.screens).map(([k, { at: _at, ...s }]) => [k, s]));
  return stringify({ ...spec, package: 'com.example.store', database: { schema: shopInfo.database!.schema }, screens }, { lineWidth: 0 });
}

async function problems(text: string): Promise<Diagnostic[]> {
  return parseAppFile(text, 'store.app.yaml', await sqlP).diagnostics.filter((d) => d.severity === 'error');
}
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const has = (ds: Diagnostic[], line: number, re: RegExp) => assert.ok(ds.some((d) => d.line === line && re.test(d.message)), JSON.stringify(ds, null, 1));

test('Shop as an app file (products, product and the shop modules) loads with no diagnostic', async () => {
  const parsed = parseAppFile(shopYaml(), 'store.app.yaml', await sqlP);
  assert.deepEqual(parsed.diagnostics, []);
  assert.deepEqual([parsed.spec?.screens.home.module, parsed.spec?.screens.results.module, parsed.spec?.screens.product.module], ['products', 'products', 'product']);
});

test('an unknown products parameter is a diagnostic at its line', async () => {
  const text = shopYaml().replace('module: products\n', 'module: products\n    columns: 2\n');
  has(await problems(text), lineOf(text, 'columns: 2'), /unknown key 'columns' in screens.home/);
});

test("bad CEL in a product's price or a count's n is a diagnostic at its line", async () => {
  const text = shopYaml().replace('price: row.price\n    was:', 'price: row.price +\n    was:').replace('n: row.sales', 'n: row.sales )');
  assert.notEqual(text.indexOf('row.price +'), -1);
  const ds = await problems(text);
  has(ds, lineOf(text, 'price: row.price +'), /CEL/);
  has(ds, lineOf(text, 'n: row.sales )'), /CEL/);
});

test("a query's match: a column not in the table, no {match} in the SQL, bad CEL in its words are diagnostics", async () => {
  const yaml = shopYaml();
  assert.match(yaml, /- shop_name\n/);
  const column = yaml.replace(/- shop_name\n/, '- shop_nme\n');
  has(await problems(column), lineOf(column, 'sql: |'), /SQL: no such column: shop_nme/);
  const mark = yaml.replace('WHERE {match}', 'WHERE 1');
  has(await problems(mark), lineOf(mark, 'words: params.q'), /match: the SQL has no \{match\}/);
  const words = yaml.replace('words: params.q', 'words: params.q +');
  has(await problems(words), lineOf(words, 'words: params.q +'), /CEL/);
});
