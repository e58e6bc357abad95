// The app-file language in VS Code: diagnostics, completion, hover and quick fixes for
// *.app.yaml, and the New Mock App command. Cheap at activation: the language module and
// SQLite load with the first app file or command.
import * as vscode from 'vscode';
import { studioCommand } from '../commands';
import { AppLanguageFeatures } from './language-features';
import { newMockApp, type NewAppArgs } from './new-app';
import { appProblems, disposeAppProblems } from './app-problems';

export function activateAppLanguage(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('PhoneBuddy Apps', { log: true });
  const features = new AppLanguageFeatures(log);
  appProblems((m) => log.warn(m));
  context.subscriptions.push(log, features, { dispose: disposeAppProblems }, studioCommand('phonebuddy.app.new', async (args?: NewAppArgs) => {
    try {
      return await newMockApp(args, context.extensionUri);
    } catch (e) {
      void vscode.window.showErrorMessage(`New mock app: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }));
  // For the integration tests (never in an installed extension): an app file validated now, as
  // the editor does it — so a test can tell "validated, no problem" from "not validated yet".
  if (context.extensionMode !== vscode.ExtensionMode.Production) {
    context.subscriptions.push(studioCommand('phonebuddy.test.app.validate', async (uri: vscode.Uri) => {
      const diags = await features.validate(await vscode.workspace.openTextDocument(uri));
      return diags.map((d) => ({ message: d.message, severity: d.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning', line: d.range.start.line }));
    }));
    // A TypeScript app file's problems in the Problems view, after the catalogue is read again.
    context.subscriptions.push(studioCommand('phonebuddy.test.app.codeProblems', async (uri: vscode.Uri) => {
      await appProblems().check();
      return appProblems().at(uri).map((d) => ({ message: d.message, severity: d.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning', line: d.range.start.line }));
    }));
  }
}
