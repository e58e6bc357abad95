// Extension entry: wiring only. Switches on every feature listed in features.ts and times it.
// Heavy modules (canvas, sqlite, adbkit, onnxruntime) are loaded lazily by the features that
// need them, never at activation.
import './activation'; // first, so its load timestamp is taken before the features' modules evaluate
import * as vscode from 'vscode';
import { activationStats, recordActivation, type ActivationStats } from './activation';
import { FEATURES, type Shared } from './features';

/** What `vscode.extensions.getExtension('phonebuddy.phonebuddy-studio').exports` holds. */
export interface StudioApi {
  version: string;
  activation: () => ActivationStats | undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<StudioApi> {
  const started = performance.now();
  const timings: ActivationStats['features'] = [];
  const shared: Shared = {};
  for (const feature of FEATURES) {
    const t = performance.now();
    try {
      await feature.activate(context, shared);
      timings.push({ name: feature.name, ms: performance.now() - t });
    } catch (err) {
      // One broken feature must not take the others down with it.
      const message = err instanceof Error ? err.message : String(err);
      timings.push({ name: feature.name, ms: performance.now() - t, error: message });
      console.error(`[phonebuddy] feature '${feature.name}' failed to activate:`, err);
      void vscode.window.showErrorMessage(`PhoneBuddy Studio: the ${feature.name} feature failed to start: ${message}`);
    }
  }
  recordActivation(started, timings);
  return { version: (context.extension.packageJSON as { version: string }).version, activation: activationStats };
}

export function deactivate(): void {}
