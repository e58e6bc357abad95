// The app-file language in a real VS Code: *.app.yaml gets the phonebuddy-app language,
// diagnostics on the exact word as you type (a misspelt module parameter, a table the app does
// not declare) with a quick fix, completion of module kinds and of a table in SQL, hover on a
// module, an icon glyph the phone lacks (warning, quick fix, completion, hover), and New Mock App writing an app that loads with no diagnostic and runs on a phone.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { panelState } from './panel-support';
import { EXTENSION_ID, repoRoot, scaled, until } from './support';

const folder = () => vscode.workspace.workspaceFolders![0].uri;
const appsDir = () => vscode.Uri.joinPath(folder(), 'apps');
const PANTRY = fs.readFileSync(path.join(repoRoot, 'apps-examples', 'pantry.app.yaml'), 'utf8');

async function openApp(name: string, text: string): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.joinPath(appsDir(), name);
  await vscode.workspace.fs.createDirectory(appsDir());
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  return doc;
}

const labelsOf = (list: vscode.CompletionList) => list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));

/** The position just after `needle` in the document. */
function after(doc: vscode.TextDocument, needle: string): vscode.Position {
  const i = doc.getText().indexOf(needle);
  assert.ok(i >= 0, needle);
  return doc.positionAt(i + needle.length);
}

