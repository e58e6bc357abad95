// `answer` verifiers: the agent's finish/output text — contains, equals, regex, or a number
// within a tolerance.
import { VERIFIER_QUERY_MS } from './context';
import type { AnswerVerifierDef } from '../model';
import { compileRegex } from '../regex';
import { bindNamed } from '../sql-params';
import { fillTemplate, fillValue } from '../template';
import type { VerifyScope } from './context';
import { queryFailure, type LeafVerdict } from './sql';

/** First number in a text; thousands separators ("1,234.5") and full-width digits accepted. */
export function firstNumber(text: string): number | undefined {
  const norm = text.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/(\d),(?=\d{3}\b)/g, '$1');
  const m = /-?\d+(?:\.\d+)?/.exec(norm);
  return m ? Number(m[0]) : undefined;
}

/** `expected: { app, query }`: the value the answer must give, read from the app's state. */
async function expectedFromState(def: AnswerVerifierDef, scope: VerifyScope): Promise<AnswerVerifierDef | LeafVerdict> {
  const { device, params } = scope.input;
  const q = def.expected!;
  let rows;
  let source: string;
  if (q.named !== undefined) {
    // A named query (`queries:`): the same rows any sql verifier's expect reads by name.
    source = `named query '${q.named}'`;
    try {
      rows = await scope.namedQuery(q.named);
    } catch (e) {
      return { passed: false, error: true, reason: `expected value: ${(e as Error).message}` };
    }
  } else {
    source = `expected-value query on ${q.app}`;
    if (!device.queryApp) return { passed: false, error: true, reason: `device ${device.id} cannot query app databases` };
    try {
      const { sql, values } = bindNamed(q.query ?? '', params);
      rows = await device.queryApp(q.app ?? '', sql, values, { timeoutMs: VERIFIER_QUERY_MS });
    } catch (e) {
      return { passed: false, error: true, reason: queryFailure(q.app ?? '', e, 'expected-value query') };
    }
  }
  const row = rows[0];
  if (row && q.column !== undefined && !(q.column in row)) return { passed: false, error: true, reason: `the ${source} has no column '${q.column}' (columns: ${Object.keys(row).join(', ')})` };
  const first = row ? (q.column !== undefined ? row[q.column] : Object.values(row)[0]) : undefined;
  if (first === undefined || first === null) return { passed: false, error: true, reason: `the ${source} returned no value, so there is nothing to compare the answer with` };
  const value = String(first);
  const match = def.match ?? 'contains';
  // The value is data, never a template: escape braces so a {x} in it stays literal.
  const literal = value.replace(/\{/g, '{{').replace(/\}/g, '}}');
  return { ...def, expected: undefined, match: undefined, ...(match === 'number' ? { number: Number(value) } : { [match]: literal }) };
}

export async function verifyAnswer(def: AnswerVerifierDef, scope: VerifyScope): Promise<LeafVerdict> {
  if (def.expected) {
    const resolved = await expectedFromState(def, scope);
    if ('passed' in resolved) return resolved;
    return checkAnswer(resolved, scope);
  }
  return checkAnswer(def, scope);
}

function checkAnswer(def: AnswerVerifierDef, scope: VerifyScope): LeafVerdict {
  const { outcome, params } = scope.input;
  const answer = outcome.answer;
  if (answer === undefined) return { passed: false, observed: null, reason: 'the agent gave no answer (no finish/output text)' };
  const fold = (s: string) => (def.ignore_case ? s.toLowerCase() : s);
  const a = fold(answer);
  const checks: string[] = [];
  let passed = true;
  if (def.contains !== undefined) {
    const want = fillTemplate(def.contains, params);
    const ok = a.includes(fold(want));
    passed &&= ok;
    checks.push(`${ok ? 'contains' : 'does not contain'} ${JSON.stringify(want)}`);
  }
  if (def.equals !== undefined) {
    const want = fillTemplate(def.equals, params);
    const ok = a.trim() === fold(want).trim();
    passed &&= ok;
    checks.push(`${ok ? 'equals' : 'does not equal'} ${JSON.stringify(want)}`);
  }
  if (def.regex !== undefined) {
    const src = fillTemplate(def.regex, params);
    let ok = false;
    try { ok = compileRegex(src, { ignoreCase: def.ignore_case }).test(answer); } catch (e) { return { passed: false, error: true, observed: answer, reason: `invalid regex: ${(e as Error).message}` }; }
    passed &&= ok;
    checks.push(`${ok ? 'matches' : 'does not match'} /${src}/`);
  }
  if (def.number !== undefined) {
    const want = Number(fillValue(def.number, params));
    const got = firstNumber(answer);
    const tol = def.tolerance ?? 0;
    const ok = got !== undefined && Number.isFinite(want) && Math.abs(got - want) <= tol + 1e-12;
    passed &&= ok;
    checks.push(got === undefined ? 'has no number' : `has number ${got} (want ${want}${tol ? ` ± ${tol}` : ''})`);
  }
  return { passed, observed: answer, reason: `answer ${checks.join(', ')}` };
}
