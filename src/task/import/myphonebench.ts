// MyPhoneBench / PhoneWorld task JSON → the task language. Converts the goal, step budget,
// `verification` blocks (sqlite rules → sql rules shorthand; expect absent / expected_count),
// privacy traps with a `check_query` (→ a verifier that the count stays 0) and table
// overrides in `seed_data` (→ setup.sql fixtures). What cannot be converted is listed.
import { Document } from 'yaml';
import type { SqlVerifierDef, TaskDef, VerifierDef, WhereRule } from '../model';

export interface ImportResult {
  task: TaskDef;
  yaml: string;
  /** Things that were not converted, for the user to finish by hand. */
  notes: string[];
}

const OPS = new Set(['==', '!=', '>', '<', '>=', '<=', 'LIKE', 'IN']);

function packageOf(dbPath: unknown): string | undefined {
  const m = /^\/data\/(?:data|user\/\d+)\/([^/]+)\/databases\//.exec(String(dbPath ?? ''));
  return m?.[1];
}

function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NULL';
  if (typeof v === 'boolean') return v ? '1' : '0';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return `'${s.replace(/'/g, "''")}'`;
}

function ident(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** Braces in imported text are literal, not param slots. */
function escapeSlots(s: string): string {
  return s.replace(/\{/g, '{{').replace(/\}/g, '}}');
}

function blockToVerifier(block: Record<string, unknown>, notes: string[], where: string): VerifierDef | undefined {
  if (block.type !== 'sqlite') {
    notes.push(`${where}: verification type '${String(block.type)}' is not sqlite; not converted`);
    return undefined;
  }
  const app = packageOf(block.database_path);
  if (!app) {
    notes.push(`${where}: cannot tell the app from database_path '${String(block.database_path)}'`);
    return undefined;
  }
  if (typeof block.check_query === 'string' && !block.table) {
    return { sql: { app, query: `SELECT (${block.check_query.trim().replace(/;\s*$/, '')}) AS n`, expect: 'row.n > 0' } };
  }
  const rules: WhereRule[] = [];
  for (const [i, r] of (Array.isArray(block.rules) ? block.rules : []).entries()) {
    const rule = r as Record<string, unknown>;
    const op = String(rule.operator ?? '==').toUpperCase() === 'LIKE' ? 'LIKE' : String(rule.operator ?? '==').toUpperCase() === 'IN' ? 'IN' : String(rule.operator ?? '==');
    if (!OPS.has(op) || typeof rule.field !== 'string') {
      notes.push(`${where}.rules[${i}]: unsupported rule ${JSON.stringify(rule)}`);
      continue;
    }
    rules.push({ field: rule.field, operator: op as WhereRule['operator'], value: typeof rule.value === 'string' ? escapeSlots(rule.value) : rule.value });
  }
  const sql: SqlVerifierDef = { app, table: String(block.table), ...(rules.length ? { where: rules } : {}) };
  if (block.expect === 'absent' || block.expected_count === 0) sql.expect = 'absent';
  else if (typeof block.expected_count === 'number') sql.expect = `count ${block.expected_count}`;
  else sql.expect = 'present';
  return { sql };
}

export function importMyPhoneBench(json: unknown, sourceName = 'task.json'): ImportResult {
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error(`${sourceName}: expected a JSON object (a MyPhoneBench task)`);
  const t = json as Record<string, unknown>;
  const notes: string[] = [];
  if (typeof t.goal !== 'string') throw new Error(`${sourceName}: no "goal" string`);
  const rawId = String(t.task_id ?? t.id ?? sourceName.replace(/\.json$/, ''));
  const blocks = Array.isArray(t.verification) ? t.verification : t.verification ? [t.verification] : [];
  if (blocks.length === 0) notes.push('no "verification" block: add verifiers by hand');
  const verifiers: VerifierDef[] = [];
  blocks.forEach((b, i) => {
    const v = blockToVerifier(b as Record<string, unknown>, notes, blocks.length > 1 ? `verification[${i}]` : 'verification');
    if (v) verifiers.push(v);
  });
  const app = verifiers.map((v) => v.sql?.app).find(Boolean) ?? packageOf((blocks[0] as Record<string, unknown> | undefined)?.database_path);
  for (const [i, trap] of (Array.isArray(t.privacy_traps) ? t.privacy_traps : []).entries()) {
    const tr = trap as Record<string, unknown>;
    if (typeof tr.check_query !== 'string') {
      notes.push(`privacy_traps[${i}] (${String(tr.type)}) has no check_query; not converted`);
      continue;
    }
    const pkg = packageOf(tr.database_path) ?? app;
    if (!pkg) continue;
    verifiers.push({
      name: `privacy trap: ${String(tr.description || tr.type)}`,
      sql: { app: pkg, query: `SELECT (${tr.check_query.trim().replace(/;\s*$/, '')}) AS n`, expect: 'row.n == 0' },
    });
  }
  // Table overrides in seed_data (`<app>_override: { table: [rows…] }`) → SQL fixtures.
  const fixtures: string[] = [];
  const seed = (t.seed_data ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(seed)) {
    if (!value || typeof value !== 'object') continue;
    let converted = false;
    for (const [table, rows] of Object.entries(value as Record<string, unknown>)) {
      if (!Array.isArray(rows) || !rows.every((r) => r && typeof r === 'object' && !Array.isArray(r))) continue;
      for (const row of rows as Record<string, unknown>[]) {
        const cols = Object.keys(row);
        fixtures.push(`INSERT INTO ${ident(table)} (${cols.map(ident).join(', ')}) VALUES (${cols.map((c) => sqlLiteral(row[c])).join(', ')})`);
      }
      converted = true;
    }
    if (!converted) notes.push(`seed_data.${key} is not table rows; not converted`);
  }
  const id = rawId.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[^A-Za-z0-9]+/, '') || 'imported';
  const prefix = app ? `${app.split('.').pop()}.` : '';
  const tags = ['imported', 'myphonebench', ...[t.difficulty, t.goal_vagueness].filter((x): x is string => typeof x === 'string')];
  const task: TaskDef = {
    id: `${prefix}${id}`,
    title: escapeSlots(t.goal.length > 60 ? `${t.goal.slice(0, 57)}…` : t.goal),
    category: 'single-app',
    device: 'adb',
    ...(app ? { apps: [app] } : {}),
    goal: escapeSlots(t.goal),
    ...(fixtures.length && app ? { setup: { sql: { [app]: fixtures } } } : {}),
    max_steps: typeof t.max_steps === 'number' && t.max_steps >= 1 ? Math.min(500, Math.floor(t.max_steps)) : 30,
    verify: verifiers.length === 1 ? verifiers[0] : { all: verifiers.length ? verifiers : [{ answer: { contains: 'TODO' } }] },
    tags,
  };
  notes.push('no reference solution: add `solution:` steps so `phonebuddy check` can prove the verifiers');
  const doc = new Document(task);
  doc.commentBefore = ` Imported from ${sourceName} (MyPhoneBench/PhoneWorld format) by \`phonebuddy import\`.\n${notes.map((n) => ` TODO: ${n}`).join('\n')}`;
  return { task, yaml: doc.toString({ lineWidth: 0 }), notes };
}
