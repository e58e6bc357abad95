// `phonebuddy check --parallel N`: N child processes of this same CLI, each proving every
// N-th instance (`--worker-shard i/N`, one JSON line per result), merged here in order. Each
// process has its own mock phones and event loop, so the checks really use N cores.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import type { CheckFilesResult } from '../../task/check/check-files';
import type { InstanceCheck } from '../../task/check/check-task';
import type { Diagnostic } from '../../task/diagnostic';

export async function checkInProcesses(args: string[], count: number, onResult?: (r: InstanceCheck) => void): Promise<CheckFilesResult> {
  const passOn = stripOption(stripOption(args, '--parallel'), '--json');
  const shards = Array.from({ length: count }, (_, i) => runShard([...passOn, '--worker-shard', `${i}/${count}`], onResult));
  const done = await Promise.all(shards);
  const checks = done.flatMap((d) => d.checks);
  const diagnostics = done[0].diagnostics;
  const ok = done.every((d) => d.ok) && checks.every((c) => c.ok);
  return { diagnostics, checks, ok };
}

function stripOption(args: string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) { if (name === '--parallel') i++; continue; }
    if (args[i].startsWith(`${name}=`)) continue;
    out.push(args[i]);
  }
  return out;
}

function runShard(args: string[], onResult?: (r: InstanceCheck) => void): Promise<CheckFilesResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], 'check', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    const checks: InstanceCheck[] = [];
    let diagnostics: Diagnostic[] | undefined;
    let ok = false;
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      let m: { check?: InstanceCheck; done?: { diagnostics: Diagnostic[]; ok: boolean } };
      try { m = JSON.parse(line); } catch { return; }
      if (m.check) { checks.push(m.check); onResult?.(m.check); }
      if (m.done) { diagnostics = m.done.diagnostics; ok = m.done.ok; }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (!diagnostics) reject(new Error(`a check worker exited (${code}) before it finished`));
      else resolve({ diagnostics, checks, ok });
    });
  });
}
