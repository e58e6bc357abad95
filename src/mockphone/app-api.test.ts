// The typed entry point as an app author sees it: schemas/app-api.d.ts is built from
// app-api.ts now (not stale), the example TypeScript app type-checks against it alone (strict,
// the declaration file itself checked too), an app with a wrong manifest does not, and the
// declarations ship in the extension.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { APP_KIT } from './app-api';
import { scaffoldTsApp } from '../studio/app-files/language/scaffold-ts';

const root = path.resolve(__dirname, '..', '..');
const TYPES = path.join(root, 'schemas', 'app-api.d.ts');
const TALLY = path.join(root, 'apps-examples', 'tally.app.ts');

/** The errors of type-checking `files` (in memory, by name) against the shipped declarations. */
function typeErrors(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.Preserve, moduleResolution: ts.ModuleResolutionKind.Bundler, types: ['node'], typeRoots: [path.join(root, 'node_modules', '@types')] };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => files[f] ?? read(f);
  const exists = host.fileExists.bind(host);
  host.fileExists = (f) => f in files || exists(f);
  const program = ts.createProgram([...Object.keys(files), TYPES], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

test('schemas/app-api.d.ts is built from src/mockphone/app-api.ts as it is now', async () => {
  // @ts-expect-error: a plain .mjs script, without declarations
  const { appApiTypes } = (await import('../../scripts/app-api-types.mjs')) as { appApiTypes: () => string };
  assert.equal(fs.readFileSync(TYPES, 'utf8'), appApiTypes(), 'stale: run node scripts/app-api-types.mjs');
});

test('the example app type-checks against the declarations alone; a wrong manifest does not', () => {
  const tally = fs.readFileSync(TALLY, 'utf8');
  // New Mock App's TypeScript variant too (one program for both).
  const jar = scaffoldTsApp({ package: 'com.example.jar', label: "Jo's Jar" }, '').files['jar.app.ts'];
  assert.deepEqual(typeErrors({ '/ws/apps/tally.app.ts': tally, '/ws/apps/jar.app.ts': jar }), []);
  const errors = typeErrors({ '/ws/apps/a.app.ts': tally.replace("home: 'list',", ''), '/ws/apps/b.app.ts': tally.replace("glyph: 'add'", "glyph: 'no-such-icon'") });
  assert.ok(errors.some((e) => /^a\.app\.ts: .*Property 'home' is missing/s.test(e)), errors.join('\n'));
  assert.ok(errors.some((e) => /^b\.app\.ts: .*"no-such-icon"/s.test(e)), errors.join('\n'));
});

test('the kit is frozen: an app cannot change it for the others', () => {
  assert.ok(Object.isFrozen(APP_KIT));
  assert.equal(typeof APP_KIT.scaffold, 'function');
});

test('the declarations ship in the .vsix (.vscodeignore leaves other .ts files out)', async () => {
  const { listFiles, PackageManager } = await import('@vscode/vsce');
  const files = await listFiles({ cwd: root, packageManager: PackageManager.None });
  assert.ok(files.includes('schemas/app-api.d.ts'), 'schemas/app-api.d.ts is not packaged');
  assert.ok(!files.some((f) => f.startsWith('src/')), 'sources are not packaged');
});
