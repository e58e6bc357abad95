import assert from 'node:assert/strict';
import { test } from 'node:test';
import { A_CNXN, A_WRTE, checksum, commandName, encodePacket, HEADER_SIZE, PacketDecoder, PacketError } from './packet';

test('encodes the 24-byte little-endian header with byte-sum checksum and magic', () => {
  const payload = Buffer.from('host::\0');
  const b = encodePacket({ command: A_CNXN, arg0: 0x01000001, arg1: 256 * 1024, payload });
  assert.equal(b.length, HEADER_SIZE + payload.length);
  assert.equal(b.toString('latin1', 0, 4), 'CNXN');
  assert.equal(b.readUInt32LE(4), 0x01000001);
  assert.equal(b.readUInt32LE(8), 262144);
  assert.equal(b.readUInt32LE(12), payload.length);
  assert.equal(b.readUInt32LE(16), [...payload].reduce((a, c) => a + c, 0));
  assert.equal(b.readUInt32LE(20), (A_CNXN ^ 0xffffffff) >>> 0);
});

test('checksum is a plain unsigned byte sum', () => {
  assert.equal(checksum(Buffer.from([255, 255, 1])), 511);
  assert.equal(checksum(Buffer.alloc(0)), 0);
});

test('decoder reassembles packets split at every byte boundary', () => {
  const a = encodePacket({ command: A_WRTE, arg0: 1, arg1: 2, payload: Buffer.from('hello') });
  const c = encodePacket({ command: A_CNXN, arg0: 3, arg1: 4, payload: Buffer.alloc(0) });
  const all = Buffer.concat([a, c]);
  for (let cut = 1; cut < all.length; cut++) {
    const d = new PacketDecoder();
    const got = [...d.push(all.subarray(0, cut)), ...d.push(all.subarray(cut))];
    assert.equal(got.length, 2, `cut at ${cut}`);
    assert.equal(commandName(got[0].command), 'WRTE');
    assert.equal(got[0].payload.toString(), 'hello');
    assert.equal(got[1].arg1, 4);
  }
});

test('decoder rejects a bad magic and an oversized payload', () => {
  const bad = encodePacket({ command: A_WRTE, arg0: 1, arg1: 2, payload: Buffer.from('x') });
  bad.writeUInt32LE(0, 20);
  assert.throws(() => new PacketDecoder().push(bad), PacketError);
  const big = encodePacket({ command: A_WRTE, arg0: 1, arg1: 2, payload: Buffer.alloc(10) });
  assert.throws(() => new PacketDecoder(5).push(big), /exceeds/);
});
