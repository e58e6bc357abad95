// The features the extension switches on at activation, in order. Each activator takes the
// extension context, registers its commands/views/providers and pushes their disposables.
// Adding a feature is one import plus one line in FEATURES. Activators must stay cheap:
// anything heavy (canvas, sharp, onnxruntime, sql.js, adbkit) is imported inside the command
// or view that needs it (`await import()`), never at module top level: test/unit/lazy-activation
// walks the static import graph and test/vscode checks require.cache after activation.
import type * as vscode from 'vscode';
import { activateDebugger } from './debug/activate';
import { activateDevicePanel } from './device-panel/activate';
import { activateInfo } from './info';
import { activateModel } from './model/activate';
import { activateReport } from './report/activate';
import { activateTaskLanguage } from './task-language/activate';
import { activateTrajectories } from './trajectories/activate';

export type FeatureActivator = (context: vscode.ExtensionContext) => void | Promise<void>;

export interface Feature {
  name: string;
  activate: FeatureActivator;
}

export const FEATURES: Feature[] = [
  { name: 'info', activate: activateInfo },
  { name: 'device-panel', activate: activateDevicePanel },
  { name: 'task-language', activate: activateTaskLanguage },
  { name: 'model', activate: activateModel },
  { name: 'debugger', activate: activateDebugger },
  { name: 'trajectories', activate: activateTrajectories },
  { name: 'report', activate: activateReport },
];
