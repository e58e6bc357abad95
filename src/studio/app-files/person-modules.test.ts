// The person and personForm modules from an app file: Contacts' own declared screens, written
// out as YAML, load with no diagnostic (they are the shapes an author writes); bad parameters
// are diagnostics at their lines — an unknown key, bad CEL in a person's name or a computed
// column, and a column the editor writes that the table lacks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { CONTACTS_DETAIL_SPEC, CONTACTS_EDIT_SPEC, CONTACTS_LIST_SPEC } from '../../mockphone/apps/contacts/contacts.app';
import { contactsInfo } from '../../mockphone/apps/contacts/info';
import { loadSql } from '../../mockphone/runtime/database';
import type { Diagnostic } from '../../task/diagnostic';
import { parseAppFile } from './parse-app-file';

const sqlP = loadSql();
const strip = <T extends { at?: string }>(s: T): Omit<T, 'at'> => { const { at: _at, ...rest } = s; return rest; };

function contactsYaml(): string {
  return stringify({
    package: 'com.example.people', label: contactsInfo.label, database: { schema: contactsInfo.database!.schema }, strings: contactsInfo.strings, home: 'list',
    screens: { list: strip(CONTACTS_LIST_SPEC), detail: strip(CONTACTS_DETAIL_SPEC), edit: strip(CONTACTS_EDIT_SPEC) },
  }, { lineWidth: 0 });
}

async function problems(text: string): Promise<Diagnostic[]> {
  return parseAppFile(text, 'people.app.yaml', await sqlP).diagnostics.filter((d) => d.severity === 'error');
}
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const has = (ds: Diagnostic[], line: number, re: RegExp) => assert.ok(ds.some((d) => d.line === line && re.test(d.message)), JSON.stringify(ds, null, 1));

test("Contacts' list, detail and editor as an app file load with no diagnostic", async () => {
  const parsed = parseAppFile(contactsYaml(), 'people.app.yaml', await sqlP);
  assert.deepEqual(parsed.diagnostics, []);
  assert.equal(parsed.spec?.screens.detail.module, 'person');
  assert.equal(parsed.spec?.screens.edit.module, 'personForm');
});

test('an unknown person parameter is a diagnostic at its line', async () => {
  const text = contactsYaml().replace('module: person\n', 'module: person\n    avatarSize: 3\n');
  has(await problems(text), lineOf(text, 'avatarSize'), /unknown key 'avatarSize' in screens.detail/);
});

test('bad CEL in a person\'s name or a computed column, and a column the table lacks, are diagnostics at their lines', async () => {
  const good = contactsYaml();
  const text = good
    .replace('- params.id\n    name: "row.display_name != \'\'', '- params.id\n    name: "row.display_name != ?')
    .replace('column: company', 'column: firm')
    .replace('display_name: "locale ==', 'display_name: "locale ===');
  assert.notEqual(text.indexOf('!= ?'), -1, 'the person\'s name was not found in the YAML');
  const ds = await problems(text);
  has(ds, lineOf(text, '!= ?'), /CEL/);
  has(ds, lineOf(text, 'column: firm'), /column 'firm' is not in table 'contacts'/);
  has(ds, lineOf(text, 'display_name: "locale ==='), /CEL/);
});
