// The icon glyphs an app file names — its launcher icon, its mini-program's, and every module's
// buttons, tabs, list items and empty states (each a `$ref` to the schema's `icon` definition)
// — against the phone's icon set (src/mockphone/ui/icons.ts). A name the set lacks draws
// nothing (a blank launcher circle, an empty button): a warning on the name, with the nearest
// glyph as the quick fix; the app still loads. The names and a picture of each glyph are what
// completion and hover show.
import { isMap, isScalar, isSeq, type Node, type Scalar } from 'yaml';
import { ICON_PATHS, isIconName } from '../../mockphone/ui/icons';
import type { Diagnostic } from '../../task/diagnostic';
import type { PathSegment } from '../../task/language/cursor';
import { closest } from '../../task/schema-validate';
import { diagnosticAt, offsetsInScalar, type YamlSource } from '../../task/yaml-source';
import { refAt } from './schema-at';

/** Every glyph the phone draws, alphabetically. */
export const ICON_NAMES: readonly string[] = Object.keys(ICON_PATHS).sort();

/** The `icon:` values of the document that the schema says are glyphs, with their paths. */
export function iconValues(root: Node | null | undefined): { path: PathSegment[]; node: Scalar<string> }[] {
  const out: { path: PathSegment[]; node: Scalar<string> }[] = [];
  const visit = (node: unknown, path: PathSegment[]): void => {
    if (isMap(node)) {
      for (const p of node.items) {
        if (!isScalar(p.key)) continue;
        const key = String(p.key.value);
        const at = [...path, key];
        if (key === 'icon' && isScalar(p.value) && typeof p.value.value === 'string') {
          if (refAt(root, at) === 'icon') out.push({ path: at, node: p.value as Scalar<string> });
        } else visit(p.value, at);
      }
    } else if (isSeq(node)) node.items.forEach((item, i) => visit(item, [...path, i]));
  };
  visit(root, []);
  return out;
}

/** A warning on each glyph name the phone does not have. */
export function iconDiagnostics(src: YamlSource, root: Node | null | undefined): Diagnostic[] {
  return iconValues(root).filter(({ node }) => !isIconName(node.value)).map(({ node }) => {
    const hint = closest(node.value, [...ICON_NAMES]);
    return diagnosticAt(src, offsetsInScalar(src, node, 0, node.value.length), `icon '${node.value}' is not a glyph the phone has: it draws nothing${hint ? ` (did you mean '${hint}'?)` : ''}; the glyphs are in src/mockphone/ui/icons.ts (completion lists them)`, 'warning');
  });
}

/** The glyph drawn as a small grey SVG (a data URI: hover and completion show it as an image). */
export function iconImage(name: string, size = 32): string | undefined {
  if (!isIconName(name)) return undefined;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${size}" height="${size}"><path fill="#808080" d="${ICON_PATHS[name]}"/></svg>`;
  return `![${name}](data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')})`;
}
