// An app file's problems as the editor shows them while it is typed: everything the loader
// checks (parse-app-file.ts: schema, module parameters, SQL, CEL, navigate targets, strings,
// reachability), the package against the built-ins and the workspace's other app files (the
// catalogue's rule, workspace-apps.ts), and the seed tried in SQLite (phone-apps.ts) — each on
// the value it is about: the package's value, the seed row or generator that fails.
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { SqlJsStatic } from 'sql.js';
import { APP_INFOS } from '../../../mockphone/apps/infos';
import { compileAppSpec } from '../../../mockphone/apps/modules/compile';
import type { Diagnostic } from '../../../task/diagnostic';
import { diagnosticAt, firstLineOf, mapGet, offsetsOf, type YamlSource } from '../../../task/yaml-source';
import { parseAppFile } from '../parse-app-file';
import { seedProblem } from '../seed-check';
import { miniProgramClash, packageClash } from '../../workspace-apps';

/** The other app files of the workspace, in the catalogue's (file-name) order. */
export interface AppWorkspace {
  apps: readonly { file: string; package: string }[];
}

export function appFileDiagnostics(text: string, file: string, sql?: SqlJsStatic, workspace: AppWorkspace = { apps: [] }): Diagnostic[] {
  const parsed = parseAppFile(text, file, sql);
  const out = [...parsed.diagnostics];
  const spec = parsed.spec;
  if (!spec) return out;
  const src = parsed.source;
  const root = src.doc.contents as Node;
  // The package: a built-in's, or one an earlier app file declares (the first by path wins).
  const earlier = workspace.apps.find((a) => a.package === spec.package && a.file !== file && isBefore(workspace, a.file, file));
  const clash = packageClash(spec, APP_INFOS.some((i) => i.package === spec.package), earlier?.file);
  if (clash) out.push(diagnosticAt(src, offsetsOf(mapGet(root, 'package')), clash.message, clash.severity));
  const later = workspace.apps.find((a) => a.package === spec.package && a.file !== file && !isBefore(workspace, a.file, file));
  if (later && !clash) out.push(diagnosticAt(src, offsetsOf(mapGet(root, 'package')), `package ${spec.package} is also declared by ${later.file}, which is left out (this file comes first)`, 'warning'));
  // A mini-program's key: not its host's own mini-program's (the loader also refuses a key an earlier file takes).
  const keyClash = spec.miniProgram && miniProgramClash(spec, new Map());
  if (keyClash) out.push(diagnosticAt(src, offsetsOf(mapGet(mapGet(root, 'miniProgram'), 'key')), keyClash));
  // The seed, as the phone runs it: a failing row is reported on that row.
  if (sql && spec.database?.seed) {
    const problem = seedProblem(sql, compileAppSpec(spec))?.message;
    if (problem) out.push(diagnosticAt(src, seedSite(src, root, problem), problem));
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Does `a` load before `b` (the catalogue's order: the listed order, else by path)? */
function isBefore(ws: AppWorkspace, a: string, b: string): boolean {
  const i = ws.apps.findIndex((x) => x.file === a);
  const j = ws.apps.findIndex((x) => x.file === b);
  return i >= 0 && j >= 0 ? i < j : a < b;
}

/** The seed row or generator a seed problem names ("file:line: …"), else the `seed:` value's first line. */
function seedSite(src: YamlSource, root: Node, problem: string): ReturnType<typeof offsetsOf> {
  const seed = mapGet(mapGet(root, 'database'), 'seed');
  const line = Number(/\.app\.(?:yaml|ts):(\d+): /.exec(problem)?.[1] ?? NaN);
  const candidates: Node[] = [];
  const rows = mapGet(seed, 'rows');
  for (const byLocale of isMap(rows) ? rows.items : []) {
    for (const byTable of isMap(byLocale.value) ? byLocale.value.items : []) if (isSeq(byTable.value)) candidates.push(...(byTable.value.items as Node[]));
  }
  const gen = mapGet(seed, 'generate');
  if (isSeq(gen)) candidates.push(...(gen.items as Node[]));
  const hit = candidates.find((n) => {
    const o = offsetsOf(n);
    return o && src.lineCounter.linePos(o.start).line === line;
  });
  return firstLineOf(src, hit ?? (isScalar(seed) ? seed : seed ?? mapGet(root, 'database')));
}
