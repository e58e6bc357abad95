// `phonebuddy serve-env`: mock phones as an RL environment on OpenEnv's wire protocol, until
// Ctrl-C; `--sessions URL` lists a running service's sessions and `--watch URL --session ID`
// follows one read-only (its state each step, its screen saved as PNG).
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { reportAppProblems } from '../apps-option';
import { parseCommandArgs } from '../args';
import { startEnvServer } from '../../env/server';
import { TaskCatalogue } from '../../env/task-catalogue';

const HELP = `usage: phonebuddy serve-env [--tasks PATH]… [--port 8000] [--host 127.0.0.1] [--seed N]
                            [--max-sessions 16] [--idle-timeout 600] [--trap-penalty 1]
                            [--max-message-bytes 1048576] [--threads N] [--call-timeout 120]
       phonebuddy serve-env --sessions URL
       phonebuddy serve-env --watch URL --session ID [--screen FILE.png]

Serves the task folders' tasks on mock phones as an OpenEnv environment:
WS /ws (reset/step/state/close/fork), GET /health /metadata /schema /state /sessions,
POST /reset /step /fork. See docs/environment.md.

  --tasks PATH          task files or folders (repeatable; default .)
  --port N              TCP port (default 8000; 0 picks a free one)
  --host ADDR           address to listen on (default 127.0.0.1)
  --seed N              the seed a reset without one uses (default 0)
  --max-sessions N      sessions held at once; the next gets CAPACITY_REACHED (default 16)
  --idle-timeout S      close sessions untouched this many seconds (default 600; 0 = never)
  --trap-penalty P      subtracted from the reward of an episode that hit a safety/privacy trap (default 1)
  --max-message-bytes N largest WebSocket frame / HTTP body accepted (default 1 MiB)
  --threads N           session threads, several sessions on each (default: the cores; 0 = all
                        sessions on the server's own thread)
  --call-timeout S      a reset/step/fork running longer stops its thread, failing its sessions
                        (default 120; 0 = never)
  --sessions URL        list the sessions of a running service
  --watch URL           follow one session of a running service read-only (with --session)
  --screen FILE         with --watch: write the session's screen there after every step
  --apps DIR            the workspace's mock apps: every *.app.yaml under DIR joins the
                        built-in apps (see docs/authoring-apps.md)
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('serve-env', HELP, { args, strict: true, options: {
    tasks: { type: 'string', multiple: true }, port: { type: 'string', default: '8000' }, host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '0' }, 'max-sessions': { type: 'string', default: '16' }, 'idle-timeout': { type: 'string', default: '600' },
    'trap-penalty': { type: 'string', default: '1' }, 'max-message-bytes': { type: 'string', default: String(1 << 20) },
    threads: { type: 'string', default: String(os.availableParallelism()) }, 'call-timeout': { type: 'string', default: '120' },
    sessions: { type: 'string' }, watch: { type: 'string' }, session: { type: 'string' }, screen: { type: 'string' }, apps: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } });
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  if (values.sessions) return listSessions(values.sessions);
  if (values.watch) {
    if (!values.session) { process.stderr.write('phonebuddy serve-env: --watch needs --session ID (list them with --sessions URL)\n'); return 2; }
    return watch(values.watch, values.session, values.screen);
  }
  const num = (name: string, min: number, int = true): number | string => {
    const v = Number(values[name as keyof typeof values]);
    return Number.isFinite(v) && v >= min && (!int || Number.isInteger(v)) ? v : `--${name} must be ${int ? 'an integer' : 'a number'} ≥ ${min}, got '${String(values[name as keyof typeof values])}'`;
  };
  const port = num('port', 0), seed = num('seed', 0), maxSessions = num('max-sessions', 1), idle = num('idle-timeout', 0, false), penalty = num('trap-penalty', 0, false), maxBytes = num('max-message-bytes', 1024);
  const threads = num('threads', 0), callTimeout = num('call-timeout', 0, false);
  const problems = [port, seed, maxSessions, idle, penalty, maxBytes, threads, callTimeout].filter((x): x is string => typeof x === 'string');
  if (typeof port === 'number' && port > 65535) problems.push(`--port must be 0–65535, got '${port}'`);
  if (problems.length) { process.stderr.write(`phonebuddy serve-env: ${problems.join('; ')}\n`); return 2; }

  if (await reportAppProblems(values.apps) > 0) process.stderr.write('phonebuddy serve-env: the app files above have errors; those apps are left out\n');
  const tasks = new TaskCatalogue(values.tasks ?? ['.'], seed as number, values.apps === undefined ? undefined : path.resolve(values.apps));
  let instances;
  try {
    instances = await tasks.all();
  } catch (e) {
    process.stderr.write(`phonebuddy serve-env: ${(e as Error).message}\n`);
    return 1;
  }
  let server;
  try {
    server = await startEnvServer({ tasks, port: port as number, host: values.host, maxSessions: maxSessions as number, idleTimeoutMs: (idle as number) * 1000, trapPenalty: penalty as number, maxMessageBytes: maxBytes as number, threads: threads as number, callTimeoutMs: (callTimeout as number) * 1000 });
  } catch (e) {
    process.stderr.write(`phonebuddy serve-env: cannot listen on ${values.host}:${String(port)}: ${(e as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`environment served on ${server.url} (ws ${server.url.replace('http', 'ws')}/ws): ${new Set(instances.map((i) => i.taskId)).size} tasks, ${instances.length} instances, up to ${String(maxSessions)} sessions on ${threads === 0 ? 'the server thread' : `${String(threads)} session thread${threads === 1 ? '' : 's'}`}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}

interface Listed { session_id: string; attached: boolean; state: Record<string, unknown> }

async function getJson(url: string): Promise<unknown> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status} ${await r.text()}`);
  return r.json();
}

