// Serves a device (the mock phone) and our task suite through the AndroidWorld server's HTTP
// API (server/android_server.py in google-research/android_world), so existing harnesses —
// PhoneBuddy's AndroidWorld runner among them — evaluate against our mock apps. task_type is
// our task id; task_idx picks among its parameter instances. Every endpoint, required query
// parameter (422 when missing or unparsable) and answer shape follows the reference; the
// deliberate differences are listed in docs/agent-loop.md.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { can } from '../../device/capabilities';
import type { Device } from '../../device/device';
import { isSnapshottable } from '../../device/device';
import type { EpisodeOutcome, OutcomeStep, TaskInstance } from '../../task/runnable';
import { mockLocale } from '../runner/run-suite';
import { validateAwAction, type AwAction } from '../../device/androidworld/api';
import { executeAwAction } from './actuation';
import { HttpProblem, readQuery } from './query';
import { answerOversize, BodyTooLargeError, readRequestBody } from '../../protocol/http-body';

/** `pixels`: the reference's {"pixels": [[[r,g,b]…]…]} JSON; `png`: an image/png body (the runner decodes both). */
export type AwScreenshotFormat = 'pixels' | 'png';

/** The whole suite, as the reference's default family; our task categories select a part. */
export const AW_FAMILY = 'android_world';

export interface AndroidWorldServerOptions {
  phone: Device;
  tasks: TaskInstance[];
  port?: number;
  host?: string;
  /** App display names → packages for open_app (AndroidWorld sends names like "Contacts"). */
  appNames?: Record<string, string>;
  /** Re-instantiate the suite for /suite/reinitialize (seed, combinations per task). */
  reload?: (seed: number, combinations: number) => Promise<TaskInstance[]>;
  /** What /screenshot answers (default pixels; a client sending Accept: image/png gets PNG either way). */
  screenshot?: AwScreenshotFormat;
  trusted?: boolean;
}

export interface AndroidWorldServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

interface Current {
  task: TaskInstance;
  steps: OutcomeStep[];
  answer?: string;
  status?: string;
}

/** Optional phone capabilities (the mock phone has them). */
/** Largest request body read: JSONAction bodies are a few hundred bytes (input_text's text included). */
export const MAX_BODY_BYTES = 1024 * 1024;

