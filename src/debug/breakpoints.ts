// Breakpoints of an agent-debugging session, free of DAP: function breakpoints named by tool
// (`*` for any) and line breakpoints on a task file's `verify` entries and `solution` steps,
// each with an optional CEL condition and hit count. A condition is compiled when set (a
// syntax error is the breakpoint's message, and it never hits); a condition that fails when
// evaluated is reported on the breakpoint and does not stop the run.
import { compileCel, fromCelValue, type CelProgram } from '../task/cel';
import { KNOWN_TOOLS } from '../protocol/tools';

export interface BreakpointSpec {
  condition?: string;
  hitCondition?: string;
}

export interface BreakpointState {
  id: number;
  verified: boolean;
  /** Why it is not verified, or the last run-time condition error. */
  message?: string;
  line?: number;
}

/** A hit count such as `3`, `=3`, `>=3`, `>3`, `<3`, `%3` (VS Code's forms). */
export type HitTest = (hits: number) => boolean;

export function parseHitCondition(text: string): HitTest | string {
  const m = /^\s*(==|=|>=|>|<=|<|%)?\s*(\d+)\s*$/.exec(text);
  if (!m) return `hit count '${text}' is not a number or <op><number> (=, >, >=, <, <=, %)`;
  const n = Number(m[2]);
  switch (m[1] ?? '>=') {
    case '=': case '==': return (h) => h === n;
    case '>': return (h) => h > n;
    case '>=': return (h) => h >= n;
    case '<': return (h) => h < n;
    case '<=': return (h) => h <= n;
    default: return n === 0 ? `hit count '%0' divides by zero` : (h) => h % n === 0;
  }
}

/** One breakpoint's condition and hit count, compiled once. */
export class Condition {
  readonly program?: CelProgram;
  readonly hitTest?: HitTest;
  readonly error?: string;
  hits = 0;

  constructor(spec: BreakpointSpec) {
    if (spec.condition?.trim()) {
      try {
        this.program = compileCel(spec.condition);
      } catch (e) {
        this.error = `condition does not parse: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`;
      }
    }
    if (spec.hitCondition?.trim()) {
      const t = parseHitCondition(spec.hitCondition);
      if (typeof t === 'string') this.error = t;
      else this.hitTest = t;
    }
  }

  /** Whether this breakpoint stops here; throws (with a message) when the condition fails to evaluate. */
  test(scope: Record<string, unknown>): boolean {
    if (this.error) return false;
    if (this.program) {
      let v: unknown;
      try {
        v = fromCelValue(this.program.evaluate(scope));
      } catch (e) {
        throw new Error(`condition failed: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
      }
      if (typeof v !== 'boolean') throw new Error(`condition gave ${JSON.stringify(v)}, not true or false`);
      if (!v) return false;
    }
    this.hits++;
    return this.hitTest ? this.hitTest(this.hits) : true;
  }
}


export interface FunctionBreakpoint extends BreakpointState {
  tool: string;
  cond: Condition;
}

export function functionBreakpoint(id: number, name: string, spec: BreakpointSpec): FunctionBreakpoint {
  const tool = name.trim().toLowerCase();
  const cond = new Condition(spec);
  const bp: FunctionBreakpoint = { id, tool, cond, verified: !cond.error };
  if (tool !== '*' && !KNOWN_TOOLS.includes(tool)) {
    bp.verified = false;
    bp.message = `unknown tool '${name}': use one of ${KNOWN_TOOLS.join(', ')} or * for any`;
  } else if (cond.error) {
    bp.message = cond.error;
  }
  return bp;
}

export type TaskLineTarget = { kind: 'verify'; path: string } | { kind: 'solution'; index: number };

export interface LineBreakpoint extends BreakpointState {
  /** The line the client asked for (`line` moves to the entry's first line). */
  requestedLine?: number;
  target?: TaskLineTarget;
  cond: Condition;
}
