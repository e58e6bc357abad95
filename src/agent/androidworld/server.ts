// Serves a device (the mock phone) and our task suite through the AndroidWorld server's HTTP
// API, so existing harnesses — PhoneBuddy's AndroidWorld runner among them — evaluate against
// our mock apps. task_type is our task id; task_idx picks among its parameter instances.
// `/screenshot` answers the `pixels` JSON the reference client reads (or PNG when the client
// accepts image/png, as ours does); `/execute_action` takes every JSONAction type and field.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { Device, KeyName } from '../../device/device';
import { isSnapshottable } from '../../device/device';
import type { EpisodeOutcome, OutcomeStep, TaskInstance } from '../../task/runnable';
import { validateAwAction, type AwAction } from '../../device/androidworld/api';

export interface AndroidWorldServerOptions {
  phone: Device;
  tasks: TaskInstance[];
  port?: number;
  host?: string;
  /** App display names → packages for open_app (AndroidWorld sends names like "Contacts"). */
  appNames?: Record<string, string>;
  /** Re-instantiate the suite for /suite/reinitialize (seed, combinations per task). */
  reload?: (seed: number, combinations: number) => Promise<TaskInstance[]>;
  trusted?: boolean;
}

export interface AndroidWorldServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

class HttpProblem extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

interface Current {
  task: TaskInstance;
  steps: OutcomeStep[];
  answer?: string;
  status?: string;
}

const KEYCODES: Record<string, KeyName> = {
  KEYCODE_BACK: 'back', KEYCODE_HOME: 'home', KEYCODE_ENTER: 'enter', KEYCODE_MENU: 'menu', KEYCODE_DEL: 'delete',
  KEYCODE_TAB: 'tab', KEYCODE_SPACE: 'space', KEYCODE_ESCAPE: 'escape', KEYCODE_APP_SWITCH: 'recents',
  KEYCODE_DPAD_UP: 'dpad_up', KEYCODE_DPAD_DOWN: 'dpad_down', KEYCODE_DPAD_LEFT: 'dpad_left', KEYCODE_DPAD_RIGHT: 'dpad_right',
};

