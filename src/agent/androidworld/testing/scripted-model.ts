// A "perfect" served model for end-to-end tests of outside harnesses: an OpenAI-compatible
// server on loopback (GET /models, POST /chat/completions) that answers each request with the
// next step of the current task's reference solution, in PhoneBuddy's output format. Which
// task is current comes from the goal in the request; selectors are resolved on the phone's
// live UI tree (the test holds the served phone), so clicks land where the solution policy's
// would. When a selector matches nothing yet (the screen is still changing) it answers `wait`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Device } from '../../../device/device';
import type { TaskInstance } from '../../../task/runnable';
import { resolveStep } from '../../policies/solution';

export interface ScriptedModelServer {
  url: string;
  /** Every answer given, in order (goal, tool call name, arguments). */
  answers: { goal: string; name: string; args: Record<string, unknown> }[];
  close(): Promise<void>;
}

export interface ScriptedModelOptions {
  phone: Device;
  /** The instances the harness may run (their goals identify them). */
  tasks: () => TaskInstance[];
  /** How many `wait`s in a row before giving up on an unresolvable step (default 5). */
  maxWaits?: number;
}

export async function startScriptedModel(o: ScriptedModelOptions): Promise<ScriptedModelServer> {
  const answers: ScriptedModelServer['answers'] = [];
  let current: { goal: string; index: number; waits: number } | undefined;

  const decide = async (goal: string, historySteps: number): Promise<{ name: string; args: Record<string, unknown> }> => {
    // A request without history starts the task over (the runner's step 1).
    if (!current || current.goal !== goal || historySteps === 0) current = { goal, index: 0, waits: 0 };
    const task = o.tasks().find((t) => t.goal === goal);
    if (!task?.solution) return { name: 'finish', args: { text: `no reference solution for goal: ${goal}` } };
    const step = task.solution[current.index];
    if (!step) return { name: 'finish', args: { text: 'solution exhausted' } };
    const screen = await o.phone.screenInfo();
    const resolved = resolveStep(step, { screen, uiXml: await o.phone.uiTree() } as Parameters<typeof resolveStep>[1]);
    if (typeof resolved === 'string') {
      if (current.waits++ < (o.maxWaits ?? 5)) return { name: 'wait', args: { time: 1000 } };
      return { name: 'finish', args: { text: `gave up: ${resolved}` } };
    }
    current.index++;
    current.waits = 0;
    // PhoneBuddy names the app argument `package`.
    if ((resolved.name === 'open_app' || resolved.name === 'close_app') && 'app' in resolved.args) {
      const { app, ...rest } = resolved.args;
      return { name: resolved.name, args: { ...rest, package: app } };
    }
    return resolved;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
      const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/v1/, '');
      if (req.method === 'GET' && path === '/models') { send(200, { object: 'list', data: [{ id: 'phonebuddy-scripted', object: 'model' }] }); return; }
      if (req.method !== 'POST' || path !== '/chat/completions') { send(404, { error: { message: 'not found' } }); return; }
      let body: { messages?: { role: string; content: unknown }[] };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        send(400, { error: { message: 'body is not JSON' } });
        return;
      }
      const user = body.messages?.find((m) => m.role === 'user');
      const parts = Array.isArray(user?.content) ? user.content as { type: string; text?: string }[] : [];
      const text = parts.filter((p) => p.type === 'text').map((p) => p.text ?? '').at(-1) ?? '';
      const m = /^# Instruction\n([\s\S]*?)(?:\n\n# History of Previous Actions\n([\s\S]*))?$/.exec(text);
      if (!m) { send(400, { error: { message: 'no "# Instruction" section in the request' } }); return; }
      const goal = m[1];
      const historySteps = (m[2]?.match(/^- Step \d+:$/gm) ?? []).length;
      decide(goal, historySteps).then((call) => {
        answers.push({ goal, ...call });
        const content = `<think>Step ${historySteps + 1} of the reference solution.</think>\n<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.args })}\n</tool_call>`;
        send(200, { id: 'scripted', object: 'chat.completion', model: 'phonebuddy-scripted', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] });
      }, (e: unknown) => send(500, { error: { message: e instanceof Error ? e.message : String(e) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`, answers,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
