// Long text typed over ADB (Debian's adb server + our shell client against the served mock
// phone): about 60 KiB used to end the episode as "device disconnected" — the adb server
// closes a shell request over 64 KiB. Text is now typed in commands of at most
// MAX_TYPE_COMMAND_BYTES, on each of the three paths (input text, ADBKeyboard, clipboard),
// and arrives whole and in order; more than MAX_TYPE_TEXT_BYTES is refused by name.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { nodeCenter, nodeText, startAdbServer } from '../../mockphone/adb/testing/adb-harness';
import { isDeviceError } from '../errors';
import type { AdbDevice } from './adb-device';
import { servedDeviceForSuite, withServedDevice } from './testing';
import { MAX_TYPE_COMMAND_BYTES, MAX_TYPE_TEXT_BYTES } from './text-input';

const NOTES = 'com.phonebuddy.notes';
const BODY = `${NOTES}:id/body`;
/** ~62 KiB of prose with every kind of shell metacharacter, literal "%s" and new lines. */
const ASCII = `${`The quick brown fox (it's "quick") jumps over $HOME & \`lazy\` dogs; 50% of them sleep | grep -v *. `.repeat(20)}100%sure\n`.repeat(32);
const UNICODE = '你好，世界 — naïve café ✓ 😀 ok\n'.repeat(1600);

async function newNoteBody(device: AdbDevice): Promise<void> {
  await device.closeApp(NOTES);
  await device.openApp(NOTES);
  await device.tap(nodeCenter(await device.uiTree(), `${NOTES}:id/new_note`));
  await device.tap(nodeCenter(await device.uiTree(), BODY));
}

before(() => startAdbServer());

describe('long text over ADB', () => {
  const fx = servedDeviceForSuite();

  test(`${Math.round(Buffer.byteLength(ASCII) / 1024)} KiB of ASCII: input text in pieces, whole and in order`, async () => {
    assert.ok(Buffer.byteLength(ASCII) > 60 * 1024);
    await newNoteBody(fx.device);
    fx.ran.length = 0;
    assert.deepEqual(await fx.device.typeText(ASCII), { method: 'input-text', delivered: true });
    assert.equal(nodeText(await fx.served.phone.uiTree(), BODY), ASCII);
    const texts = fx.ran.filter((a) => a[0] === 'input' && a[1] === 'text');
    assert.ok(texts.length >= Buffer.byteLength(ASCII) / MAX_TYPE_COMMAND_BYTES, `${texts.length} input text commands`);
    assert.deepEqual([...new Set(fx.ran.map((a) => a[0]))], ['input'], 'nothing but input ran');
    assert.equal((await fx.device.shell('echo still here')).stdout, 'still here\n', 'the phone stays online');
  });

  test(`${Math.round(Buffer.byteLength(UNICODE) / 1024)} KiB of Unicode: ADBKeyboard broadcasts in pieces, emoji kept whole`, async () => {
    assert.ok(Buffer.byteLength(UNICODE) > 60 * 1024);
    await newNoteBody(fx.device);
    fx.ran.length = 0;
    assert.deepEqual(await fx.device.typeText(UNICODE), { method: 'adb-keyboard', delivered: true });
    assert.equal(nodeText(await fx.served.phone.uiTree(), BODY), UNICODE);
    assert.ok(fx.ran.filter((a) => a[0] === 'am').length > 30, 'one broadcast per ≤ 2 KiB piece');
  });

  test(`more than ${MAX_TYPE_TEXT_BYTES} bytes is refused with the limit named; the device stays usable`, async () => {
    fx.ran.length = 0;
    await assert.rejects(fx.device.typeText('x'.repeat(MAX_TYPE_TEXT_BYTES + 1)), (e) =>
      isDeviceError(e, 'invalid-argument') && /text is 1048577 bytes; typing over ADB is limited to 1048576 bytes \(1 MiB\)/.test(e.message));
    assert.deepEqual(fx.ran, [], 'nothing was sent');
    assert.equal((await fx.device.shell('echo ok')).stdout, 'ok\n');
  });
});

describe('long text over ADB without ADBKeyboard', () => {
  test('60 KiB of Unicode through the clipboard, one piece at a time', async () => {
    await withServedDevice({ ime: 'none' }, async ({ served, device }) => {
      await newNoteBody(device);
      const text = UNICODE;
      assert.deepEqual(await device.typeText(text), { method: 'clipboard-paste', delivered: true });
      assert.equal(nodeText(await served.phone.uiTree(), BODY), text);
    });
  });
});
