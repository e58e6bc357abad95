// Our side of an AndroidWorld server (the FastAPI API in the protocol reference): a typed HTTP
// client and a `Device` that acts through /execute_action and sees through /screenshot. The
// task source over the server's suite lives with the agent (agent/androidworld/remote-tasks.ts).
import sharp from 'sharp';
import type {
  Device, DeviceEvent, DeviceInfo, DeviceListener, KeyName, OpenAppResult, Point, ScreenInfo, Screenshot,
  ScreenshotOptions, TypeResult,
} from '../device';
import { DeviceError } from '../errors';
import { ProtocolError, parse, type Infer, type Schema } from '../../protocol/validate';
import { awResponses, type AwAction } from './api';

export interface AwClientOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | boolean | undefined>;

export class AndroidWorldClient {
  readonly base: string;
  private readonly fetchImpl: typeof fetch;

  constructor(baseUrl: string, private readonly options: AwClientOptions = {}) {
    this.base = baseUrl.replace(/\/+$/, '');
    try {
      new URL(this.base);
    } catch {
      throw new Error(`androidworld: '${baseUrl}' is not a URL (expected e.g. http://127.0.0.1:5001)`);
    }
    this.fetchImpl = options.fetch ?? fetch;
  }

  async request(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown, timeoutMs?: number, accept?: string): Promise<Response> {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(accept ? { accept } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs ?? this.options.timeoutMs ?? 120_000),
      });
    } catch (e) {
      const why = e instanceof Error ? (e.name === 'TimeoutError' ? 'timed out' : (e.cause instanceof Error ? e.cause.message : e.message)) : String(e);
      throw new DeviceError(e instanceof Error && e.name === 'TimeoutError' ? 'timeout' : 'disconnected', `AndroidWorld ${method} ${path}: ${why}`, `androidworld:${this.base}`);
    }
    if (!res.ok) {
      const detail = (await res.text().catch(() => '')).slice(0, 500);
      throw new DeviceError('server', `AndroidWorld ${method} ${path} → HTTP ${res.status}: ${detail}`, `androidworld:${this.base}`);
    }
    return res;
  }

  /** A JSON answer, checked against its schema: a server that answers otherwise is named with the field. */
  private async json<S extends Schema>(schema: S, method: 'GET' | 'POST', path: string, query?: Query, body?: unknown, timeoutMs?: number): Promise<Infer<S>> {
    const res = await this.request(method, path, query, body, timeoutMs);
    return this.checked(schema, await res.json().catch(() => {
      throw new DeviceError('server', `AndroidWorld ${method} ${path} answered with a body that is not JSON`, `androidworld:${this.base}`);
    }), `${method} ${path}`);
  }

  private checked<S extends Schema>(schema: S, data: unknown, what: string): Infer<S> {
    try {
      return parse(schema, data, 'body');
    } catch (e) {
      if (e instanceof ProtocolError) throw new DeviceError('server', `AndroidWorld ${what} answered an unexpected body: ${e.message}`, `androidworld:${this.base}`);
      throw e;
    }
  }

  async health(): Promise<boolean> {
    try {
      await this.request('GET', '/health', undefined, undefined, 15_000);
      return true;
    } catch {
      return false;
    }
  }

  async taskList(maxIndex = 100000): Promise<string[]> {
    return (await this.json(awResponses.taskList, 'GET', '/suite/task_list', { max_index: maxIndex })).task_list;
  }

  reinitialize(nTaskCombinations = 1, seed = 42, taskFamily = 'android_world'): Promise<unknown> {
    return this.json(awResponses.status, 'GET', '/suite/reinitialize', { n_task_combinations: nTaskCombinations, seed, task_family: taskFamily });
  }

  reset(goHome = true): Promise<unknown> {
    return this.json(awResponses.status, 'POST', '/reset', { go_home: goHome });
  }

  /** The screen as raw RGB, from pixels JSON, an image body, or {image_base64}. */
  async screenshotRgb(waitToStabilize = false): Promise<{ width: number; height: number; rgb: Buffer }> {
    // Our server answers PNG when asked; AndroidWorld's own answers pixels JSON regardless.
    const res = await this.request('GET', '/screenshot', { wait_to_stabilize: waitToStabilize }, undefined, 180_000, 'image/png, application/json');
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (type.includes('image/')) return decodeImage(Buffer.from(await res.arrayBuffer()));
    const data = this.checked(awResponses.screenshot, await res.json(), 'GET /screenshot');
    if (typeof data.image_base64 === 'string') return decodeImage(Buffer.from(data.image_base64, 'base64'));
    if (Array.isArray(data.pixels)) return pixelsToRgb(data.pixels);
    throw new DeviceError('server', 'AndroidWorld /screenshot returned neither pixels nor an image');
  }

  executeAction(action: AwAction): Promise<unknown> {
    return this.json(awResponses.status, 'POST', '/execute_action', undefined, action);
  }

  initializeTask(taskType: string, taskIdx = 0): Promise<unknown> {
    return this.json(awResponses.status, 'POST', '/task/initialize', { task_type: taskType, task_idx: taskIdx }, undefined, 180_000);
  }

  tearDownTask(taskType: string, taskIdx = 0): Promise<unknown> {
    return this.json(awResponses.status, 'POST', '/task/tear_down', { task_type: taskType, task_idx: taskIdx });
  }

  async taskScore(taskType: string, taskIdx = 0): Promise<number> {
    return (await this.json(awResponses.score, 'GET', '/task/score', { task_type: taskType, task_idx: taskIdx })).score;
  }

  async taskGoal(taskType: string, taskIdx = 0): Promise<string> {
    return (await this.json(awResponses.goal, 'GET', '/task/goal', { task_type: taskType, task_idx: taskIdx }, undefined, 60_000)).goal;
  }
}

