// `shell` verifiers: a command on the phone and its expected output. Never run in an
// untrusted workspace — the report says so instead.
import type { ShellVerifierDef } from '../model';
import { shellQuote } from '../../device/shell-quote';
import { compileRegex } from '../regex';
import { fillTemplate } from '../template';
import type { VerifyScope } from './context';
import type { LeafVerdict } from './sql';

export async function verifyShell(def: ShellVerifierDef, scope: VerifyScope): Promise<LeafVerdict> {
  const { device, context, params } = scope.input;
  if (!context.trusted) return { passed: false, skipped: true, reason: 'skipped: shell verifiers do not run in an untrusted workspace (trust the workspace to run them)' };
  if (!device.shell) return { passed: false, error: true, reason: `device ${device.id} has no shell` };
  // Params are quoted so a value can never become shell syntax.
  const quoted = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, shellQuote(String(v))]));
  const command = fillTemplate(def.command, quoted);
  let result;
  try {
    result = await device.shell(command, 15_000);
  } catch (e) {
    return { passed: false, error: true, reason: `shell command failed: ${(e as Error).message}` };
  }
  const out = result.stdout;
  const observed = { command, stdout: out.length > 2000 ? `${out.slice(0, 2000)}…` : out, exitCode: result.exitCode };
  const checks: string[] = [];
  let passed = true;
  const wantExit = def.exit_code ?? 0;
  if (result.exitCode !== wantExit) { passed = false; checks.push(`exit code ${result.exitCode} (want ${wantExit})`); }
  if (def.contains !== undefined) {
    const want = fillTemplate(def.contains, params);
    const ok = out.includes(want);
    passed &&= ok;
    checks.push(`${ok ? 'contains' : 'does not contain'} ${JSON.stringify(want)}`);
  }
  if (def.equals !== undefined) {
    const want = fillTemplate(def.equals, params);
    const ok = out.trim() === want.trim();
    passed &&= ok;
    checks.push(`${ok ? 'equals' : 'does not equal'} ${JSON.stringify(want)}`);
  }
  if (def.regex !== undefined) {
    const src = fillTemplate(def.regex, params);
    let ok = false;
    try { ok = compileRegex(src, { multiline: true }).test(out); } catch (e) { return { passed: false, error: true, observed, reason: `invalid regex: ${(e as Error).message}` }; }
    passed &&= ok;
    checks.push(`${ok ? 'matches' : 'does not match'} /${src}/`);
  }
  return { passed, observed, reason: `\`${command}\` output ${checks.join(', ') || `exited ${result.exitCode}`}` };
}
