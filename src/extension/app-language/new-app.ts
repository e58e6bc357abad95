// `PhoneBuddy: New Mock App`: an app file scaffolded from the modules the person picks (every
// module kind of the schema, with its description), written with a task on it into a workspace
// folder's apps folder (phonebuddy.apps.folder; asked which in a multi-root window) and opened.
// It passes `phonebuddy check` with no diagnostic and, as a YAML app runs no code, works in
// Restricted Mode as New Task does. The TypeScript variant writes a whole app in code, the
// typed entry point's declarations and a tsconfig.json beside it: it runs code, so only in a
// trusted workspace. The panel's mock phones pick the app up (a phone started afterwards, or a
// running one on save). The texts come from src/studio/app-files/language/scaffold*.ts.
import * as vscode from 'vscode';
import { warnUntrusted } from '../trust';

export interface NewAppArgs {
  /** Skip the questions (tests, links). */
  package?: string;
  label?: string;
  modules?: string[];
  /** 'typescript': a whole app in code (trusted workspaces only); default the YAML app of modules. */
  variant?: 'yaml' | 'typescript';
  /** The workspace folder (by name) whose apps folder gets it; asked in a multi-root window. */
  folder?: string;
}

/** The first sentence of a module's description in the schema: the pick's detail. */
const firstSentence = (s = ''): string => (/^.*?\.(\s|$)/.exec(s)?.[0] ?? s).trim().replace(/\.$/, '');

export async function newMockApp(args: NewAppArgs = {}, extensionUri?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) {
    void vscode.window.showWarningMessage('Open a folder first: the new app file is written into its apps folder.');
    return undefined;
  }
  const owner = args.folder !== undefined ? folders.find((f) => f.name === args.folder)
    : folders.length === 1 ? folders[0] : await vscode.window.showWorkspaceFolderPick({ placeHolder: 'New mock app: the workspace folder whose apps folder gets it' });
  if (!owner) return undefined;
  const lang = await import('../../studio/app-files/language/service');
  let variant = args.variant;
  if (!variant) {
    const picked = await vscode.window.showQuickPick([
      { label: 'YAML app', description: 'screens built from modules; runs no code (works in Restricted Mode)', variant: 'yaml' as const },
      { label: 'TypeScript app', description: 'screens written in code against @phonebuddy/app-api; runs code (trusted workspaces only)', variant: 'typescript' as const },
    ], { title: 'New mock app: its kind' });
    if (!picked) return undefined;
    variant = picked.variant;
  }
  if (variant === 'typescript' && !vscode.workspace.isTrusted) {
    warnUntrusted('A TypeScript app runs code, so it loads only in a trusted workspace: trust this workspace first, or make a YAML app (it runs no code).');
    return undefined;
  }
  const pkg = args.package ?? await vscode.window.showInputBox({
    title: 'New mock app: its package', value: 'com.example.myapp', valueSelection: [12, 17],
    prompt: `An Android package name; its last part names the file (apps/<name>.app.${variant === 'typescript' ? 'ts' : 'yaml'})`,
    validateInput: (v) => lang.packageProblem(v.trim()),
  });
  if (!pkg) return undefined;
  const problem = lang.packageProblem(pkg);
  if (problem) throw new Error(`'${pkg}': ${problem}`);
  const label = args.label ?? await vscode.window.showInputBox({ title: 'New mock app: its name on the launcher', value: lang.defaultLabel(pkg) });
  if (label === undefined) return undefined;
  const name = label.trim() || lang.defaultLabel(pkg);

  const folderSetting = vscode.workspace.getConfiguration('phonebuddy.apps', owner.uri).get<string>('folder', 'apps').trim() || 'apps';
  const appsDir = vscode.Uri.joinPath(owner.uri, folderSetting);
  let files: Record<string, string>;
  let appFile: string;
  if (variant === 'typescript') {
    if (!extensionUri) throw new Error('the app API declarations are not at hand');
    const api = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'schemas', 'app-api.d.ts')));
    const ts = lang.scaffoldTsApp({ package: pkg, label: name }, api);
    files = ts.files;
    appFile = ts.appFile;
  } else {
    let modules = args.modules;
    if (!modules) {
      // Every module kind of the schema, with its description (the schema's first sentence).
      const picked = await vscode.window.showQuickPick(lang.scaffoldModuleChoices().map((m) => ({
        label: m.name, detail: firstSentence(m.description), picked: m.name === 'list' || m.name === 'detail' || m.name === 'form',
      })), {
        title: 'New mock app: its screens (one per module)', canPickMany: true, matchOnDetail: true,
        placeHolder: 'The home is a list (added without list or people); other modules open from the detail screen',
      });
      if (!picked) return undefined;
      modules = picked.map((p) => p.label);
    }
    appFile = lang.appFileName(pkg);
    files = { [appFile]: lang.scaffoldApp({ package: pkg, label: name, modules }) };
    const task = lang.scaffoldTask({ package: pkg, label: name, modules });
    if (task) files[task.fileName] = task.text;
  }
  const uri = vscode.Uri.joinPath(appsDir, appFile);
  const exists = (u: vscode.Uri) => vscode.workspace.fs.stat(u).then(() => true, () => false);
  if (await exists(uri)) {
    void vscode.window.showWarningMessage(`${vscode.workspace.asRelativePath(uri)} already exists: opened it instead.`);
  } else {
    await vscode.workspace.fs.createDirectory(appsDir);
    // The app's companions (its task, the declarations, tsconfig.json) are kept when they exist.
    for (const [file, text] of Object.entries(files)) {
      const target = vscode.Uri.joinPath(appsDir, file);
      if (file === appFile || !(await exists(target))) await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
    }
  }
  await vscode.window.showTextDocument(uri);
  return uri;
}