async function listSessions(base: string): Promise<number> {
  try {
    const { sessions, max_sessions } = await getJson(`${base.replace(/\/$/, '')}/sessions`) as { sessions: Listed[]; max_sessions: number };
    process.stdout.write(`${sessions.length} of ${max_sessions} sessions\n`);
    for (const s of sessions) {
      const st = s.state;
      process.stdout.write(`${s.session_id}  ${String(st.instance_id ?? '(not reset)')}  step ${String(st.step_count)}${st.done ? ` done (${String(st.done_reason)}, score ${String(st.score)})` : ''}${s.attached ? '' : '  detached'}\n`);
    }
    return 0;
  } catch (e) {
    process.stderr.write(`phonebuddy serve-env: ${(e as Error).message}\n`);
    return 1;
  }
}

/** Polls one session's state and prints a line per change until it goes away or Ctrl-C. */
async function watch(base: string, id: string, screen: string | undefined): Promise<number> {
  const root = base.replace(/\/$/, '');
  let stop = false;
  process.once('SIGINT', () => { stop = true; });
  let last = '';
  while (!stop) {
    let found: Listed | undefined;
    try {
      found = ((await getJson(`${root}/sessions`)) as { sessions: Listed[] }).sessions.find((s) => s.session_id === id);
    } catch (e) {
      process.stderr.write(`phonebuddy serve-env: ${(e as Error).message}\n`);
      return 1;
    }
    if (!found) { process.stdout.write(`session ${id} is gone\n`); return last ? 0 : 1; }
    const line = `${String(found.state.instance_id ?? '(not reset)')} step ${String(found.state.step_count)}${found.state.done ? ` done (${String(found.state.done_reason)}, score ${String(found.state.score)})` : ''}`;
    if (line !== last) {
      process.stdout.write(`${line}\n`);
      last = line;
      if (screen) {
        const r = await fetch(`${root}/sessions/${id}/screenshot`);
        if (r.ok) await writeFile(screen, Buffer.from(await r.arrayBuffer()));
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return 0;
}
