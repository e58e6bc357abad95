// Workspace Trust in the extension's messages. In Restricted Mode a run or check leaves the
// task's shell parts out (setup steps, shell verifiers); the message that reports it says so
// and offers VS Code's own Manage Workspace Trust editor, where the user can trust the folder.
import * as vscode from 'vscode';

/** Appended to a run's or check's message when it left shell parts out. */
export const UNTRUSTED_NOTE = 'shell steps and shell verifiers did not run: this workspace is not trusted (Restricted Mode)';

export const MANAGE_TRUST = 'Manage Workspace Trust';

/** A warning with a button that opens the Workspace Trust editor. */
export function warnUntrusted(message: string): void {
  void vscode.window.showWarningMessage(message, MANAGE_TRUST).then((choice) => {
    if (choice === MANAGE_TRUST) void vscode.commands.executeCommand('workbench.trust.manage');
  });
}
