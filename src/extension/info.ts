// `PhoneBuddy: Show Studio Info`: shows the version and activation time; returns the version
// so tests and other extensions can call it.
import * as vscode from 'vscode';
import { studioCommand } from './commands';
import { activationStats } from './activation';

export function activateInfo(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    studioCommand('phonebuddy.showInfo', () => {
      const version = (context.extension.packageJSON as { version: string }).version;
      const stats = activationStats();
      const timing = stats ? ` (activated in ${stats.activateMs.toFixed(1)} ms)` : '';
      void vscode.window.showInformationMessage(`PhoneBuddy Studio ${version}${timing}`);
      return version;
    }),
  );
}
