import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { A_CLSE, A_WRTE } from './packet';
import { serveMockPhoneOverAdb, type AdbPhoneServer } from './server';
import { ShellPacketReader } from './services/shell-v2-packets';
import { FakePhone } from './testing/fake-phone';
import { RawHost } from './testing/raw-host';

let server: AdbPhoneServer;
let phone: FakePhone;
before(async () => {
  phone = new FakePhone();
  server = await serveMockPhoneOverAdb(phone, { port: 0 });
});
after(() => server.close());

test('answers CNXN without AUTH: version min(host, 0x01000001), 256 KiB maxdata, banner', async () => {
  const host = await RawHost.connect(server.port);
  const c = await host.handshake();
  assert.equal(c.arg0, 0x01000001);
  assert.equal(c.arg1, 256 * 1024);
  assert.equal(c.payload.toString(), 'device::ro.product.name=phonebuddy_mock;ro.product.model=PhoneBuddy Mock;ro.product.device=mock;features=shell_v2,cmd');
  host.close();
});

test('shell v2 frames stdout, stderr and the exit code', async () => {
  const host = await RawHost.connect(server.port);
  await host.handshake();
  const { hostId, deviceId } = await host.open('shell,v2,TERM=xterm,raw:echo out; nope');
  assert.ok(deviceId > 0);
  host.send(A_WRTE, hostId, deviceId, Buffer.from([4, 0, 0, 0, 0])); // close-stdin, must be OKAYed
  await host.waitFor((p) => p.command === A_CLSE && p.arg1 === hostId);
  const frames = new ShellPacketReader().push(host.received(hostId).data);
  assert.deepEqual(frames.map((f) => [f.id, f.data.toString()]), [[1, 'out\n'], [2, '/system/bin/sh: nope: not found\n'], [3, '\x7f']]);
  assert.ok(host.packets.some((p) => p.command === 0x59414b4f && p.arg1 === hostId && p.arg0 === deviceId), 'OKAY for the host WRTE');
  host.close();
});

test('flow control: splits at the host maxdata and waits for OKAY before the next WRTE', async () => {
  const host = await RawHost.connect(server.port);
  await host.handshake(4096);
  host.autoAck = false;
  phone.db.set('com.example.notes', Buffer.alloc(10_000, 7));
  const { hostId, deviceId } = await host.open('exec:cat /data/data/com.example.notes/databases/notes.db /data/data/com.example.notes/databases/notes.db');
  let writes = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 30));
    const wrtes = host.packets.filter((p) => p.command === A_WRTE && p.arg1 === hostId).length;
    assert.ok(wrtes <= writes + 1, 'at most one unacknowledged WRTE');
    if (host.received(hostId).closed) break;
    if (wrtes > writes) { writes = wrtes; host.ack(deviceId, hostId); }
  }
  assert.deepEqual(host.violations, []);
  const chunks = host.packets.filter((p) => p.command === A_WRTE && p.arg1 === hostId).map((p) => p.payload.length);
  assert.ok(Math.max(...chunks) <= 4096);
  assert.equal(host.received(hostId).data.length, 20_000);
  phone.db.set('com.example.notes', Buffer.from('SQLite format 3\0fake-notes-db'));
  host.close();
});

test('unknown services are refused with CLSE; a double CLSE is harmless', async () => {
  const host = await RawHost.connect(server.port);
  await host.handshake();
  assert.equal((await host.open('reverse:forward:tcp:1;tcp:2')).deviceId, 0);
  const { hostId, deviceId } = await host.open('shell:echo x');
  host.send(A_CLSE, hostId, deviceId);
  host.send(A_CLSE, hostId, deviceId);
  const again = await host.open('shell:echo still-alive');
  await host.waitFor((p) => p.command === A_CLSE && p.arg1 === again.hostId);
  assert.equal(host.received(again.hostId).data.toString(), 'still-alive\n');
  host.close();
});

test('sync: STAT, LIST, RECV and SEND', async () => {
  const host = await RawHost.connect(server.port);
  await host.handshake();
  const { hostId, deviceId } = await host.open('sync:');
  const req = (id: string, body: Buffer | string): Buffer => {
    const b = Buffer.from(body);
    const h = Buffer.alloc(8);
    h.write(id, 0, 'latin1');
    h.writeUInt32LE(b.length, 4);
    return Buffer.concat([h, b]);
  };
  const db = '/data/data/com.example.notes/databases/notes.db';
  host.send(A_WRTE, hostId, deviceId, req('STAT', db));
  await host.waitFor((p) => p.command === A_WRTE && p.arg1 === hostId);
  const st = host.received(hostId).data;
  assert.equal(st.toString('latin1', 0, 4), 'STAT');
  assert.equal(st.readUInt32LE(4) & 0o170000, 0o100000);
  assert.equal(st.readUInt32LE(8), phone.db.get('com.example.notes')?.length);

  const before = host.received(hostId).data.length;
  host.send(A_WRTE, hostId, deviceId, Buffer.concat([req('SEND', '/sdcard/x.bin,33188'), req('DATA', 'abc'), req('DATA', 'def'), Buffer.from('DONE\0\0\0\0')]));
  await host.waitFor(() => host.received(hostId).data.length >= before + 8);
  assert.equal(host.received(hostId).data.subarray(before).toString('latin1', 0, 4), 'OKAY');
  assert.equal(server.files.read('/sdcard/x.bin').toString(), 'abcdef');

  const mark = host.received(hostId).data.length;
  host.send(A_WRTE, hostId, deviceId, req('RECV', '/sdcard/x.bin'));
  await host.waitFor(() => host.received(hostId).data.length >= mark + 19);
  const r = host.received(hostId).data.subarray(mark);
  assert.equal(r.toString('latin1', 0, 4), 'DATA');
  assert.equal(r.subarray(8, 8 + r.readUInt32LE(4)).toString(), 'abcdef');
  assert.equal(r.toString('latin1', 14, 18), 'DONE');

  const mark2 = host.received(hostId).data.length;
  host.send(A_WRTE, hostId, deviceId, req('RECV', '/sdcard/missing'));
  await host.waitFor(() => host.received(hostId).data.length > mark2 + 8);
  assert.match(host.received(hostId).data.subarray(mark2).toString(), /^FAIL.*No such file/s);
  host.close();
});

test('shell: with no command is a line shell with a prompt', async () => {
  const host = await RawHost.connect(server.port);
  await host.handshake();
  const { hostId, deviceId } = await host.open('shell:');
  host.send(A_WRTE, hostId, deviceId, 'echo hi\n');
  await host.waitFor(() => /hi\r\n.*\$ $/s.test(host.received(hostId).data.toString()));
  host.send(A_WRTE, hostId, deviceId, 'exit\n');
  await host.waitFor((p) => p.command === A_CLSE && p.arg1 === hostId);
  assert.equal(host.received(hostId).data.toString(), 'mock:/ $ echo hi\r\nhi\r\nmock:/ $ exit\r\n');
  host.close();
});
