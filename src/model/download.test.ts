// The downloader against a Hugging Face–style hub on loopback that serves the fixture model:
// file tree with LFS sha256 / git sha1 checksums, Range requests, a connection that drops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { downloadModel, globToRegExp, DownloadError, type DownloadProgress } from './download';
import { inspectModelFolder } from './folder';
import { tempFixture } from './testing/fixture';

interface Hub { endpoint: string; close: () => void; requests: string[]; dropOnce: Set<string>; corrupt: Set<string> }

function hub(repoDir: string): Promise<Hub> {
  const files = fs.readdirSync(repoDir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(repoDir, f)).isFile());
  const state: Hub = { endpoint: '', close: () => undefined, requests: [], dropOnce: new Set(), corrupt: new Set() };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    state.requests.push(`${req.method} ${url.pathname}${req.headers.range ? ` ${req.headers.range}` : ''}`);
    if (url.pathname === '/api/models/tencent/PhoneBuddy-tiny-ONNX/tree/main') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(files.map((f) => {
        const data = fs.readFileSync(path.join(repoDir, f));
        return f.endsWith('.onnx')
          ? { type: 'file', path: f, size: data.length, oid: 'x', lfs: { oid: crypto.createHash('sha256').update(data).digest('hex'), size: data.length } }
          : { type: 'file', path: f, size: data.length, oid: crypto.createHash('sha1').update(`blob ${data.length}\0`).update(data).digest('hex') };
      })));
      return;
    }
    const m = /^\/tencent\/PhoneBuddy-tiny-ONNX\/resolve\/main\/(.+)$/.exec(url.pathname);
    if (!m || !files.includes(decodeURIComponent(m[1]))) { res.writeHead(404); res.end(); return; }
    const name = decodeURIComponent(m[1]);
    let data = fs.readFileSync(path.join(repoDir, name));
    if (state.corrupt.has(name)) { data = Buffer.from(data); data[data.length - 1] ^= 0xff; }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    res.writeHead(range ? 206 : 200, { 'content-length': data.length - start, ...(range ? { 'content-range': `bytes ${start}-${data.length - 1}/${data.length}` } : {}) });
    if (state.dropOnce.delete(name)) {
      // Half the bytes, then the connection goes away.
      res.write(data.subarray(start, start + Math.floor((data.length - start) / 2)), () => res.destroy());
      return;
    }
    res.end(data.subarray(start));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    state.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    state.close = () => { server.closeAllConnections(); server.close(); };
    resolve(state);
  }));
}

test('globs: * within a folder, ** across', () => {
  assert.ok(globToRegExp('onnx/*_q4.onnx').test('onnx/decoder_model_merged_q4.onnx'));
  assert.ok(!globToRegExp('*.json').test('onnx/x.json'));
  assert.ok(globToRegExp('**/*.json').test('onnx/x.json'));
});

test('download: filter by dtype, progress, resume after a dropped connection, checksums verified, re-run skips', async () => {
  const fx = tempFixture({ dtypes: ['fp32', 'q4'] });
  const server = await hub(fx.dir);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-dl-'));
  try {
    server.dropOnce.add('onnx/decoder_model_merged_q4.onnx');
    const progress: DownloadProgress[] = [];
    const r = await downloadModel({ endpoint: server.endpoint, repo: 'tencent/PhoneBuddy-tiny-ONNX', out, dtype: 'q4', onProgress: (p) => progress.push(p) });
    const names = r.files.map((f) => f.path).sort();
    assert.ok(names.includes('onnx/decoder_model_merged_q4.onnx') && !names.includes('onnx/decoder_model_merged.onnx'), names.join());
    assert.ok(server.requests.some((q) => /decoder_model_merged_q4\.onnx bytes=\d+-/.test(q)), `resumed with a Range request: ${server.requests.join('\n')}`);
    assert.equal(progress.filter((p) => p.state === 'verified').length, r.files.length);
    assert.equal(progress.at(-1)?.totalReceived, progress.at(-1)?.totalSize);
    assert.equal(inspectModelFolder(out).dtype, 'q4', 'the download is a loadable folder');
    for (const f of names) assert.ok(fs.readFileSync(path.join(out, f)).equals(fs.readFileSync(path.join(fx.dir, f))), f);
    assert.deepEqual(fs.readdirSync(path.join(out, 'onnx')).filter((f) => f.endsWith('.part')), []);

    // A second run finds everything verified and downloads nothing.
    const again = await downloadModel({ endpoint: server.endpoint, repo: 'tencent/PhoneBuddy-tiny-ONNX', out, dtype: 'q4' });
    assert.equal(again.downloadedBytes, 0);

    // A damaged transfer is caught and not left under the real name.
    fs.rmSync(path.join(out, 'tokenizer.json'));
    server.corrupt.add('tokenizer.json');
    await assert.rejects(downloadModel({ endpoint: server.endpoint, repo: 'tencent/PhoneBuddy-tiny-ONNX', out, dtype: 'q4' }), (e: unknown) => e instanceof DownloadError && /tokenizer\.json: checksum mismatch/.test(e.message));
    assert.ok(!fs.existsSync(path.join(out, 'tokenizer.json')) && !fs.existsSync(path.join(out, 'tokenizer.json.part')));

    await assert.rejects(downloadModel({ endpoint: server.endpoint, repo: 'tencent/nope', out }), /tencent\/nope at revision main was not found/);
    await assert.rejects(downloadModel({ endpoint: server.endpoint, repo: 'tencent/PhoneBuddy-tiny-ONNX', out, include: ['*.safetensors'] }), /no file of .* matches \*\.safetensors/);
  } finally {
    server.close();
    fx.cleanup();
    fs.rmSync(out, { recursive: true, force: true });
  }
});
