// Where the cursor is in a task file, for completion and hover: the YAML path from the root,
// whether it is on a key or a value, and the scalar under it. Two views: the parsed YAML
// (exact, for values inside complete documents) and the indentation of the lines above (for
// half-typed lines the parser cannot place yet).
import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import type { YamlSource } from '../yaml-source';

export type PathSegment = string | number;

export interface NodeAt {
  path: PathSegment[];
  node: Node;
  onKey: boolean;
  /** Ancestors, root first (maps and sequences). */
  parents: Node[];
}

function contains(node: Node | null | undefined, offset: number): boolean {
  const r = node?.range;
  return !!r && offset >= r[0] && offset <= r[1];
}

/** The deepest node containing `offset` in the parsed document. */
export function nodeAt(src: YamlSource, offset: number): NodeAt | undefined {
  let node = src.doc.contents as Node | null;
  if (!node || !contains(node, offset)) return undefined;
  const path: PathSegment[] = [];
  const parents: Node[] = [];
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => contains(p.key as Node, offset) || contains(p.value as Node, offset));
      if (!pair) return { path, node, onKey: false, parents };
      const key = isScalar(pair.key) ? String(pair.key.value) : '?';
      if (contains(pair.key as Node, offset) && !contains(pair.value as Node, offset)) return { path: [...path, key], node: pair.key as Node, onKey: true, parents: [...parents, node] };
      parents.push(node);
      path.push(key);
      node = pair.value as Node;
    } else if (isSeq(node)) {
      const i = node.items.findIndex((it) => contains(it as Node, offset));
      if (i < 0) return { path, node, onKey: false, parents };
      parents.push(node);
      path.push(i);
      node = node.items[i] as Node;
    } else {
      return { path, node, onKey: false, parents };
    }
    if (isPair(node)) return undefined;
  }
}

export interface LineContext {
  /** Keys of the enclosing mappings (list items appear as 0). */
  path: PathSegment[];
  /** 'key' when typing a key, 'value' when after `key:`. */
  position: 'key' | 'value';
  /** The key whose value is being typed. */
  key?: string;
  /** What has been typed of the current key or value. */
  prefix: string;
}

/** Indentation-based context of the cursor, robust to half-typed lines. */
export function lineContext(text: string, offset: number): LineContext {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const lines = text.slice(0, lineStart).split('\n');
  lines.pop();
  let m = /^(\s*)((?:- )*)([\w.-]*)$/.exec(before);
  let position: 'key' | 'value' = 'key';
  let key: string | undefined;
  let prefix = '';
  let indent: number;
  let items: number = m ? m[2].length / 2 : 0;
  if (m) {
    indent = m[1].length + m[2].length;
    prefix = m[3];
  } else {
    m = /^(\s*)((?:- )*)([\w.-]+):\s*(.*)$/.exec(before);
    if (m) {
      indent = m[1].length + m[2].length;
      position = 'value';
      key = m[3];
      items = m[2].length / 2;
      prefix = m[4].replace(/^["'[{]\s*/, '');
    } else {
      const item = /^(\s*)- (.*)$/.exec(before);
      indent = item ? item[1].length : before.length - before.trimStart().length;
      position = 'value';
      prefix = item ? item[2] : before.trim();
    }
  }
  // Walk up: each line less indented than the current one opens an enclosing key.
  const path: PathSegment[] = [];
  let level = indent;
  for (let i = lines.length - 1; i >= 0 && level > 0; i--) {
    const l = lines[i];
    if (!l.trim() || l.trimStart().startsWith('#')) continue;
    const lm = /^(\s*)((?:- )*)([\w.-]+):/.exec(l);
    const dash = /^(\s*)- /.exec(l);
    const lineIndent = l.length - l.trimStart().length;
    if (lm && lm[1].length + lm[2].length < level) {
      path.unshift(lm[3]);
      if (lm[2]) path.unshift(...Array(lm[2].length / 2).fill(0));
      level = lm[1].length;
    } else if (dash && lineIndent < level) {
      path.unshift(0);
      level = lineIndent;
    }
  }
  for (let i = 0; i < items; i++) path.push(0);
  return { path, position, ...(key ? { key } : {}), prefix };
}