export async function startAndroidWorldServer(options: AndroidWorldServerOptions): Promise<AndroidWorldServer> {
  const { phone } = options;
  // Tasks without a locale run in the locale the phone was served with.
  const servedLocale = can(phone, 'props') ? phone.props()['persist.sys.locale'] : undefined;
  let tasks = options.tasks;
  let current: Current | undefined;
  // One request at a time against the phone, like a single emulator.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = chain.then(fn, fn);
    chain = p.catch(() => undefined);
    return p;
  };

  const taskTypes = (): string[] => [...new Set(tasks.map((t) => t.taskId))];
  const instancesOf = (type: string): TaskInstance[] => {
    const all = tasks.filter((t) => t.taskId === type);
    // The reference raises KeyError (a bare 500); we name the problem.
    if (all.length === 0) throw new HttpProblem(404, `unknown task_type '${type}' (GET /suite/task_list lists them)`);
    return all;
  };
  const findTask = (q: URLSearchParams): TaskInstance => {
    const { task_type: type, task_idx: idx } = readQuery(q, { task_type: { type: 'str' }, task_idx: { type: 'int' } });
    const all = instancesOf(type);
    const t = all[idx];
    if (!t) throw new HttpProblem(404, `task_idx ${idx} out of range for '${type}' (0..${all.length - 1})`);
    return t;
  };
  const ctx = { trusted: options.trusted ?? true };
  const appPackage = (name: string): string => {
    if (name.includes('.')) return name;
    const hit = Object.entries(options.appNames ?? {}).find(([label]) => label.toLowerCase() === name.toLowerCase());
    return hit ? hit[1] : name;
  };
  const families = (): Set<string> => new Set([AW_FAMILY, ...options.tasks.map((t) => t.family)]);

  const execute = async (a: AwAction): Promise<void> => {
    await executeAwAction(a, {
      phone, appPackage,
      onStatus: (s) => { if (current) current.status = s; },
      onAnswer: (text) => { if (current) current.answer = text; },
    });
    current?.steps.push({ tool: toolName(a), args: { ...a } });
  };

  const screenshot = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const shot = await phone.screenshot({ format: 'png' });
    if (options.screenshot === 'png' || (req.headers.accept ?? '').includes('image/png')) {
      const png = shot.format === 'png' ? shot.data : await sharp(shot.data).png().toBuffer();
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      res.end(png);
      return;
    }
    // The mock phone hands over its RGBA frame; anything else is decoded from its PNG.
    const rgba = can(phone, 'rawPixels') ? phone.rawPixels() : undefined;
    const body = rgba && rgba.length === shot.width * shot.height * 4
      ? pixelsJson(rgba, shot.width, shot.height, 4)
      : await sharp(shot.data).removeAlpha().raw().toBuffer({ resolveWithObject: true }).then(({ data, info }) => pixelsJson(data, info.width, info.height, 3));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };

  type Route = (q: URLSearchParams, body: unknown, req: http.IncomingMessage, res: http.ServerResponse) => Promise<unknown>;
  const routes: Record<string, Route> = {
    'GET /health': async () => ({ status: 'success' }),
    'GET /suite/task_list': async (q) => {
      const { max_index: max } = readQuery(q, { max_index: { type: 'int' } });
      const all = taskTypes();
      return { task_list: max > all.length || max < 0 ? all : all.slice(0, max) };
    },
    'GET /suite/task_length': async (q) => {
      const { task_type: type } = readQuery(q, { task_type: { type: 'str' } });
      return { length: instancesOf(type).length };
    },
    'GET /suite/reinitialize': async (q) => {
      const p = readQuery(q, { n_task_combinations: { type: 'int', default: 2 }, seed: { type: 'int', default: 42 }, task_family: { type: 'str', default: AW_FAMILY } });
      if (!families().has(p.task_family)) throw new HttpProblem(400, `Invalid task family: ${p.task_family}`);
      if (options.reload) {
        const all = await options.reload(p.seed, p.n_task_combinations);
        tasks = p.task_family === AW_FAMILY ? all : all.filter((t) => t.family === p.task_family);
      }
      current = undefined;
      return { status: 'success', message: `Task suite re-initialized with n_task_combinations=${p.n_task_combinations}, seed=${p.seed}.` };
    },
    'POST /reset': async (q) => {
      const { go_home: goHome } = readQuery(q, { go_home: { type: 'bool' } });
      if (goHome) await phone.pressKey('home');
      return { status: 'success', message: `Environment reset with go_home=${goHome ? 'True' : 'False'}.` };
    },
    'GET /screenshot': async (q, _b, req, res) => {
      readQuery(q, { wait_to_stabilize: { type: 'bool' } });
      await screenshot(req, res);
      return undefined;
    },
    'POST /execute_action': async (_q, body) => {
      const v = validateAwAction(body);
      if (!v.ok) throw new HttpProblem(422, v.error);
      await execute(v.action);
      return { status: 'success', message: `Action ${JSON.stringify(v.action)} executed.` };
    },
    'POST /task/initialize': async (q) => {
      const task = findTask(q);
      // Each task gets a fresh phone at its seed, in the locale it declares.
      if (isSnapshottable(phone)) await phone.reset(task.seed);
      const locale = mockLocale(task.locale).locale ?? servedLocale;
      if (locale && can(phone, 'setLocale')) await phone.setLocale(locale);
      await task.setup(phone, ctx);
      current = { task, steps: [] };
      return { status: 'success', message: `Task ${task.taskId} ${tasks.filter((t) => t.taskId === task.taskId).indexOf(task)} initialized.` };
    },
    'POST /task/tear_down': async (q) => {
      const task = findTask(q);
      if (current?.task === task) current = undefined;
      return { status: 'success', message: `Task ${task.taskId} torn down.` };
    },
    'GET /task/score': async (q) => {
      const task = findTask(q);
      if (current?.task !== task) throw new HttpProblem(409, `task ${task.instanceId} is not initialised (POST /task/initialize first)`);
      const outcome: EpisodeOutcome = { answer: current.answer, steps: current.steps, terminatedBy: current.status ?? (current.answer !== undefined ? 'answer' : 'unknown') };
      const report = await task.verify(phone, outcome, ctx);
      return { score: report.score };
    },
    'GET /task/goal': async (q) => ({ goal: findTask(q).goal }),
    'GET /task/template': async (q) => {
      const task = findTask(q);
      return { template: task.template ?? task.goal };
    },
    // The reference closes its emulator connection. Our phone is shared with its ADB endpoint
    // and outlives this API, so /close ends the current task and leaves the phone running.
    'POST /close': async () => {
      current = undefined;
      return { status: 'success' };
    },
  };

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown): void => {
      if (res.headersSent) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const handle = (raw: Buffer): void => {
      // A malformed request target (`GET http://[ HTTP/1.1`) threw here and took the
      // process, and the phone's ADB endpoint with it, down.
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
      } catch {
        send(400, { detail: `the request target is not a valid URL: ${JSON.stringify((req.url ?? '').slice(0, 200))}` });
        return;
      }
      const route = routes[`${req.method} ${url.pathname}`];
      if (!route) {
        const other = Object.keys(routes).some((k) => k.endsWith(` ${url.pathname}`));
        send(other ? 405 : 404, { detail: other ? 'Method Not Allowed' : 'Not Found' });
        return;
      }
      let body: unknown;
      if (raw.length) {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          send(422, { detail: 'body is not valid JSON' });
          return;
        }
      }
      serial(() => route(url.searchParams, body, req, res)).then(
        (out) => { if (out !== undefined) send(200, out); },
        (e: unknown) => send(e instanceof HttpProblem ? e.status : 500, { detail: e instanceof HttpProblem ? e.detail : e instanceof Error ? e.message : String(e) }),
      );
    };
    readRequestBody(req, MAX_BODY_BYTES).then(handle, (e: unknown) => {
      // Answered once, then the rest of a runaway body is drained, never buffered.
      if (e instanceof BodyTooLargeError) answerOversize(req, res, 413, { detail: `${e.message} (an action is a small JSON object)` });
      else send(400, { detail: `the request body could not be read: ${e instanceof Error ? e.message : String(e)}` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 5001, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function toolName(a: AwAction): string {
  switch (a.action_type) {
    case 'double_tap': return 'double_click';
    case 'input_text': return 'type';
    case 'navigate_home': case 'navigate_back': case 'keyboard_enter': return 'button_press';
    case 'answer': return 'finish';
    default: return a.action_type;
  }
}

/** {"pixels": [[[r,g,b], …], …]} built as one string (a 1080×2400 screen is ≈ 30 MB of JSON). */
export function pixelsJson(pixels: Buffer, width: number, height: number, channels: 3 | 4 = 3): string {
  // Every byte value's text once, then each row joined from them: no per-pixel template strings.
  const rows: string[] = new Array(height);
  const px: string[] = new Array(width);
  for (let y = 0; y < height; y++) {
    let o = y * width * channels;
    for (let x = 0; x < width; x++, o += channels) px[x] = `[${BYTE[pixels[o]]},${BYTE[pixels[o + 1]]},${BYTE[pixels[o + 2]]}]`;
    rows[y] = `[${px.join(',')}]`;
  }
  return `{"pixels":[${rows.join(',')}]}`;
}

const BYTE = Array.from({ length: 256 }, (_, i) => String(i));
