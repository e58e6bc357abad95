// Workspace Trust in the extension's messages. In Restricted Mode a run or check leaves the
// task's shell parts out (setup steps, shell verifiers); the message that reports it says so
// and offers VS Code's own Manage Workspace Trust editor, where the user can trust the folder.
//
// TypeScript mock apps (*.app.ts) run code: they load only while the workspace is trusted
// (src/studio/app-files/app-code-policy.ts); trusting it loads them.
import * as vscode from 'vscode';
import { setAppCodeAllowed } from '../studio/app-files/app-code-policy';

/** Appended to a run's or check's message when it left shell parts out. */
export const UNTRUSTED_NOTE = 'shell steps and shell verifiers did not run: this workspace is not trusted (Restricted Mode)';

export const MANAGE_TRUST = 'Manage Workspace Trust';

/** A warning with a button that opens the Workspace Trust editor. */
export function warnUntrusted(message: string): void {
  void vscode.window.showWarningMessage(message, MANAGE_TRUST).then((choice) => {
    if (choice === MANAGE_TRUST) void vscode.commands.executeCommand('workbench.trust.manage');
  });
}

/**
 * Lets this extension host (and the worker threads it starts) load TypeScript apps exactly while
 * the workspace is trusted; `onTrusted` runs when the user trusts it (reload what was refused).
 */
export function followWorkspaceTrust(onTrusted: () => void): vscode.Disposable {
  setAppCodeAllowed(vscode.workspace.isTrusted);
  return vscode.workspace.onDidGrantWorkspaceTrust(() => {
    setAppCodeAllowed(true);
    onTrusted();
  });
}
