// The features the extension switches on at activation, in order. Each activator takes the
// extension context, registers its commands/views/providers and pushes their disposables.
// Adding a feature is one import plus one line in FEATURES. What a feature needs from an
// earlier one is passed to it explicitly (`shared`): the device panel's hub goes to ▶ Run,
// Record and the debugger, so the order here is visible where it matters. Activators must stay cheap:
// anything heavy (canvas, sharp, onnxruntime, sql.js, adbkit) is imported inside the command
// or view that needs it (`await import()`), never at module top level: test/unit/lazy-activation
// walks the static import graph and test/vscode checks require.cache after activation.
import type * as vscode from 'vscode';
import type { PanelHub } from '../panel/panel-hub';
import { activateAppLanguage } from './app-language/activate';
import { activateDebugger } from './debug/activate';
import { activateDevicePanel } from './device-panel/activate';
import { activateInfo } from './info';
import { activateModel } from './model/activate';
import { activateReport } from './report/activate';
import { activateTaskLanguage } from './task-language/activate';
import { activateTrajectories } from './trajectories/activate';

/** What features hand to later ones; undefined when the feature that makes it failed to start. */
export interface Shared {
  hub?: PanelHub;
}

export type FeatureActivator = (context: vscode.ExtensionContext, shared: Shared) => void | Promise<void>;

export interface Feature {
  name: string;
  activate: FeatureActivator;
}

export const FEATURES: Feature[] = [
  { name: 'info', activate: activateInfo },
  { name: 'device-panel', activate: (context, shared) => { shared.hub = activateDevicePanel(context); } },
  { name: 'task-language', activate: (context, { hub }) => activateTaskLanguage(context, hub) },
  { name: 'app-language', activate: activateAppLanguage },
  { name: 'model', activate: activateModel },
  { name: 'debugger', activate: (context, { hub }) => activateDebugger(context, hub) },
  { name: 'trajectories', activate: (context, { hub }) => activateTrajectories(context, hub) },
  { name: 'report', activate: activateReport },
];
