// A new task to start from: what "New Task", the `task` snippet and completion in an empty
// task file insert. It loads without errors and names what to fill in; `phonebuddy check`
// then says what its verifier does not yet prove.
import type { AppCatalog } from '../app-catalog';

export interface ScaffoldOptions {
  id: string;
  /** The app the task is about (a package of the catalogue). */
  app: string;
  catalog?: AppCatalog;
}

/** The id a new task on `app` gets by default (`notes.new-task`). */
export function defaultTaskId(app: string): string {
  return `${app.split('.').pop() ?? 'app'}.new-task`;
}

export function scaffoldTask({ id, app, catalog }: ScaffoldOptions): string {
  const label = catalog?.label(app) ?? app;
  const table = catalog?.tables(app)[0];
  const column = table?.columns.find((c) => !c.primaryKey)?.name ?? table?.columns[0]?.name;
  const verify = table && column
    ? [
      'verify:',
      '  sql:',
      `    app: ${app}`,
      `    # What the app's database holds once the task is done (its tables: ${catalog!.tables(app).map((t) => t.name).join(', ')}).`,
      `    query: SELECT ${column} FROM ${table.name} WHERE ${column} = :value`,
      '    expect: count == 1',
    ]
    : [
      'verify:',
      '  answer: { contains: "{value}" }',
    ];
  return [
    `id: ${id}`,
    `title: A new task in ${label}`,
    'category: single-app',
    'device: mock',
    `apps: [${app}]`,
    'locale: en-US',
    '# The instruction the agent gets; {value} is filled from params, one instance per choice.',
    `goal: 'In ${label}, …"{value}"…'`,
    'params:',
    '  value: { choices: [first example, second example] }',
    'max_steps: 12',
    ...verify,
    '# The reference solution: Check verifiers runs it, and it must pass the verifier.',
    'solution:',
    `  - open_app: ${app}`,
    '  - finish: Done.',
    '',
  ].join('\n');
}
