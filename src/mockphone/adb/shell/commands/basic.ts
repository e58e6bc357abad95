// The toybox basics callers use around real commands: echo, cat, sleep, rm, ls, grep,
// true/false.
import { setTimeout as delay } from 'node:timers/promises';
import { CommandError, type ShellCommand } from '../env';

export const echo: ShellCommand = (args, io) => {
  let newline = true;
  let escapes = false;
  while (args[0] === '-n' || args[0] === '-e' || args[0] === '-ne' || args[0] === '-en') {
    const flag = args.shift() ?? '';
    if (flag.includes('n')) newline = false;
    if (flag.includes('e')) escapes = true;
  }
  let text = args.join(' ');
  if (escapes) text = text.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\\\/g, '\\');
  io.out(text + (newline ? '\n' : ''));
  return 0;
};

export const cat: ShellCommand = (args, io, env) => {
  if (args.length === 0) { io.out(io.stdin); return 0; }
  let status = 0;
  for (const path of args) {
    try {
      io.out(env.files.read(path));
    } catch (err) {
      io.err(`cat: ${err instanceof Error ? err.message : String(err)}\n`);
      status = 1;
    }
  }
  return status;
};

export const sleep: ShellCommand = async (args, _io, env) => {
  const seconds = Number(args[0]);
  if (args.length !== 1 || !Number.isFinite(seconds) || seconds < 0) throw new CommandError(`sleep: invalid number '${args[0] ?? ''}'`);
  // Advance the phone's virtual clock and really take the time, as a phone's sleep does
  // (callers test their timeouts with it).
  const ms = Math.round(seconds * 1000);
  // A phone that follows the wall clock lets the time pass by itself.
  if (env.phone.clockMode?.() !== 'wall') await env.phone.wait(ms);
  await delay(Math.min(ms, 600_000), undefined, { signal: env.signal }).catch(() => undefined);
  return env.signal?.aborted ? 130 : 0;
};

export const rm: ShellCommand = (args, io, env) => {
  const force = args.some((a) => /^-\w*f/.test(a));
  let status = 0;
  for (const path of args.filter((a) => !a.startsWith('-'))) {
    try {
      env.files.remove(path);
    } catch (err) {
      if (!force) { io.err(`rm: ${err instanceof Error ? err.message : String(err)}\n`); status = 1; }
    }
  }
  return status;
};

export const ls: ShellCommand = (args, io, env) => {
  const paths = args.filter((a) => !a.startsWith('-'));
  let status = 0;
  for (const p of paths.length ? paths : ['/']) {
    const names = env.files.list(p);
    if (names) io.out(names.map((n) => n + '\n').join(''));
    else if (env.files.stat(p)) io.out(p + '\n');
    else { io.err(`ls: ${p}: No such file or directory\n`); status = 1; }
  }
  return status;
};

export const grep: ShellCommand = (args, io, env) => {
  let invert = false;
  let ignoreCase = false;
  let fixed = false;
  const rest: string[] = [];
  for (const a of args) {
    if (/^-[vFEi]+$/.test(a)) {
      invert ||= a.includes('v');
      ignoreCase ||= a.includes('i');
      fixed ||= a.includes('F');
    } else rest.push(a);
  }
  const [pattern, ...files] = rest;
  if (pattern === undefined) throw new CommandError('usage: grep [-viFE] PATTERN [FILE...]', 2);
  let re: RegExp;
  try {
    re = new RegExp(fixed ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : pattern, ignoreCase ? 'i' : '');
  } catch {
    throw new CommandError(`grep: bad regex '${pattern}'`, 2);
  }
  const input = files.length ? Buffer.concat(files.map((f) => env.files.read(f))) : io.stdin;
  const lines = input.toString('utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const hits = lines.filter((l) => re.test(l) !== invert);
  io.out(hits.map((l) => l + '\n').join(''));
  return hits.length ? 0 : 1;
};

export const trueCommand: ShellCommand = () => 0;
export const falseCommand: ShellCommand = () => 1;
