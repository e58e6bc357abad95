// One sync thread of a recording (thread-fs.ts): writes bytes to a descriptor the host opened
// and syncs it, with blocking calls; the host closes it. A step's files, folder and line each
// go to a different thread at once, so the kernel commits them in one journal transaction
// (measured: four fsyncs one after another cost about four times one), and none of them holds
// one of libuv's four pool threads, which sharp's encode of the next screenshot needs.
// Plain JavaScript on purpose: the same file runs from the sources and the bundle, with no
// TypeScript loader to start in each thread (that took ~1 s per thread under tsx, in every
// test process that records). So the request is checked by hand here, field by field, against
// the schema in messages.ts; the host checks every response with the kit.
// The bytes arrive in a transferred buffer and go back the same way: cloning a 150 KB
// screenshot into each message (and freeing it here) cost more CPU than the write itself.
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';

function checkRequest(m) {
  if (m === null || typeof m !== 'object') throw new Error('syncRequest: expected an object');
  const extra = Object.keys(m).filter((k) => !['id', 'fd', 'data', 'sync'].includes(k));
  if (extra.length) throw new Error(`syncRequest.${extra[0]}: unexpected field`);
  if (!Number.isInteger(m.id) || m.id < 1) throw new Error('syncRequest.id: expected an integer >= 1');
  if (!Number.isInteger(m.fd) || m.fd < 0) throw new Error('syncRequest.fd: expected a descriptor');
  if (m.data !== undefined && !(m.data instanceof Uint8Array)) throw new Error('syncRequest.data: expected bytes');
  if (m.sync !== 'data' && m.sync !== 'full') throw new Error('syncRequest.sync: expected "data" or "full"');
  return m;
}

parentPort?.on('message', (raw) => {
  // The answer names the request when it names itself; ids start at 1, so 0 means "none".
  const id = raw && Number.isInteger(raw.id) && raw.id >= 1 ? raw.id : 0;
  try {
    const m = checkRequest(raw);
    const data = m.data;
    if (data) for (let off = 0; off < data.byteLength;) off += fs.writeSync(m.fd, data, off, data.byteLength - off);
    if (m.sync === 'data') fs.fdatasyncSync(m.fd);
    else fs.fsyncSync(m.fd);
    // The buffer goes back to the host, which fills it again for a later request.
    if (data) parentPort.postMessage({ id, buffer: data }, [data.buffer]);
    else parentPort.postMessage({ id });
  } catch (e) {
    const code = e && typeof e.code === 'string' ? { code: e.code } : {};
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e), ...code });
  }
});
