// Task file → typed tasks + diagnostics. Pure and synchronous (the editor calls it on every
// keystroke): YAML with positions, schema validation, then the semantic checks in
// task-checks.ts. Every problem becomes a diagnostic; nothing throws on bad input.
import { isMap, type Node, type YAMLMap } from 'yaml';
import type { AppCatalog } from './app-catalog';
import type { Diagnostic } from './diagnostic';
import type { TaskDef } from './model';
import { definition } from './schema';
import { validateAgainstSchema } from './schema-validate';
import { checkTask } from './task-checks';
import { diagnosticAt, firstLineOf, mapGet, mapKey, offsetsOf, parseYamlSource, seqItems, type YamlSource } from './yaml-source';

export interface TaskAst {
  def: TaskDef;
  /** The task's YAML map (positions for diagnostics, lenses and go-to-definition). */
  node: YAMLMap;
  /** Where it sits: "" for a single-task file, "tasks[2]" in a suite. */
  path: string;
}

export interface ParsedTaskFile {
  file: string;
  source: YamlSource;
  suite?: string;
  tasks: TaskAst[];
  diagnostics: Diagnostic[];
}

export interface ParseOptions {
  /** App packages, tables and columns, for SQL and package diagnostics. */
  catalog?: AppCatalog;
}

const DEFAULTABLE = ['category', 'device', 'apps', 'locale', 'max_steps', 'tags', 'setup'] as const;

export function parseTaskFile(text: string, file: string, options: ParseOptions = {}): ParsedTaskFile {
  const source = parseYamlSource(text, file);
  const result: ParsedTaskFile = { file, source, tasks: [], diagnostics: [...source.diagnostics] };
  try {
    collect(source, result, options);
  } catch (e) {
    // A bug in a check must not take the editor or the CLI down with it: report it.
    result.diagnostics.push(diagnosticAt(source, undefined, `internal error while checking: ${e instanceof Error ? e.message : String(e)}`));
  }
  result.diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  return result;
}

function collect(source: YamlSource, result: ParsedTaskFile, options: ParseOptions): void {
  const root = source.doc.contents as Node | null;
  if (root === null || root === undefined) {
    if (source.diagnostics.length === 0) result.diagnostics.push(diagnosticAt(source, { start: 0, end: 0 }, 'empty task file: expected a task (id, goal, verify) or a suite (tasks: [...])'));
    return;
  }
  if (!isMap(root)) {
    result.diagnostics.push(diagnosticAt(source, firstLineOf(source, root), 'a task file must be a mapping: a task (id, goal, verify) or a suite (tasks: [...])'));
    return;
  }
  const taskNodes: { node: Node; path: string }[] = [];
  let defaults: Partial<TaskDef> = {};
  if (mapKey(root, 'tasks')) {
    const { tasks: _t, ...suiteSchemaProps } = definition('suite').properties!;
    result.diagnostics.push(...validateAgainstSchema(source, root, { ...definition('suite'), properties: { ...suiteSchemaProps, tasks: { type: 'array', minItems: 1 } } }));
    const suiteName = mapGet(root, 'suite');
    if (suiteName) result.suite = String(suiteName.toJSON());
    const defNode = mapGet(root, 'defaults');
    if (isMap(defNode)) defaults = defNode.toJSON() as Partial<TaskDef>;
    seqItems(mapGet(root, 'tasks')).forEach((n, i) => taskNodes.push({ node: n, path: `tasks[${i}]` }));
  } else {
    taskNodes.push({ node: root, path: '' });
  }

  const seenIds = new Map<string, Node>();
  for (const { node, path } of taskNodes) {
    result.diagnostics.push(...validateAgainstSchema(source, node, definition('task'), path));
    if (!isMap(node)) continue;
    const raw = node.toJSON() as Record<string, unknown>;
    const def = { ...raw } as unknown as TaskDef;
    for (const k of DEFAULTABLE) {
      if (def[k] === undefined && defaults[k] !== undefined) (def as unknown as Record<string, unknown>)[k] = defaults[k];
    }
    const idNode = mapGet(node, 'id');
    if (typeof def.id === 'string') {
      if (seenIds.has(def.id)) result.diagnostics.push(diagnosticAt(source, offsetsOf(idNode), `duplicate task id '${def.id}'`));
      else seenIds.set(def.id, idNode!);
    }
    result.diagnostics.push(...checkTask(source, node, def, options.catalog));
    // Only tasks with the essentials become runnable; the others still got every diagnostic.
    if (typeof def.id === 'string' && typeof def.goal === 'string' && def.verify !== undefined) result.tasks.push({ def, node, path });
  }
}
