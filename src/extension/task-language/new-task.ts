// `PhoneBuddy: New Task`: a task file scaffolded for an app the person picks, written into the
// workspace and opened — the first step of the walkthrough. The text comes from
// src/task/language/scaffold.ts (also the `task` completion in an empty file).
import * as vscode from 'vscode';
import { walkthroughStepDone } from '../walkthrough';
import { config } from '../config';

export interface NewTaskArgs {
  /** Skip the questions (tests, the walkthrough's links). */
  app?: string;
  id?: string;
  /** A workspace-relative folder (default: the first workspace folder). */
  folder?: string;
}

export async function newTask(args: NewTaskArgs = {}): Promise<vscode.Uri | undefined> {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!root) {
    void vscode.window.showWarningMessage('Open a folder first: the new task file is written into it.');
    return undefined;
  }
  const [{ mockAppCatalog }, { scaffoldTask, defaultTaskId }] = await Promise.all([import('../../studio/app-catalog'), import('../../task/language/scaffold')]);
  const catalog = await mockAppCatalog(config.apps.folder());
  const app = args.app ?? (await vscode.window.showQuickPick(
    catalog.packages().map((p) => ({ label: catalog.label(p) ?? p, description: p, app: p })),
    { title: 'New task: which app is it about?', placeHolder: 'The mock phone\'s apps', matchOnDescription: true },
  ))?.app;
  if (!app) return undefined;
  if (!catalog.has(app)) throw new Error(`no app '${app}' on the mock phone (apps: ${catalog.packages().join(', ')})`);
  const id = args.id ?? await vscode.window.showInputBox({
    title: 'New task: its id', value: defaultTaskId(app),
    prompt: 'Lower-case words with dots or dashes; also the file name',
    validateInput: (v) => (/^[a-z0-9][a-z0-9._-]*$/.test(v) ? undefined : 'use lower-case letters, digits, dots, dashes and underscores'),
  });
  if (!id) return undefined;
  const dir = args.folder ? vscode.Uri.joinPath(root, args.folder) : root;
  const uri = vscode.Uri.joinPath(dir, `${id}.task.yaml`);
  const exists = await vscode.workspace.fs.stat(uri).then(() => true, () => false);
  if (exists) {
    void vscode.window.showWarningMessage(`${vscode.workspace.asRelativePath(uri)} already exists: opened it instead.`);
  } else {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(scaffoldTask({ id, app, catalog })));
  }
  await vscode.window.showTextDocument(uri);
  walkthroughStepDone('write');
  return uri;
}
