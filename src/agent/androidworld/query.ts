// Query parameters as AndroidWorld's FastAPI server reads them: a required parameter that is
// missing, or a value that is not a bool / int, is a 422 whose `detail` lists each problem in
// FastAPI's (pydantic v2) shape, so clients that print the server's answer see the same thing.

export class HttpProblem extends Error {
  constructor(readonly status: number, readonly detail: unknown) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
  }
}

export interface FieldProblem {
  type: 'missing' | 'bool_parsing' | 'int_parsing';
  loc: ['query', string];
  msg: string;
  input: string | null;
}

const TRUE = new Set(['1', 'true', 't', 'yes', 'y', 'on']);
const FALSE = new Set(['0', 'false', 'f', 'no', 'n', 'off']);

type Spec = { type: 'bool' | 'int' | 'str'; default?: boolean | number | string };
type Out<S extends Record<string, Spec>> = {
  [K in keyof S]: S[K]['type'] extends 'bool' ? boolean : S[K]['type'] extends 'int' ? number : string;
};

/** Reads every declared parameter at once (FastAPI reports all problems together). */
export function readQuery<S extends Record<string, Spec>>(q: URLSearchParams, spec: S): Out<S> {
  const problems: FieldProblem[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(spec)) {
    const raw = q.get(name);
    if (raw === null) {
      if (s.default === undefined) problems.push({ type: 'missing', loc: ['query', name], msg: 'Field required', input: null });
      else out[name] = s.default;
      continue;
    }
    if (s.type === 'bool') {
      const v = raw.toLowerCase();
      if (TRUE.has(v)) out[name] = true;
      else if (FALSE.has(v)) out[name] = false;
      else problems.push({ type: 'bool_parsing', loc: ['query', name], msg: 'Input should be a valid boolean, unable to interpret input', input: raw });
    } else if (s.type === 'int') {
      if (/^\s*[+-]?\d+\s*$/.test(raw)) out[name] = Number(raw);
      else problems.push({ type: 'int_parsing', loc: ['query', name], msg: 'Input should be a valid integer, unable to parse string as an integer', input: raw });
    } else out[name] = raw;
  }
  if (problems.length) throw new HttpProblem(422, problems);
  return out as Out<S>;
}
