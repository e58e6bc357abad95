// The architecture's one hard rule: only src/extension/ may import the `vscode` module, so
// every other layer runs in plain Node (tests, CLI, workers). This test fails the suite
// when any other file does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const VSCODE_IMPORT = /(?:from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\))/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(e.name) ? [full] : [];
  });
}

export function filesImportingVscodeOutsideExtension(base: string): string[] {
  const extensionDir = path.join(base, 'src', 'extension') + path.sep;
  return [...sourceFiles(path.join(base, 'src')), ...sourceFiles(path.join(base, 'webview'))]
    .filter((f) => !f.startsWith(extensionDir))
    .filter((f) => VSCODE_IMPORT.test(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(base, f));
}

test('only src/extension/ imports vscode', () => {
  assert.deepEqual(filesImportingVscodeOutsideExtension(root), []);
});

test('the layering check catches a vscode import outside src/extension/', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'layering-'));
  fs.mkdirSync(path.join(tmp, 'src', 'agent'), { recursive: true });
  fs.mkdirSync(path.join(tmp, 'src', 'extension'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'src', 'agent', 'bad.ts'), "import * as vscode from 'vscode';\n");
  fs.writeFileSync(path.join(tmp, 'src', 'extension', 'ok.ts'), "import * as vscode from 'vscode';\n");
  assert.deepEqual(filesImportingVscodeOutsideExtension(tmp), [path.join('src', 'agent', 'bad.ts')]);
  fs.rmSync(tmp, { recursive: true, force: true });
});