suite('app language', () => {
  suiteSetup(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The files go, the folder stays: the panel's live apps keep watching it for later app files.
    for (const [name] of await vscode.workspace.fs.readDirectory(appsDir()).then((e) => e, () => [])) {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(appsDir(), name), { recursive: true, useTrash: false });
    }
  });

  test('*.app.yaml files get the phonebuddy-app language', async () => {
    const doc = await openApp('pantry.app.yaml', PANTRY);
    assert.equal(doc.languageId, 'phonebuddy-app');
  });

  test('diagnostics as you type, on the misspelt parameter and the unknown table, with a quick fix', async () => {
    const doc = await openApp('broken.app.yaml', PANTRY.replace('package: com.example.pantry', 'package: com.example.broken'));
    await until('the clean file validated', async () => (await vscode.commands.executeCommand<unknown[]>('phonebuddy.test.app.validate', doc.uri)).length === 0 || undefined);
    // Type a mistake in, as a person would: a table the app does not declare.
    const from = doc.getText().indexOf('FROM items WHERE id');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(from + 5), doc.positionAt(from + 10)), 'itemz');
    await vscode.workspace.applyEdit(edit);
    const table = await until('the SQL diagnostic', () => vscode.languages.getDiagnostics(doc.uri).find((d) => /no such table: itemz/.test(d.message)));
    assert.equal(doc.getText(table.range), 'itemz');
    assert.equal(table.severity, vscode.DiagnosticSeverity.Error);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, table.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === "Change to 'items'");
    assert.ok(fix?.edit, `a quick fix (got ${actions.map((a) => a.title).join(', ')})`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await until('the table diagnostic to go', () => !vscode.languages.getDiagnostics(doc.uri).some((d) => /itemz/.test(d.message)));
    // A misspelt module parameter.
    const style = doc.getText().indexOf('style: row');
    const edit2 = new vscode.WorkspaceEdit();
    edit2.replace(doc.uri, new vscode.Range(doc.positionAt(style), doc.positionAt(style + 'style'.length)), 'stlye');
    await vscode.workspace.applyEdit(edit2);
    const param = await until('the parameter diagnostic', () => vscode.languages.getDiagnostics(doc.uri).find((d) => /unknown key 'stlye'/.test(d.message)));
    assert.equal(doc.getText(param.range), 'stlye');
    assert.equal(param.severity, vscode.DiagnosticSeverity.Error);
    assert.match(param.message, /in screens\.items\.item \(did you mean 'style'\?\)/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('an icon glyph the phone lacks: a warning on the name with a quick fix; completion lists the glyphs; hover draws one', async () => {
    const doc = await openApp('glyphs.app.yaml', PANTRY.replace('package: com.example.pantry', 'package: com.example.glyphs').replace('fab: { icon: add,', 'fab: { icon: ad,'));
    const warning = await until('the glyph diagnostic', () => vscode.languages.getDiagnostics(doc.uri).find((d) => /icon 'ad' is not a glyph/.test(d.message)));
    assert.equal(doc.getText(warning.range), 'ad');
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, warning.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === "Change to 'add'");
    assert.ok(fix?.edit, `a quick fix (got ${actions.map((a) => a.title).join(', ')})`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await until('the glyph diagnostic to go', () => !vscode.languages.getDiagnostics(doc.uri).some((d) => /is not a glyph/.test(d.message)));
    const glyphs = labelsOf(await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, after(doc, 'fab: { icon: a')));
    for (const g of ['add', 'shopping', 'settings', 'hotel']) assert.ok(glyphs.includes(g), `${g} in ${glyphs.join(', ')}`);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, after(doc, 'fab: { icon: a'));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
    assert.match(text, /glyph `add`[\s\S]*!\[add\]\(data:image\/svg\+xml;base64,/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('completion offers the module kinds and, after FROM, only the app\'s tables', async () => {
    const doc = await openApp('complete.app.yaml', PANTRY.replace('package: com.example.pantry', 'package: com.example.complete').replace('module: settings', 'module: ').replace('FROM items WHERE (?', 'FROM  WHERE (?'));
    const kinds = labelsOf(await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, after(doc, '  prefs:\n    module: ')));
    for (const k of ['list', 'form', 'detail', 'settings', 'people']) assert.ok(kinds.includes(k), `module ${k} in ${kinds.join(', ')}`);
    const tables = labelsOf(await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, after(doc, 'SELECT id, name, qty FROM ')));
    assert.ok(tables.includes('items') && tables.includes('prefs'), tables.join(', '));
    assert.ok(!tables.includes('qty') && !tables.includes('SELECT'), `only tables after FROM: ${tables.join(', ')}`);
  });

  test('hover on a module describes it and its parameters', async () => {
    const doc = await openApp('pantry.app.yaml', PANTRY);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, after(doc, 'module: fo'));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
    assert.match(text, /module `form`/);
    assert.match(text, /`table` \(required\)/);
  });

  test('New Mock App writes apps/<name>.app.yaml that loads with no diagnostic and shows on a new mock phone', async function () {
    this.timeout(scaled(90_000));
    // Every module kind of the schema at once (the pick offers them all).
    const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, 'schemas', 'app.schema.json'), 'utf8')) as { definitions: Record<string, unknown> };
    const modules = Object.keys(schema.definitions).filter((k) => k.startsWith('module.')).map((k) => k.slice('module.'.length));
    assert.ok(modules.length >= 25, modules.join(','));
    const uri = await vscode.commands.executeCommand<vscode.Uri>('phonebuddy.app.new', { package: 'com.example.ledger', label: 'Ledger', modules, variant: 'yaml' });
    assert.equal(uri?.fsPath, vscode.Uri.joinPath(appsDir(), 'ledger.app.yaml').fsPath);
    const editor = await until('the new app in the editor', () => vscode.window.activeTextEditor?.document.uri.fsPath === uri.fsPath && vscode.window.activeTextEditor);
    assert.equal(editor.document.languageId, 'phonebuddy-app');
    assert.match(editor.document.getText(), /^package: com\.example\.ledger$/m);
    for (const m of modules) assert.match(editor.document.getText(), new RegExp(`^    module: ${m}$`, 'm'), `a ${m} screen`);
    assert.deepEqual(await vscode.commands.executeCommand('phonebuddy.test.app.validate', uri), []);
    const task = fs.readFileSync(vscode.Uri.joinPath(appsDir(), 'ledger-add-item.task.yaml').fsPath, 'utf8');
    assert.match(task, /^apps: \[com\.example\.ledger\]$/m, 'a task on it');
    assert.match(task, /^verify:\n  sql:/m, 'with a verifier');
    fs.rmSync(vscode.Uri.joinPath(appsDir(), 'ledger-add-item.task.yaml').fsPath); // other suites' task lists stay as they were
    // A phone started now runs the workspace's apps: Ledger is on its launcher.
    await vscode.commands.executeCommand('phonebuddy.test.devicePanel.closeAll');
    await vscode.commands.executeCommand('phonebuddy.devices.startMockPhone');
    await until('Ledger on the new phone\'s launcher', async () => {
      const s = await panelState();
      return s.uiTree?.includes('text="Ledger"') || undefined;
    }, 45_000);
    await vscode.commands.executeCommand('phonebuddy.test.devicePanel.closeAll');
  });

  test('New Mock App\'s TypeScript variant (trusted only): the app, its declarations and tsconfig.json; a broken save is an error at its line in the Problems view', async function () {
    this.timeout(scaled(90_000));
    const appUri = vscode.Uri.joinPath(appsDir(), 'jar.app.ts');
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('phonebuddy.app.new', { package: 'com.example.jar', label: 'Jar', variant: 'typescript' });
    if (!vscode.workspace.isTrusted) {
      assert.equal(uri, undefined, 'refused in Restricted Mode');
      assert.ok(!fs.existsSync(appUri.fsPath), 'nothing written');
      return;
    }
    assert.equal(uri?.fsPath, appUri.fsPath);
    for (const f of ['app-api.d.ts', 'tsconfig.json', 'jar-reset-item.task.yaml']) assert.ok(fs.existsSync(vscode.Uri.joinPath(appsDir(), f).fsPath), f);
    const problems = () => vscode.commands.executeCommand<{ message: string; severity: string; line: number }[]>('phonebuddy.test.app.codeProblems', appUri);
    try {
      assert.deepEqual(await problems(), [], 'the new app loads');
      const text = fs.readFileSync(appUri.fsPath, 'utf8');
      const broken = text.replace('export default function', "throw new Error('no jar today');\nexport default function");
      fs.writeFileSync(appUri.fsPath, broken);
      const line = broken.split('\n').findIndex((l) => l.includes("no jar today"));
      const shown = await until('the load error in the Problems view', async () => { const p = await problems(); return p.length > 0 && p; }, 30_000);
      assert.deepEqual(shown.map((p) => [p.severity, p.line]), [['error', line]], JSON.stringify(shown));
      assert.match(shown[0].message, /the app fails to load: no jar today/);
      fs.writeFileSync(appUri.fsPath, text);
      await until('the error gone once fixed', async () => (await problems()).length === 0, 30_000);
    } finally {
      for (const f of ['jar.app.ts', 'app-api.d.ts', 'tsconfig.json', 'jar-reset-item.task.yaml']) fs.rmSync(vscode.Uri.joinPath(appsDir(), f).fsPath, { force: true });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
