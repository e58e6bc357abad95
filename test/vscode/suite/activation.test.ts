// The extension in the real extension host: it activates quickly without loading anything
// heavy, registers every command its manifest contributes, and its info command runs.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, publishMetric } from './support';

interface StudioApi {
  version: string;
  activation: () => { sinceLoadMs: number; activateMs: number; features: { name: string; ms: number; error?: string }[] } | undefined;
}

// Packages whose loading costs hundreds of ms or native binaries; activation must not load them.
const HEAVY = ['@napi-rs/canvas', 'sharp', 'onnxruntime-node', 'sql.js', '@devicefarmer/adbkit', '@huggingface/transformers'];

suite('extension activation', () => {
  let api: StudioApi;

  suiteSetup(async () => {
    const ext = vscode.extensions.getExtension<StudioApi>(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not installed in this host`);
    // The workspace holds *.task.yaml files, so VS Code usually activated the extension at
    // startup already; the call-to-resolved time only means something when it did not.
    const wasActive = ext.isActive;
    const t = performance.now();
    api = await ext.activate();
    const ms = performance.now() - t;
    if (!wasActive) publishMetric('activation.callToResolvedMs', ms);
    const stats = api.activation();
    if (stats) {
      publishMetric('activation.activateMs', stats.activateMs);
      publishMetric('activation.sinceBundleLoadMs', stats.sinceLoadMs);
    }
    console.log(`[phonebuddy] activation: ${wasActive ? 'already active' : `activate() call to resolved ${ms.toFixed(1)} ms`}; inside activate ${stats?.activateMs.toFixed(1)} ms`);
  });

  test('activates and reports its version and timing', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.equal(ext.isActive, true);
    assert.equal(api.version, (ext.packageJSON as { version: string }).version);
    const stats = api.activation();
    assert.ok(stats, 'activate() did not record its timing');
    const failed = stats.features.filter((f) => f.error);
    assert.deepEqual(failed, [], 'a feature failed to activate');
  });

  test('every command in the manifest is registered', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const contributed = ((ext.packageJSON as { contributes?: { commands?: { command: string }[] } }).contributes?.commands ?? []).map((c) => c.command);
    assert.ok(contributed.includes('phonebuddy.showInfo'));
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(contributed.filter((c) => !registered.has(c)), []);
  });

  test('phonebuddy.showInfo runs and returns the version', async () => {
    const version = await vscode.commands.executeCommand<string>('phonebuddy.showInfo');
    assert.equal(version, api.version);
    assert.match(version, /^\d+\.\d+\.\d+/);
  });

  test('activation loaded no heavy native or WASM package', () => {
    const loaded = Object.keys(require.cache).filter((f) => HEAVY.some((p) => f.includes(`/node_modules/${p}/`)));
    assert.deepEqual(loaded, []);
  });
});
