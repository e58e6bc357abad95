// Verifiers that count "at least one" in their expectation: `count >= 1`, `count > before.count`,
// `rows.size() > 0`, `row.n >= 1` over `count(*)`. Where exactly one new row is
// meant (one note, one message), a run that did the task twice passes them. check reports the
// "did it twice" mutant as weak only when one of these accepted it with a different count:
// a verifier that reads only the newest row ("the last message says X") is a different design.
import { verifierRoot, type VerifierDef } from '../model';
import type { VerifierResult } from '../runnable';
import { flattenResults } from '../verifiers/evaluate';

const LOWER_BOUND = /\b(count|size\(\))\s*(>=|>)/;
const AGGREGATE_LOWER_BOUND = /\brow\.\w+\s*(>=|>)/;

function loose(v: VerifierDef): boolean {
  const sql = v.sql;
  if (!sql) return false;
  // Only a bound the author wrote: `present` (and the default, count > 0) says "it exists",
  // which a task that may leave several matching rows means.
  const expect = (sql.expect ?? '').trim();
  if (sql.table || expect === '') return false;
  return LOWER_BOUND.test(expect) || (/\bcount\s*\(/i.test(sql.query ?? '') && AGGREGATE_LOWER_BOUND.test(expect));
}

/** Paths (as in the report: verify.all[1]) of the sql verifiers that count loosely. */
export function looseCountPaths(verify: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (v: VerifierDef | undefined, path: string): void => {
    if (!v || typeof v !== 'object') return;
    if (v.all) v.all.forEach((c, i) => walk(c, `${path}.all[${i}]`));
    else if (v.any) v.any.forEach((c, i) => walk(c, `${path}.any[${i}]`));
    else if (v.not) return; // a count under not: is a must-not, proven elsewhere
    else if (loose(v)) out.add(path);
  };
  walk(verifierRoot(verify), 'verify');
  return out;
}

/** The loose-count verifier that passed on `run` although it saw other rows than on `solution`. */
export function looseCountAccepting(paths: Set<string>, solution: VerifierResult[], run: VerifierResult[]): VerifierResult | undefined {
  if (paths.size === 0) return undefined;
  const seen = new Map(flattenResults(solution).map((r) => [r.path, JSON.stringify(r.observed ?? null)]));
  return flattenResults(run).find((r) => paths.has(r.path) && r.passed && seen.get(r.path) !== JSON.stringify(r.observed ?? null));
}
