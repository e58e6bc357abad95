// The VS Code host cache: keyed by both versions, moved by PHONEBUDDY_CACHE, and only
// reported as present when provisioning finished (marker written, key files in place).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE_SERVER_VERSION, NODE_VERSION, findHost, hostDir, hostLayout } from '../../scripts/lib/vscode-host.mjs';

function withCache<T>(fn: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-cache-'));
  const before = process.env.PHONEBUDDY_CACHE;
  process.env.PHONEBUDDY_CACHE = dir;
  try {
    return fn(dir);
  } finally {
    if (before === undefined) delete process.env.PHONEBUDDY_CACHE;
    else process.env.PHONEBUDDY_CACHE = before;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the host folder is keyed by the Node and code-server versions under PHONEBUDDY_CACHE', () => {
  withCache((dir) => {
    assert.equal(hostDir(), path.join(dir, 'vscode-host', `node-${NODE_VERSION}_code-server-${CODE_SERVER_VERSION}`));
  });
});

test('findHost reports a host only when provisioning completed', () => {
  withCache(() => {
    assert.equal(findHost(), null);
    const layout = hostLayout();
    for (const f of [layout.node, layout.serverMain, layout.codeServerEntry]) {
      fs.mkdirSync(path.dirname(f), { recursive: true });
      fs.writeFileSync(f, '');
    }
    fs.writeFileSync(layout.vscodePackage, JSON.stringify({ version: '1.139.1' }));
    assert.equal(findHost(), null, 'no ready marker yet: an interrupted provisioning');
    fs.writeFileSync(layout.marker, '{}');
    assert.equal(findHost()?.vscodeVersion, '1.139.1');
    fs.rmSync(layout.serverMain);
    assert.equal(findHost(), null, 'a key file went missing');
  });
});