async function decodeImage(bytes: Buffer): Promise<{ width: number; height: number; rgb: Buffer }> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, rgb: data };
}

/** [[[r,g,b(,a)], …], …] (rows of pixels) → packed RGB. */
export function pixelsToRgb(pixels: number[][][]): { width: number; height: number; rgb: Buffer } {
  const height = pixels.length;
  const width = height ? pixels[0].length : 0;
  if (!height || !width) throw new DeviceError('server', 'AndroidWorld /screenshot returned an empty pixel array');
  const rgb = Buffer.alloc(width * height * 3);
  let o = 0;
  for (const row of pixels) {
    if (row.length !== width) throw new DeviceError('server', 'AndroidWorld /screenshot returned ragged pixel rows');
    for (const px of row) {
      rgb[o++] = px[0];
      rgb[o++] = px[1];
      rgb[o++] = px[2];
    }
  }
  return { width, height, rgb };
}

const KEY_ACTIONS: Partial<Record<KeyName, AwAction['action_type']>> = { back: 'navigate_back', home: 'navigate_home', enter: 'keyboard_enter' };

/**
 * A Device over an AndroidWorld server. The API has no UI tree and no foreground-app query;
 * close_app goes home and `menu` is unsupported, as in the reference runner.
 */
export class AndroidWorldDevice implements Device {
  readonly kind = 'androidworld' as const;
  readonly id: string;
  private screen?: ScreenInfo;
  private readonly listeners = new Set<DeviceListener>();
  /** The answer text sent with the last `answer` action (for info-retrieval scoring). */
  lastAnswer?: string;

  constructor(readonly client: AndroidWorldClient) {
    this.id = `androidworld:${client.base}`;
  }

  private async act(action: AwAction): Promise<void> {
    try {
      await this.client.executeAction(action);
    } catch (e) {
      if (e instanceof DeviceError && e.code === 'disconnected') this.emit({ type: 'disconnected', reason: e.message });
      throw e;
    }
    this.emit({ type: 'changed' });
  }

  private emit(e: DeviceEvent): void {
    for (const l of this.listeners) l(e);
  }

  async info(): Promise<DeviceInfo> {
    return { serial: this.client.base, model: 'AndroidWorld' };
  }

  async screenInfo(): Promise<ScreenInfo> {
    if (!this.screen) await this.screenshot();
    return this.screen!;
  }

  async screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    const { width, height, rgb } = await this.client.screenshotRgb(false).catch((e: unknown) => {
      if (e instanceof DeviceError && e.code === 'disconnected') this.emit({ type: 'disconnected', reason: e.message });
      throw e;
    });
    this.screen = { width, height, density: this.screen?.density ?? 420 };
    const img = sharp(rgb, { raw: { width, height, channels: 3 } });
    const format = options.format ?? 'png';
    const data = format === 'jpeg' ? await img.jpeg({ quality: options.quality ?? 90 }).toBuffer() : await img.png().toBuffer();
    return { format, data, width, height };
  }

  async uiTree(): Promise<string> {
    throw new DeviceError('unsupported', 'the AndroidWorld server API has no UI tree endpoint', this.id);
  }

  tap(p: Point): Promise<void> { return this.act({ action_type: 'click', x: Math.round(p.x), y: Math.round(p.y) }); }
  doubleTap(p: Point): Promise<void> { return this.act({ action_type: 'double_tap', x: Math.round(p.x), y: Math.round(p.y) }); }
  longPress(p: Point): Promise<void> { return this.act({ action_type: 'long_press', x: Math.round(p.x), y: Math.round(p.y) }); }
  swipe(a: Point, b: Point, durationMs?: number): Promise<void> {
    return this.act({ action_type: 'swipe', x: Math.round(a.x), y: Math.round(a.y), x2: Math.round(b.x), y2: Math.round(b.y), ...(durationMs ? { duration: Math.round(durationMs) } : {}) });
  }

  drag(a: Point, b: Point, durationMs?: number): Promise<void> { return this.swipe(a, b, durationMs); }
  async typeText(text: string): Promise<TypeResult> {
    await this.act({ action_type: 'input_text', text });
    return { method: 'remote', delivered: true };
  }

  async pressKey(key: KeyName): Promise<void> {
    const t = KEY_ACTIONS[key];
    if (!t) throw new DeviceError('unsupported', `the AndroidWorld API has no '${key}' key`, this.id);
    await this.act({ action_type: t });
  }

  async openApp(app: string): Promise<OpenAppResult> {
    await this.act({ action_type: 'open_app', app_name: app });
    return { ok: true };
  }

  closeApp(): Promise<void> { return this.act({ action_type: 'navigate_home' }); }
  async foregroundApp(): Promise<string | undefined> { return undefined; }
  wait(): Promise<void> { return this.act({ action_type: 'wait' }); }
  async answer(text: string): Promise<void> {
    this.lastAnswer = text;
    await this.act({ action_type: 'answer', text });
  }

  onEvent(l: DeviceListener): () => void { this.listeners.add(l); return () => this.listeners.delete(l); }
  async close(): Promise<void> { this.listeners.clear(); }
}
