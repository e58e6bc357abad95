// The shop modules from YAML (apps-examples/bakery.app.yaml): cart (− qty +, remove, total),
// checkout with the address book and a new default address, submit writing the order and its
// lines, a payment that never pays, the order history — driven like an agent would. And their
// parameters checked at load: unknown keys, tables and columns the app does not have, bad CEL.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { loadSql } from '../../mockphone/runtime/database';
import { center, find, findAll, tapNode } from '../../mockphone/testing';
import { mockPhoneForTask } from '../phones';
import { parseAppFile } from './parse-app-file';
import { pantryWorkspace } from './testing/pantry-app';

const PKG = 'com.example.bakery';
const BAKERY = fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'apps-examples', 'bakery.app.yaml'), 'utf8');
const ws = pantryWorkspace({ 'apps/bakery.app.yaml': BAKERY });
after(() => ws.cleanup());

describe('shop modules (bakery.app.yaml)', () => {
  it('cart → checkout with a new default address → order written → payment never pays → orders', async () => {
    const p = await mockPhoneForTask({ seed: 1 }, { appsDir: ws.appsDir });
    await p.openApp(PKG);
    await tapNode(p, { id: 'bread' });
    await p.tap(center((await findAll(p, { id: 'bread' }))[1]));
    await tapNode(p, { id: 'open_cart' });
    assert.equal((await findAll(p, { id: 'cart_item' })).length, 2);
    await tapNode(p, { id: 'qty_plus' });
    await p.tap(center((await findAll(p, { id: 'remove' }))[1]));
    assert.deepEqual(await p.queryApp(PKG, 'SELECT bread_id, qty FROM basket'), [{ bread_id: 1, qty: 2 }]);
    assert.equal((await find(p, { id: 'cart_total' })).text, '¥13');
    await tapNode(p, { id: 'checkout_button' });
    assert.equal((await find(p, { id: 'address_name' })).text, 'Ada Baker  555-0101');
    await tapNode(p, { id: 'address_card' });
    await tapNode(p, { id: 'add_address' });
    await tapNode(p, { id: 'save' });
    assert.equal((await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM addresses'))[0].n, 1, 'empty fields are refused');
    await p.typeText('Bo Crumb');
    await tapNode(p, { id: 'phone' });
    await p.typeText('555-0199');
    await tapNode(p, { id: 'street' });
    await p.typeText('2 Yeast Rd');
    await p.pressKey('back');
    await tapNode(p, { id: 'default_switch' });
    await tapNode(p, { id: 'save' });
    assert.deepEqual(await p.queryApp(PKG, 'SELECT name, is_default FROM addresses ORDER BY id'), [{ name: 'Ada Baker', is_default: 0 }, { name: 'Bo Crumb', is_default: 1 }]);
    assert.equal((await findAll(p, { id: 'address' }))[0].desc, 'Bo Crumb', 'the default first');
    await tapNode(p, { id: 'address', desc: 'Bo Crumb' });
    assert.equal((await find(p, { id: 'address_detail' })).text, '2 Yeast Rd');
    await tapNode(p, { id: 'submit_order' });
    assert.equal((await find(p, { id: 'pay_amount' })).text, '¥13');
    assert.deepEqual(await p.queryApp(PKG, 'SELECT o.status, a.name, l.bread_id, l.qty, l.price FROM orders o JOIN addresses a ON a.id = o.address_id JOIN order_lines l ON l.order_id = o.id'),
      [{ status: 'pending_payment', name: 'Bo Crumb', bread_id: 1, qty: 2, price: 6.5 }]);
    assert.equal((await p.queryApp(PKG, 'SELECT COUNT(*) AS n FROM basket'))[0].n, 0, 'bought lines leave the basket');
    await tapNode(p, { id: 'confirm_payment' });
    await tapNode(p, { id: 'pay_ok' });
    assert.deepEqual(await p.queryApp(PKG, 'SELECT status FROM orders'), [{ status: 'payment_attempted' }]);
    await tapNode(p, { id: 'navigate_up' });
    assert.equal((await find(p, { id: 'order_status' })).text, 'Payment not completed');
    await tapNode(p, { id: 'order' });
    assert.deepEqual(await findAll(p, { id: 'pay_amount' }), [], 'an attempted order does not reopen payment');
  });

  it('refuses bad parameters at their line: unknown key, a table or column the app lacks, bad CEL', async () => {
    const sql = await loadSql();
    const errors = (text: string) => parseAppFile(text, 'bakery.app.yaml', sql).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);
    const lineOf = (needle: string) => BAKERY.split('\n').findIndex((l) => l.includes(needle)) + 1;
    assert.deepEqual(errors(BAKERY), []);
    assert.deepEqual(errors(BAKERY.replace('    table: basket\n', '    table: baskets\n')), [`${lineOf('    table: basket')}: table 'baskets' is not in the app's database schema (it has addresses, basket, breads, order_lines, orders) (did you mean 'basket'?)`]);
    assert.deepEqual(errors(BAKERY.replace('bread_id: row.bread_id, qty: row.qty, price', 'bread: row.bread_id, qty: row.qty, price')),
      [`${lineOf('line: { table: order_lines')}: column 'bread' is not in table 'order_lines' (it has id, order_id, bread_id, qty, price)`]);
    assert.deepEqual(errors(BAKERY.replace("defaultToggle: { column: is_default,", "defaultToggle: { column: is_main,")), [`${lineOf('defaultToggle:')}: column 'is_main' is not in table 'addresses' (it has id, name, phone, street, is_default)`]);
    const [cel] = errors(BAKERY.replace('amount: row.total', 'amount: row.total +'));
    assert.match(cel, new RegExp(`^${lineOf('amount: row.total')}: CEL: `));
    const [unknown] = errors(BAKERY.replace('    table: basket\n', '    table: basket\n    coupon: true\n'));
    assert.match(unknown, /unknown key 'coupon' in screens\.cart/);
  });
});
