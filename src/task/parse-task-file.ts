// Task file → typed tasks + diagnostics. Pure and synchronous (the editor calls it on every
// keystroke): YAML with positions, schema validation, then the semantic checks in
// task-checks.ts. Every problem becomes a diagnostic; nothing throws on bad input.
import { isMap, visit, type Node, type YAMLMap } from 'yaml';
import type { AppCatalog } from './app-catalog';
import type { Diagnostic } from './diagnostic';
import type { TaskDef } from './model';
import { definition } from './schema';
import { validateAgainstSchema } from './schema-validate';
import { checkDefaults, taskDiagnostics } from './task-checks';
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
  if (source.unusable) return;
  // Binary scalars become byte buffers, never text: a task file has no use for them.
  visit(source.doc, { Scalar(_, n) { if (n.tag === 'tag:yaml.org,2002:binary') result.diagnostics.push(diagnosticAt(source, offsetsOf(n), 'binary data (!!binary) is not allowed in a task file; write the text')); } });
  const root = source.doc.contents as Node | null;
  if (root === null || root === undefined) {
    if (source.diagnostics.length === 0) result.diagnostics.push(diagnosticAt(source, { start: 0, end: 0 }, 'empty task file: expected a task (id, goal, verify) or a suite (tasks: [...]); to start from a scaffold, ask for completion here (Ctrl+Space) or run PhoneBuddy: New Task'));
    return;
  }
  if (!isMap(root)) {
    result.diagnostics.push(diagnosticAt(source, firstLineOf(source, root), 'a task file must be a mapping: a task (id, goal, verify) or a suite (tasks: [...])'));
    return;
  }
  const taskNodes: { node: Node; path: string }[] = [];
  let defaults: Partial<TaskDef> = {};
  let defaultsError: Diagnostic | undefined;
  if (mapKey(root, 'tasks')) {
    const { tasks: _t, ...suiteSchemaProps } = definition('suite').properties!;
    result.diagnostics.push(...validateAgainstSchema(source, root, { ...definition('suite'), properties: { ...suiteSchemaProps, tasks: { type: 'array', minItems: 1 } } }));
    const suiteName = mapGet(root, 'suite');
    if (suiteName) result.suite = String(suiteName.toJSON());
    const defNode = mapGet(root, 'defaults');
    if (isMap(defNode)) {
      defaults = defNode.toJSON() as Partial<TaskDef>;
      result.diagnostics.push(...checkDefaults(source, defNode, defaults, options.catalog));
      defaultsError = errorInside(result.diagnostics, source, defNode);
    }
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
    result.diagnostics.push(...taskDiagnostics(source, node, def, options.catalog));
    // A task must never run with a bad inherited value: the defaults' error stops it.
    if (defaultsError) {
      result.diagnostics.push(diagnosticAt(source, firstLineOf(source, idNode ?? node), `not run: the suite's defaults have an error (line ${defaultsError.line}: ${defaultsError.message})`));
      continue;
    }
    // Only tasks with the essentials become runnable; the others still got every diagnostic.
    if (typeof def.id === 'string' && typeof def.goal === 'string' && def.verify !== undefined) result.tasks.push({ def, node, path });
    else if (!result.diagnostics.some((d) => d.severity === 'error' && inside(source, node, d))) {
      // The schema let it through (e.g. `goal: !!binary …` is not a string but not an error
      // the validator sees): never drop a task silently.
      const why = [['id', def.id], ['goal', def.goal]].filter(([, v]) => typeof v !== 'string').map(([k, v]) => `${k} is ${describeValue(v)}, not text`);
      if (def.verify === undefined) why.push('verify is missing');
      result.diagnostics.push(diagnosticAt(source, firstLineOf(source, node), `not a runnable task: ${why.join('; ')}`));
    }
  }
  if (result.tasks.length === 0 && !result.diagnostics.some((d) => d.severity === 'error')) {
    result.diagnostics.push(diagnosticAt(source, firstLineOf(source, root), 'this file yields no runnable task: each task needs a string id, a string goal and verify'));
  }
}

function describeValue(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'empty';
  if (v instanceof Uint8Array || (v as { type?: unknown }).type === 'Buffer') return 'binary data';
  return Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : `a ${typeof v}`;
}

function inside(source: YamlSource, node: Node, d: Diagnostic): boolean {
  const o = offsetsOf(node);
  if (!o) return false;
  return d.line >= source.lineCounter.linePos(o.start).line && d.line <= source.lineCounter.linePos(o.end).line;
}

function errorInside(diagnostics: Diagnostic[], source: YamlSource, node: Node): Diagnostic | undefined {
  const o = offsetsOf(node);
  if (!o) return undefined;
  const first = source.lineCounter.linePos(o.start).line;
  const last = source.lineCounter.linePos(o.end).line;
  return diagnostics.find((d) => d.severity === 'error' && d.line >= first && d.line <= last);
}
