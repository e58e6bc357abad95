// The one way the extension registers a command. A command that fails is logged once to the
// "PhoneBuddy" log with its id and what went wrong, then rethrown: whoever ran it (a test, a
// CodeLens, another command) still gets the rejection, and VS Code shows it for the palette.
// Test-only commands (`phonebuddy.test.*`) go through here too; they exist only outside
// ExtensionMode.Production, which their activators check.
import * as vscode from 'vscode';

let log: vscode.LogOutputChannel | undefined;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command arguments are whatever the caller passes
type Handler = (...args: any[]) => unknown;

export function studioCommand(id: string, handler: Handler): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await handler(...args);
    } catch (e) {
      log ??= vscode.window.createOutputChannel('PhoneBuddy', { log: true });
      log.error(`${id} failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      throw e;
    }
  });
}
