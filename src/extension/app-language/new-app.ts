// `PhoneBuddy: New Mock App`: an app file scaffolded from the modules the person picks, written
// into the workspace's apps folder (phonebuddy.apps.folder) and opened. It loads with no
// diagnostic and, as a YAML app runs no code, works in Restricted Mode as New Task does; the
// panel's mock phones pick it up (a phone started afterwards, or a running one on save).
// The text comes from src/studio/app-files/language/scaffold.ts (also the `app` snippet).
import * as vscode from 'vscode';

export interface NewAppArgs {
  /** Skip the questions (tests, links). */
  package?: string;
  label?: string;
  modules?: string[];
}

const MODULE_HINTS: Record<string, string> = {
  list: 'a searchable list of rows, the home screen',
  people: 'a contacts-style list: favourites, letter groups, avatars',
  detail: 'one row\'s fields and buttons, opened from the list',
  form: 'fields saved to a row, with validation',
  settings: 'switches kept in a table',
};

export async function newMockApp(args: NewAppArgs = {}): Promise<vscode.Uri | undefined> {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!root) {
    void vscode.window.showWarningMessage('Open a folder first: the new app file is written into its apps folder.');
    return undefined;
  }
  const lang = await import('../../studio/app-files/language/service');
  const pkg = args.package ?? await vscode.window.showInputBox({
    title: 'New mock app: its package', value: 'com.example.myapp', valueSelection: [12, 17],
    prompt: 'An Android package name; its last part names the file (apps/<name>.app.yaml)',
    validateInput: (v) => lang.packageProblem(v.trim()),
  });
  if (!pkg) return undefined;
  const problem = lang.packageProblem(pkg);
  if (problem) throw new Error(`'${pkg}': ${problem}`);
  const label = args.label ?? await vscode.window.showInputBox({ title: 'New mock app: its name on the launcher', value: lang.defaultLabel(pkg) });
  if (label === undefined) return undefined;
  let modules = args.modules;
  if (!modules) {
    const picked = await vscode.window.showQuickPick(lang.SCAFFOLD_MODULES.map((m) => ({ label: m, description: MODULE_HINTS[m], picked: m === 'list' || m === 'detail' || m === 'form' })), {
      title: 'New mock app: its screens (one per module)', canPickMany: true, placeHolder: 'Without list or people, a list is added as the home screen',
    });
    if (!picked) return undefined;
    modules = picked.map((p) => p.label);
  }
  const folderSetting = vscode.workspace.getConfiguration('phonebuddy.apps').get<string>('folder', 'apps').trim() || 'apps';
  const uri = vscode.Uri.joinPath(root, folderSetting, lang.appFileName(pkg));
  const exists = await vscode.workspace.fs.stat(uri).then(() => true, () => false);
  if (exists) {
    void vscode.window.showWarningMessage(`${vscode.workspace.asRelativePath(uri)} already exists: opened it instead.`);
  } else {
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(lang.scaffoldApp({ package: pkg, label: label.trim() || lang.defaultLabel(pkg), modules })));
  }
  await vscode.window.showTextDocument(uri);
  return uri;
}
