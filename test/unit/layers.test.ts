// The dependency rule (eslint.layers.mjs, run by `npm run lint`) catches imports that point up
// the layer table, and vscode outside src/extension — static imports, `import('…')` and
// `require('…')` alike — linted as if these files were in the tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return r.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

test('imports that point up the layers are lint errors', async () => {
  assert.match((await layerErrors('src/device/x.ts', "import { Episode } from '../agent/episode';\nexport { Episode };\n"))[0], /src\/device may import only protocol/);
  assert.match((await layerErrors('src/device/adb/x.ts', "import type { TaskInstance } from '../../task/runnable';\nexport type { TaskInstance };\n"))[0], /src\/device/);
  assert.equal((await layerErrors('src/protocol/x.ts', "import type { Device } from '../device/device';\nexport type { Device };\n")).length, 1);
  assert.equal((await layerErrors('src/task/x.ts', "import { APPS } from '../mockphone/apps/registry';\nexport { APPS };\n")).length, 1);
  assert.equal((await layerErrors('src/panel/x.ts', "import * as vscode from 'vscode';\nexport { vscode };\n")).length, 1);
  assert.equal((await layerErrors('src/debug/x.ts', "import { activate } from '../extension/extension';\nexport { activate };\n")).length, 1, 'src/debug is covered before it exists');
  assert.equal((await layerErrors('src/model/x.ts', "import { Episode } from '../agent/episode';\nexport { Episode };\n")).length, 1);
  assert.equal((await layerErrors('src/trajectory/deep/x.ts', "import type { Device } from '../../device/device';\nexport type { Device };\n")).length, 1);
  assert.equal((await layerErrors('webview/device-panel/x.ts', "import fs from 'node:fs';\nexport { fs };\n")).length, 1);
});

test('dynamic import() and require() that point up the layers are lint errors too', async () => {
  assert.match((await layerErrors('src/debug/x.ts', "export async function f() { return import('../studio/tasks'); }\n"))[0], /src\/debug may import only agent, task, device, protocol, trajectory/);
  assert.match((await layerErrors('src/debug/deep/x.ts', "export const p = () => import('../../studio/phones');\n"))[0], /src\/debug may import only/);
  assert.match((await layerErrors('src/device/x.ts', "export const m = require('../agent/episode');\n"))[0], /src\/device may import only protocol/);
  assert.equal((await layerErrors('src/task/x.ts', "export const m = () => require('../mockphone');\n")).length, 1, 'a bare layer folder, no file');
  assert.match((await layerErrors('src/panel/x.ts', "export const v = () => import('vscode');\n"))[0], /only src\/extension imports vscode/);
  assert.match((await layerErrors('src/studio/x.ts', "export const v = require('vscode');\n"))[0], /only src\/extension imports vscode/);
  assert.equal((await layerErrors('src/agent/x.test.ts', "export const e = () => import('../extension/extension');\n")).length, 1, 'tests: any layer but extension');
});

test('dynamic import() and require() down the layers, in tests, and of packages are allowed', async () => {
  assert.deepEqual(await layerErrors('src/debug/x.ts', "export const f = () => import('../agent/policies');\nexport const g = () => import('../task');\n"), []);
  assert.deepEqual(await layerErrors('src/model/x.ts', "export const ort = require('onnxruntime-node');\nexport const s = () => import('sharp');\n"), []);
  assert.deepEqual(await layerErrors('src/studio/x.ts', "export const d = () => import('../debug/session');\n"), []);
  assert.deepEqual(await layerErrors('src/agent/x.test.ts', "export const t = () => import('../studio/tasks');\nexport const p = () => require('../mockphone');\n"), []);
  assert.deepEqual(await layerErrors('src/extension/x.ts', "export const v = () => import('vscode');\nexport const s = () => import('../studio/tasks');\n"), []);
});

test('imports down the layers, inside a layer and in tests are allowed', async () => {
  assert.deepEqual(await layerErrors('src/device/x.ts', "import type { Action } from '../protocol/action';\nexport type { Action };\n"), []);
  assert.deepEqual(await layerErrors('src/task/check/x.ts', "import type { ParamDef } from '../model';\nexport type { ParamDef };\n"), [], 'task/model.ts is not the model layer');
  assert.deepEqual(await layerErrors('src/agent/x.ts', "import type { TaskInstance } from '../task/runnable';\nexport type { TaskInstance };\n"), []);
  assert.deepEqual(await layerErrors('src/extension/x.ts', "import * as vscode from 'vscode';\nexport { vscode };\n"), []);
  assert.deepEqual(await layerErrors('src/task/x.test.ts', "import { mockAppCatalog } from '../studio/app-catalog';\nexport { mockAppCatalog };\n"), []);
});

test('the mock phone may import the task language\'s CEL (src/task/cel.ts) and nothing else of it', async () => {
  assert.deepEqual(await layerErrors('src/mockphone/apps/modules/x.ts', "import { compileCel } from '../../../task/cel';\nexport { compileCel };\n"), []);
  assert.equal((await layerErrors('src/mockphone/apps/modules/x.ts', "import { loadTasks } from '../../../task/load-tasks';\nexport { loadTasks };\n")).length, 1);
  assert.equal((await layerErrors('src/mockphone/apps/modules/x.ts', "import { x } from '../../../task/cel-extra';\nexport { x };\n")).length, 1);
  assert.equal((await layerErrors('src/mockphone/x.ts', "export async function f() { return import('../task/parse-task-file'); }\n")).length, 1);
});
