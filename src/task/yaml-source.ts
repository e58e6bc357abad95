// A task file's YAML with every node's position kept, so each diagnostic points at the exact
// key or value it is about. Syntax errors do not stop parsing: `yaml` recovers and the rest
// of the document is still checked.
import { Composer, isMap, isNode, isPair, isScalar, isSeq, Lexer, LineCounter, parseDocument, Parser, visit, YAMLParseError, type CST, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import type { Diagnostic, Severity, SourceRange } from './diagnostic';

export interface YamlSource {
  file: string;
  text: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** Diagnostics from the YAML parser itself. */
  diagnostics: Diagnostic[];
  /**
   * The tree is not usable (the file is too large or nests too deeply, or its aliases are
   * unknown or expand past the bound): its one diagnostic says why, no check runs.
   */
  unusable?: boolean;
}

/** Largest task file read (20,000 tasks are about 2 MB); larger ones are refused unparsed. */
export const MAX_TASK_FILE_CHARS = 4 * 1024 * 1024;

/**
 * How deep the YAML parser may nest (its stack: about one level per collection, two per
 * `all: [...]`). Real tasks stay under 15; the YAML composer and the checks recurse, and
 * past about 800 levels they overflow the call stack — V8 then failed fatally on a later
 * regex compile (`check` aborted on a 400 kB file of brackets), so nothing that deep is composed.
 */
export const MAX_YAML_DEPTH = 200;

export function parseYamlSource(text: string, file: string): YamlSource {
  const lineCounter = new LineCounter();
  if (text.length > MAX_TASK_FILE_CHARS) {
    const src: YamlSource = { file, text, doc: parseDocument(''), lineCounter, diagnostics: [], unusable: true };
    src.diagnostics.push(diagnosticAt(src, undefined, `the file is too large for a task file (${megabytes(text.length)} MB; at most ${megabytes(MAX_TASK_FILE_CHARS)} MB): split it into several files`));
    return src;
  }
  // YAML allows no control characters but tab and line breaks; one is binary data or a
  // paste gone wrong, and would reach the model and the phone as part of a goal.
  const control = CONTROL_CHAR.exec(text);
  if (control) {
    const src: YamlSource = { file, text, doc: parseDocument(''), lineCounter: countLines(text), diagnostics: [], unusable: true };
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    src.diagnostics.push(diagnosticAt(src, { start: control.index, end: control.index + 1 }, `not a text file: control character U+${code} (a task file is YAML text; binary data and control characters are not allowed)`));
    return src;
  }
  let tooDeepAt: number | undefined;
  const doc = parseBounded(text, lineCounter, (offset) => { tooDeepAt = offset; });
  const src: YamlSource = { file, text, doc, lineCounter, diagnostics: [] };
  if (tooDeepAt !== undefined) {
    src.unusable = true;
    src.diagnostics.push(diagnosticAt(src, { start: tooDeepAt, end: tooDeepAt + 1 }, `YAML nested too deeply (more than ${MAX_YAML_DEPTH} levels): a task file needs only a few`));
    return src;
  }
  for (const e of [...doc.errors, ...doc.warnings]) {
    const [start, end] = e.pos;
    const severity: Severity = doc.errors.includes(e as never) ? 'error' : 'warning';
    const firstLine = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    src.diagnostics.push(diagnosticAt(src, { start, end: Math.max(end, start + 1) }, `YAML: ${firstLine}`, severity));
  }
  if (doc.errors.length === 0) expandAliases(src);
  return src;
}

const CONTROL_CHAR = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

function countLines(text: string): LineCounter {
  const lc = new LineCounter();
  lc.addNewLine(0);
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lc.addNewLine(i + 1);
  return lc;
}

function megabytes(chars: number): string {
  return (chars / (1024 * 1024)).toFixed(1);
}

/**
 * parseDocument (first document; a second one is an error), but the parser's depth is
 * watched as the text is lexed and parsing stops past MAX_YAML_DEPTH, before anything is
 * composed: the composer recurses on the finished tokens.
 */
function parseBounded(text: string, lineCounter: LineCounter, tooDeep: (offset: number) => void): Document.Parsed {
  const parser = new Parser(lineCounter.addNewLine);
  function* tokens(): Generator<CST.Token> {
    lineCounter.addNewLine(0);
    for (const lexeme of new Lexer().lex(text)) {
      yield* parser.next(lexeme);
      if (parser.stack.length > MAX_YAML_DEPTH) { tooDeep(parser.offset); return; }
    }
    yield* parser.end();
  }
  const composer = new Composer({ uniqueKeys: true });
  let doc: Document.Parsed | undefined;
  for (const d of composer.compose(tokens(), true, text.length)) {
    if (!doc) doc = d;
    else {
      doc.errors.push(new YAMLParseError([d.range[0], d.range[1]], 'MULTIPLE_DOCS', 'a task file holds one YAML document; a second one starts here (remove the --- line or move it into its own file)'));
      break;
    }
  }
  // compose(…, forceDoc) always yields one.
  return doc!;
}

/** Nodes that aliases may add in all (a "billion laughs" file stops here with an error). */
export const MAX_ALIAS_EXPANSION = 10_000;

function countNodes(node: unknown): number {
  let n = 0;
  visit(node as Node, { Node: () => { n++; } });
  return n;
}

/**
 * Replaces every alias (`*name`) by a copy of its anchor's node, and applies `<<: *base`
 * merge keys, so the checks and the task data see one plain tree. Diagnostics inside a copy
 * point at the anchored original. Expansion is bounded by MAX_ALIAS_EXPANSION nodes.
 */
function expandAliases(src: YamlSource): void {
  let budget = MAX_ALIAS_EXPANSION;
  let failed: { node: Node; message: string } | undefined;
  visit(src.doc, {
    Alias(_, alias) {
      if (failed) return visit.BREAK;
      const target = alias.resolve(src.doc);
      if (!target) { failed = { node: alias, message: `YAML: unknown alias *${alias.source}` }; return visit.BREAK; }
      const size = countNodes(target);
      budget -= size;
      if (budget < 0) { failed = { node: alias, message: `YAML aliases expand to more than ${MAX_ALIAS_EXPANSION} nodes; write the repeated part out or use fewer aliases` }; return visit.BREAK; }
      const copy = (target as Node).clone() as Node;
      (copy as { anchor?: string }).anchor = undefined;
      return copy; // visited next, so aliases inside it expand too
    },
  });
  if (failed) { src.unusable = true; src.diagnostics.push(diagnosticAt(src, offsetsOf(failed.node), failed.message)); return; }
  visit(src.doc, { Map(_, map) { mergeKeys(map); } });
}

/** `<<: base` (a map or a list of maps): keys the map lacks are taken from base. */
function mergeKeys(map: YAMLMap): void {
  const i = map.items.findIndex((p) => isScalar(p.key) && p.key.value === '<<');
  if (i < 0) return;
  const merge = map.items[i].value;
  const sources = isSeq(merge) ? merge.items : [merge];
  map.items.splice(i, 1);
  for (const source of sources) {
    if (!isMap(source)) continue;
    for (const pair of source.items) {
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      if (!map.items.some((p) => isScalar(p.key) && p.key.value === key)) map.items.push(isNode(pair.value) ? (pair.clone() as Pair) : pair);
    }
  }
}

export interface OffsetRange {
  start: number;
  end: number;
}

export function offsetsOf(node: Node | Pair | null | undefined): OffsetRange | undefined {
  if (!node) return undefined;
  if (isPair(node)) {
    const k = offsetsOf(node.key as Node | null);
    const v = offsetsOf(node.value as Node | null);
    if (k && v) return { start: k.start, end: v.end };
    return k ?? v;
  }
  const r = (node as Node).range;
  if (!r) return undefined;
  return { start: r[0], end: r[1] };
}

export function toRange(src: YamlSource, o: OffsetRange): SourceRange {
  const a = src.lineCounter.linePos(o.start);
  const b = src.lineCounter.linePos(Math.max(o.end, o.start));
  return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
}

export function diagnosticAt(src: YamlSource, o: OffsetRange | undefined, message: string, severity: Severity = 'error'): Diagnostic {
  const range = o ? toRange(src, o) : { line: 1, column: 1, endLine: 1, endColumn: 1 };
  return { file: src.file, ...range, severity, message };
}

/** The first line of a node only — for "missing key" messages on a whole map. */
export function firstLineOf(src: YamlSource, node: Node | null | undefined): OffsetRange | undefined {
  const o = offsetsOf(node);
  if (!o) return undefined;
  const nl = src.text.indexOf('\n', o.start);
  return { start: o.start, end: nl < 0 || nl > o.end ? o.end : nl };
}

/** The value node of `key` in a map node (undefined when absent). */
export function mapGet(node: unknown, key: string): Node | undefined {
  if (!isMap(node)) return undefined;
  for (const item of node.items) {
    if (isScalar(item.key) && String(item.key.value) === key) return (item.value ?? undefined) as Node | undefined;
  }
  return undefined;
}

/** The key node of `key` in a map node. */
export function mapKey(node: unknown, key: string): Node | undefined {
  if (!isMap(node)) return undefined;
  for (const item of node.items) {
    if (isScalar(item.key) && String(item.key.value) === key) return item.key as Node;
  }
  return undefined;
}

export function seqItems(node: unknown): Node[] {
  return isSeq(node) ? (node.items as Node[]) : [];
}

/** Offsets of a substring inside a scalar's source text (quotes and block indentation aware). */
export function offsetsInScalar(src: YamlSource, node: Node | undefined, index: number, length: number): OffsetRange | undefined {
  const o = offsetsOf(node);
  if (!o || !isScalar(node)) return o;
  const value = String(node.value);
  const raw = src.text.slice(o.start, o.end);
  // Plain and quoted one-line scalars: find the same substring in the raw text.
  const needle = value.slice(index, index + length);
  const before = value.slice(0, index);
  let from = 0;
  // Locate the occurrence whose preceding text (in value) has the same count of the needle.
  const occurrence = before.split(needle).length - 1;
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = raw.indexOf(needle, from);
    if (at < 0) break;
    from = at + 1;
  }
  if (at < 0) return o;
  return { start: o.start + at, end: o.start + at + needle.length };
}
