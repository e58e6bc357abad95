// Runs a command line the way Android's /system/bin/sh would for the subset we parse:
// and-or lists, pipelines (stdout → next stdin), redirections, $VAR and $(…) expansion.
// Output goes to `sink` in order, tagged 1 (stdout) or 2 (stderr).
import { FileError } from '../device-files';
import { COMMANDS } from './commands';
import { CommandError, type CommandIo, type ShellEnv } from './env';
import { parseScript, type SimpleCommand, type Word } from './parse';
import { ShellSyntaxError } from './tokenize';

export type OutputSink = (fd: 1 | 2, data: Buffer) => void;

const SH = '/system/bin/sh';

interface RunState {
  env: ShellEnv;
  vars: Map<string, string>;
  status: number;
}

/** Runs a script; returns its exit status. Never throws for bad input. */
export async function runShell(src: string, env: ShellEnv, sink: OutputSink, vars = defaultVars()): Promise<number> {
  const state: RunState = { env, vars, status: 0 };
  let items;
  try {
    items = parseScript(src);
  } catch (err) {
    if (err instanceof ShellSyntaxError) {
      sink(2, Buffer.from(`${SH}: ${err.message}\n`));
      return 2;
    }
    throw err;
  }
  for (const item of items) {
    if (item.connector === '&&' && state.status !== 0) continue;
    if (item.connector === '||' && state.status === 0) continue;
    let stdin = Buffer.alloc(0);
    for (let k = 0; k < item.pipeline.length; k++) {
      const last = k === item.pipeline.length - 1;
      const captured: Buffer[] = [];
      const out: OutputSink = last ? sink : (fd, d) => (fd === 1 ? captured.push(d) : sink(fd, d));
      state.status = await runCommand(item.pipeline[k], stdin, out, state);
      stdin = Buffer.concat(captured);
    }
  }
  return state.status;
}

export function defaultVars(): Map<string, string> {
  return new Map([['HOME', '/'], ['PATH', '/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin'],
    ['EXTERNAL_STORAGE', '/sdcard'], ['ANDROID_DATA', '/data'], ['SHELL', SH]]);
}

async function expand(word: Word, state: RunState): Promise<string> {
  let s = '';
  for (const part of word) {
    if (part.kind === 'text') s += part.text;
    else if (part.kind === 'var') s += part.name === '?' ? String(state.status) : part.name === '$' ? '4242' : state.vars.get(part.name) ?? '';
    else {
      const chunks: Buffer[] = [];
      await runShell(part.script, state.env, (fd, d) => { if (fd === 1) chunks.push(d); }, state.vars);
      s += Buffer.concat(chunks).toString('utf8').replace(/\n+$/, '');
    }
  }
  return s;
}

async function runCommand(cmd: SimpleCommand, stdin: Buffer, sink: OutputSink, state: RunState): Promise<number> {
  const argv: string[] = [];
  for (const w of cmd.words) argv.push(await expand(w, state));

  // Resolve redirections left to right, so `>/dev/null 2>&1` and `2>&1 >f` differ as in sh.
  // Each fd maps to a writer that already knows its destination stream.
  const targets: Record<1 | 2, (d: Buffer) => void> = { 1: (d) => sink(1, d), 2: (d) => sink(2, d) };
  const fileOutputs: { path: string; chunks: Buffer[] }[] = [];
  try {
    for (const r of cmd.redirects) {
      if (r.kind === 'dup') { targets[r.fd] = targets[r.fd === 2 ? 1 : 2]; continue; }
      const path = await expand(r.target ?? [], state);
      if (r.kind === 'input') { stdin = state.env.files.read(path); continue; }
      if (path === '/dev/null') { targets[r.fd] = () => undefined; continue; }
      state.env.files.write(path, Buffer.alloc(0), r.kind === 'append'); // create/truncate now, as sh does
      const f = { path, chunks: [] as Buffer[] };
      fileOutputs.push(f);
      targets[r.fd] = (d) => { f.chunks.push(d); };
    }
  } catch (err) {
    if (err instanceof FileError) { sink(2, Buffer.from(`${SH}: can't open ${err.message}\n`)); return 1; }
    throw err;
  }

  const io: CommandIo = {
    stdin,
    out: (d) => targets[1](typeof d === 'string' ? Buffer.from(d) : d),
    err: (d) => targets[2](typeof d === 'string' ? Buffer.from(d) : d),
  };
  const status = await execute(argv, io, state);
  for (const f of fileOutputs) state.env.files.write(f.path, Buffer.concat(f.chunks), true);
  return status;
}

async function execute(argv: string[], io: CommandIo, state: RunState): Promise<number> {
  const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(argv[0] ?? '');
  if (assignment && argv.length === 1) {
    state.vars.set(assignment[1], assignment[2]);
    return 0;
  }
  const [name, ...args] = argv;
  if (name === undefined) return 0;
  state.env.onCommand?.(argv);
  const command = COMMANDS.get(name.replace(/^\/system\/bin\//, ''));
  if (!command) {
    io.err(`${SH}: ${name}: not found\n`);
    return 127;
  }
  await state.env.beforeCommand?.(argv);
  try {
    return await command(args, io, state.env);
  } catch (err) {
    if (err instanceof CommandError) { io.err(err.message.endsWith('\n') ? err.message : err.message + '\n'); return err.exitCode; }
    if (err instanceof FileError) { io.err(`${name}: ${err.message}\n`); return 1; }
    // A failure inside the mock phone: report it like a crashing Android command would.
    io.err(`${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