export async function startAndroidWorldServer(options: AndroidWorldServerOptions): Promise<AndroidWorldServer> {
  const { phone } = options;
  let tasks = options.tasks;
  let current: Current | undefined;
  let seed = 0;
  // One request at a time against the phone, like a single emulator.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = chain.then(fn, fn);
    chain = p.catch(() => undefined);
    return p;
  };

  const taskTypes = (): string[] => [...new Set(tasks.map((t) => t.taskId))];
  const findTask = (q: URLSearchParams): TaskInstance => {
    const type = q.get('task_type');
    if (!type) throw new HttpProblem(422, 'task_type is required');
    const idx = Number(q.get('task_idx') ?? 0);
    const all = tasks.filter((t) => t.taskId === type);
    if (all.length === 0) throw new HttpProblem(404, `unknown task_type '${type}'`);
    const t = all[idx];
    if (!Number.isInteger(idx) || !t) throw new HttpProblem(404, `task_idx ${q.get('task_idx')} out of range for '${type}' (0..${all.length - 1})`);
    return t;
  };
  const ctx = { trusted: options.trusted ?? true };
  const appPackage = (name: string): string => {
    if (name.includes('.')) return name;
    const hit = Object.entries(options.appNames ?? {}).find(([label]) => label.toLowerCase() === name.toLowerCase());
    return hit ? hit[1] : name;
  };

  const execute = async (a: AwAction): Promise<void> => {
    const screen = await phone.screenInfo();
    const at = async (): Promise<{ x: number; y: number }> => {
      if (a.x !== undefined && a.y !== undefined) return { x: a.x, y: a.y };
      if (a.index !== undefined) return elementCentre(await phone.uiTree(), a.index);
      throw new HttpProblem(422, `${a.action_type} needs x and y (or index)`);
    };
    switch (a.action_type) {
      case 'click': await phone.tap(await at()); break;
      case 'double_tap': await phone.doubleTap(await at()); break;
      case 'long_press': await phone.longPress(await at(), a.duration); break;
      case 'swipe':
      case 'scroll': {
        if (a.x !== undefined && a.y !== undefined && a.x2 !== undefined && a.y2 !== undefined) {
          await phone.swipe({ x: a.x, y: a.y }, { x: a.x2, y: a.y2 }, a.duration ?? 500);
          break;
        }
        if (!a.direction) throw new HttpProblem(422, `${a.action_type} needs direction or x, y, x2, y2`);
        // AndroidWorld: `scroll` moves the content in `direction` (finger goes the other way);
        // `swipe` moves the finger in `direction`.
        const finger = a.action_type === 'scroll' ? ({ up: 'down', down: 'up', left: 'right', right: 'left' } as const)[a.direction] : a.direction;
        const c = a.index !== undefined ? elementCentre(await phone.uiTree(), a.index) : { x: screen.width / 2, y: screen.height / 2 };
        const dx = finger === 'left' ? -1 : finger === 'right' ? 1 : 0;
        const dy = finger === 'up' ? -1 : finger === 'down' ? 1 : 0;
        const from = { x: Math.round(c.x - (dx * screen.width) / 4), y: Math.round(c.y - (dy * screen.height) / 4) };
        const to = { x: Math.round(c.x + (dx * screen.width) / 4), y: Math.round(c.y + (dy * screen.height) / 4) };
        await phone.swipe(from, to, a.duration ?? 500);
        break;
      }
      case 'input_text': {
        if (a.text === undefined) throw new HttpProblem(422, 'input_text needs text');
        if ((a.x !== undefined && a.y !== undefined) || a.index !== undefined) await phone.tap(await at());
        if (a.clear_text) for (let i = 0; i < 64; i++) await phone.pressKey('delete');
        await phone.typeText(a.text);
        await phone.pressKey('enter');
        break;
      }
      case 'navigate_home': await phone.pressKey('home'); break;
      case 'navigate_back': await phone.pressKey('back'); break;
      case 'keyboard_enter': await phone.pressKey('enter'); break;
      case 'open_app': {
        if (!a.app_name) throw new HttpProblem(422, 'open_app needs app_name');
        const r = await phone.openApp(appPackage(a.app_name));
        if (!r.ok) throw new HttpProblem(500, `open_app ${a.app_name} failed: ${r.message ?? 'unknown app'}`);
        break;
      }
      case 'wait': await phone.wait(1000); break;
      case 'status': if (current) current.status = a.goal_status; break;
      case 'answer': if (current) current.answer = a.text ?? ''; break;
      case 'unknown':
        if (a.keycode) {
          const key = KEYCODES[a.keycode.toUpperCase()];
          if (!key) throw new HttpProblem(422, `unknown keycode '${a.keycode}'`);
          await phone.pressKey(key);
        }
        break;
    }
    current?.steps.push({ tool: toolName(a), args: { ...a } });
  };

  const routes: Record<string, (q: URLSearchParams, body: unknown, req: http.IncomingMessage, res: http.ServerResponse) => Promise<unknown>> = {
    'GET /health': async () => ({ status: 'success' }),
    'GET /suite/task_list': async (q) => {
      const max = Number(q.get('max_index') ?? 100000);
      return { task_list: taskTypes().slice(0, Number.isFinite(max) ? max : undefined) };
    },
    'GET /suite/reinitialize': async (q) => {
      seed = Number(q.get('seed') ?? seed);
      const n = Number(q.get('n_task_combinations') ?? 1);
      if (options.reload) tasks = await options.reload(seed, n);
      return { status: 'success', seed, n_task_combinations: n };
    },
    'POST /reset': async (q) => {
      if (q.get('go_home') !== 'false' && q.get('go_home') !== 'False') await phone.pressKey('home');
      return { status: 'success' };
    },
    'GET /screenshot': async (_q, _b, req, res) => {
      const shot = await phone.screenshot({ format: 'png' });
      if ((req.headers.accept ?? '').includes('image/png')) {
        const png = shot.format === 'png' ? shot.data : await sharp(shot.data).png().toBuffer();
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
        res.end(png);
        return undefined;
      }
      const { data, info } = await sharp(shot.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(pixelsJson(data, info.width, info.height));
      return undefined;
    },
    'POST /execute_action': async (_q, body) => {
      const v = validateAwAction(body);
      if (!v.ok) throw new HttpProblem(422, v.error);
      await execute(v.action);
      return { status: 'success' };
    },
    'POST /task/initialize': async (q) => {
      const task = findTask(q);
      if (isSnapshottable(phone)) await phone.reset(task.seed);
      await task.setup(phone, ctx);
      current = { task, steps: [] };
      return { status: 'success' };
    },
    'POST /task/tear_down': async (q) => {
      const task = findTask(q);
      if (current?.task === task) current = undefined;
      return { status: 'success' };
    },
    'GET /task/score': async (q) => {
      const task = findTask(q);
      if (current?.task !== task) throw new HttpProblem(409, `task ${task.instanceId} is not initialised`);
      const outcome: EpisodeOutcome = { answer: current.answer, steps: current.steps, terminatedBy: current.status ?? (current.answer !== undefined ? 'answer' : 'unknown') };
      const report = await task.verify(phone, outcome, ctx);
      return { score: report.score };
    },
    'GET /task/goal': async (q) => ({ goal: findTask(q).goal }),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const route = routes[`${req.method} ${url.pathname}`];
      const send = (status: number, body: unknown): void => {
        if (res.headersSent) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!route) { send(404, { detail: 'Not Found' }); return; }
      let body: unknown;
      if (chunks.length) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          send(422, { detail: 'body is not valid JSON' });
          return;
        }
      }
      serial(() => route(url.searchParams, body, req, res)).then(
        (out) => { if (out !== undefined) send(200, out); },
        (e: unknown) => send(e instanceof HttpProblem ? e.status : 500, { detail: e instanceof Error ? e.message : String(e) }),
      );
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

/** Centre of the index-th node with bounds, in document order (AndroidWorld's element index). */
function elementCentre(xml: string, index: number): { x: number; y: number } {
  const re = /<node\b[^>]*\bbounds="\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]"/g;
  let i = 0;
  for (let m = re.exec(xml); m; m = re.exec(xml), i++) {
    if (i === index) return { x: Math.round((+m[1] + +m[3]) / 2), y: Math.round((+m[2] + +m[4]) / 2) };
  }
  throw new HttpProblem(422, `index ${index} is out of range (${i} UI elements)`);
}

/** {"pixels": [[[r,g,b], …], …]} built as one string (a 1080×2400 screen is ≈ 30 MB of JSON). */
export function pixelsJson(rgb: Buffer, width: number, height: number): string {
  const rows: string[] = new Array(height);
  for (let y = 0; y < height; y++) {
    const px: string[] = new Array(width);
    let o = y * width * 3;
    for (let x = 0; x < width; x++, o += 3) px[x] = `[${rgb[o]},${rgb[o + 1]},${rgb[o + 2]}]`;
    rows[y] = `[${px.join(',')}]`;
  }
  return `{"pixels":[${rows.join(',')}]}`;
}
