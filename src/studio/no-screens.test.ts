// Loading and checking task files must not load any app's screens (or the UI toolkit that draws
// them): tasks see apps through their manifests (package, names, schema, strings) only. Shown
// twice: statically with esbuild's metafile (everything the bundle could load, dynamic imports
// included) and at run time with require.cache in a fresh process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(__dirname, '..', '..');
const entry = path.join(__dirname, 'testing', 'load-examples.ts');

/** App UI code: each app's screens (and helpers beside them), the shared widgets and the UI toolkit. */
export function isScreenModule(file: string): boolean {
  const f = file.split(path.sep).join('/');
  // The glyph table (names and SVG path strings, no drawing code) is data: the app-file checks
  // read its names to flag an icon the phone cannot draw.
  if (f.endsWith('src/mockphone/ui/icons.ts')) return false;
  if (/src\/mockphone\/ui\//.test(f)) return true;
  const m = /src\/mockphone\/apps\/([^/]+)\/([^/]+)\.ts$/.exec(f);
  if (!m) return false;
  if (m[1] === 'catalog-shared') return true;
  // The module runtime draws screens; its spec types, mount expansion, a query's word match, the
  // mini-program table names (used to load and check app files) do not.
  if (m[1] === 'modules') return !['spec', 'mount', 'info', 'match', 'table-prefix', 'mini-program-spec'].includes(m[2]);
  // Data an app's strings may read (the shop's product catalogue: its category names) is not UI.
  return !['info', 'schema.sql', 'strings', 'catalog'].includes(m[2]);
}

test('isScreenModule tells app UI code from app manifests', () => {
  assert.ok(isScreenModule('src/mockphone/apps/notes/screens.ts'));
  assert.ok(isScreenModule('src/mockphone/apps/notes/manifest.ts'));
  assert.ok(isScreenModule('src/mockphone/apps/catalog-shared/widgets.ts'));
  assert.ok(isScreenModule('src/mockphone/ui/view.ts'));
  assert.ok(!isScreenModule('src/mockphone/ui/icons.ts'), 'the glyph table is data');
  for (const f of ['src/mockphone/apps/notes/info.ts', 'src/mockphone/apps/notes/schema.sql.ts', 'src/mockphone/apps/notes/strings.ts', 'src/mockphone/apps/app.ts', 'src/mockphone/apps/infos.ts']) assert.ok(!isScreenModule(f), f);
});

test('bundling task loading + checking pulls in no app screen module (esbuild metafile)', async () => {
  const r = await esbuild.build({
    entryPoints: [entry], bundle: true, write: false, metafile: true, platform: 'node', format: 'cjs', logLevel: 'silent',
    packages: 'external',
    // TypeScript apps' kit is the UI toolkit: it is imported (dynamically) only when a workspace
    // holds a TypeScript app, which is screen code by nature; the require.cache test below shows
    // it is not loaded otherwise.
    external: ['*/mockphone/app-api'],
  });
  const inputs = Object.keys(r.metafile.inputs).filter((f) => f.startsWith('src/'));
  assert.ok(inputs.some((f) => f.endsWith('src/task/load-tasks.ts')), 'the bundle holds the task loader');
  assert.ok(inputs.some((f) => f.endsWith('src/mockphone/apps/notes/info.ts')), 'and the apps\' manifests');
  assert.deepEqual(inputs.filter(isScreenModule), []);
});

test('loading + checking every example task file loads no app screen module (require.cache)', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', entry], { cwd: root, encoding: 'utf8' });
  const r = JSON.parse(out) as { files: number; instances: number; modules: string[] };
  assert.ok(r.files > 10 && r.instances > r.files, `loaded ${r.files} files, ${r.instances} instances`);
  assert.ok(r.modules.some((m) => m.endsWith('schema.sql.ts')), 'the apps\' schemas were loaded');
  assert.deepEqual(r.modules.filter(isScreenModule), []);
});
