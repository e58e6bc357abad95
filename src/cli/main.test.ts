import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMMANDS, main, usage } from './main';

function capture() {
  const io = { outText: '', errText: '', out: (t: string) => { io.outText += t; }, err: (t: string) => { io.errText += t; } };
  return io;
}

test('help lists every command in the table with its summary', async () => {
  const io = capture();
  assert.equal(await main(['help'], io), 0);
  for (const [name, entry] of Object.entries(COMMANDS)) {
    assert.match(io.outText, new RegExp(`\\n  ${name} +${entry.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
  }
  assert.equal(io.outText, usage());
});

test('an unknown command exits 2 and names the command', async () => {
  const io = capture();
  assert.equal(await main(['frobnicate'], io), 2);
  assert.match(io.errText, /unknown command 'frobnicate'/);
  assert.equal(await main(['help', 'frobnicate'], io), 2);
});

test('names inherited from Object.prototype are not commands', async () => {
  const io = capture();
  assert.equal(await main(['constructor'], io), 2);
});

test('every command module loads and exports run()', async () => {
  for (const [name, entry] of Object.entries(COMMANDS)) {
    const mod = await entry.load();
    assert.equal(typeof mod.run, 'function', `${name} has no run()`);
  }
});
