// Extension entry: wiring only. Heavy modules (canvas, sqlite, adbkit, onnxruntime) are
// loaded lazily by the features that need them, never at activation.
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('phonebuddy.showInfo', () => {
      const version = (context.extension.packageJSON as { version: string }).version;
      void vscode.window.showInformationMessage(`PhoneBuddy Studio ${version}`);
      return version;
    }),
  );
}

export function deactivate(): void {}
