// A whole app written only in YAML — a pantry (apps-examples/pantry.app.yaml): a searchable
// list, an item's detail, a form with validation, settings toggles; seeded rows per locale and
// generated ones — and a task on it. The tests copy them into a temporary workspace (apps/ and
// tasks/), changed as they need.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PANTRY_PACKAGE = 'com.example.pantry';
const EXAMPLES = path.resolve(__dirname, '..', '..', '..', '..', 'apps-examples');

/** apps-examples/pantry.app.yaml: the example of docs/authoring-apps.md. */
export const PANTRY_APP = fs.readFileSync(path.join(EXAMPLES, 'pantry.app.yaml'), 'utf8');

/** A task on the pantry, with its reference solution: add 3 jars of honey. */
export const PANTRY_TASK = fs.readFileSync(path.join(EXAMPLES, 'pantry-add-honey.task.yaml'), 'utf8');

/** A temporary workspace with apps/pantry.app.yaml (and tasks/pantry.yaml); extra files by relative path. */
export function pantryWorkspace(extra: Record<string, string> = {}): { root: string; appsDir: string; taskFile: string; cleanup(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-apps-'));
  const files = { 'apps/pantry.app.yaml': PANTRY_APP, 'tasks/pantry.yaml': PANTRY_TASK, ...extra };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return { root, appsDir: path.join(root, 'apps'), taskFile: path.join(root, 'tasks', 'pantry.yaml'), cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}
