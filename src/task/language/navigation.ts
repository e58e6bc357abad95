// Hover, go to definition and the positions of CodeLenses — editor-agnostic.
import { isMap, isScalar, type Node } from 'yaml';
import type { AppCatalog } from '../app-catalog';
import { namedParams } from '../sql-params';
import { templateSlots } from '../template';
import { mapGet, mapKey, offsetsOf, parseYamlSource, seqItems, type OffsetRange, type YamlSource } from '../yaml-source';
import { enclosingTask, isSuiteFile } from './completion';
import { nodeAt } from './cursor';
import { describeType, keysAt } from './schema-nav';

export interface HoverInfo {
  /** Markdown. */
  markdown: string;
  range: OffsetRange;
}

/** The param reference (`{x}`, `:x`, `params.x`) under the cursor, if any. */
function paramRefAt(src: YamlSource, offset: number): { name: string; range: OffsetRange } | undefined {
  const at = nodeAt(src, offset);
  if (!at || !isScalar(at.node) || typeof at.node.value !== 'string') return undefined;
  // Inside quotes, so the SQL tokenizer does not take the YAML quote for an SQL one.
  const quoted = /^["']/.test(src.text[at.node.range![0]] ?? '');
  const start = at.node.range![0] + (quoted ? 1 : 0);
  const raw = src.text.slice(start, at.node.range![1] - (quoted ? 1 : 0));
  const rel = offset - start;
  // Positions are searched in the raw source text, which equals the value for plain and
  // one-line quoted scalars and is close enough for block scalars.
  for (const s of templateSlots(raw)) if (rel >= s.index && rel <= s.index + s.length) return { name: s.name, range: { start: start + s.index, end: start + s.index + s.length } };
  for (const p of namedParams(raw)) if (rel >= p.index && rel <= p.index + p.length) return { name: p.name, range: { start: start + p.index, end: start + p.index + p.length } };
  for (const m of raw.matchAll(/\bparams\.([A-Za-z_]\w*)/g)) {
    const s = m.index! + 7;
    if (rel >= m.index! && rel <= s + m[1].length) return { name: m[1], range: { start: start + s, end: start + s + m[1].length } };
  }
  return undefined;
}

export function definitionAt(text: string, offset: number, src: YamlSource = parseYamlSource(text, 'definition')): OffsetRange | undefined {
  const ref = paramRefAt(src, offset);
  if (!ref) return undefined;
  const task = enclosingTask(src, offset);
  const params = mapGet(task, 'params');
  return offsetsOf(mapKey(params, ref.name));
}

export function hoverAt(text: string, offset: number, catalog?: AppCatalog, src: YamlSource = parseYamlSource(text, 'hover')): HoverInfo | undefined {
  const ref = paramRefAt(src, offset);
  if (ref) {
    const def = mapGet(mapGet(enclosingTask(src, offset), 'params'), ref.name);
    return { markdown: def ? `**param \`${ref.name}\`**\n\n\`\`\`yaml\n${JSON.stringify(def.toJSON())}\n\`\`\`` : `**undeclared param \`${ref.name}\`**`, range: ref.range };
  }
  const at = nodeAt(src, offset);
  if (!at) return undefined;
  const range = offsetsOf(at.node)!;
  if (at.onKey) {
    const name = String(at.path.at(-1));
    const info = keysAt(at.path.slice(0, -1), isSuiteFile(src)).find((k) => k.name === name);
    if (info) return { markdown: `**${name}** — \`${describeType(info.schema)}\`\n\n${info.description ?? ''}`, range };
    return undefined;
  }
  // A table name (rules shorthand `table:`, or a word inside SQL) → its schema.
  if (catalog && isScalar(at.node) && typeof at.node.value === 'string') {
    const raw = src.text.slice(range.start, range.end);
    const rel = offset - range.start;
    const word = /[A-Za-z_]\w*$/.exec(raw.slice(0, rel))?.[0] ?? '';
    const rest = /^\w*/.exec(raw.slice(rel))![0];
    const w = word + rest;
    for (const pkg of catalog.packages()) {
      const t = catalog.tables(pkg).find((x) => x.name === w);
      if (t) {
        const cols = t.columns.map((c) => `| ${c.name} | ${c.type}${c.primaryKey ? ' (key)' : ''}${c.notNull ? ' not null' : ''} |`).join('\n');
        return { markdown: `**table \`${t.name}\`** in \`${pkg}\`\n\n| column | type |\n|---|---|\n${cols}`, range: { start: range.start + rel - word.length, end: range.start + rel + rest.length } };
      }
    }
    if (catalog.has(w) || catalog.has(String(at.node.value))) {
      const pkg = catalog.has(w) ? w : String(at.node.value);
      return { markdown: `**${catalog.label(pkg) ?? pkg}** \`${pkg}\`\n\ntables: ${catalog.tables(pkg).map((t) => `\`${t.name}\``).join(', ') || '—'}`, range };
    }
  }
  return undefined;
}

export interface TaskLensSite {
  taskId: string;
  /** Range of the task's `id` value (lenses sit on its line). */
  range: OffsetRange;
}

export function taskLensSites(text: string, src: YamlSource = parseYamlSource(text, 'lens')): TaskLensSite[] {
  const root = src.doc.contents as Node | null;
  if (!isMap(root)) return [];
  const tasks = isSuiteFile(src) ? seqItems(mapGet(root, 'tasks')) : [root];
  const out: TaskLensSite[] = [];
  for (const t of tasks) {
    const id = mapGet(t, 'id');
    if (isScalar(id) && typeof id.value === 'string') out.push({ taskId: id.value, range: offsetsOf(mapKey(t, 'id'))! });
  }
  return out;
}
