// `Device` over ADB: a real phone, an emulator, a DeviceFarmer STF phone (remote ADB) or
// the mock phone served with `phonebuddy serve-device` — all through the adb server.
// Shell commands go over `shell,v2` so we get exit codes and notice a vanished device;
// discovery, connect and file pulls use adbkit. Every call is bounded by a timeout.
import { EventEmitter } from 'node:events';
import type {
  Device, DeviceEvent, DeviceInfo, DeviceListener, KeyName, OpenAppResult, Point, ScreenInfo, Screenshot,
  ScreenshotOptions, QueryOptions, SqlRow, SqlValue, TypeResult,
} from '../device';
import { KEY_NAMES } from '../device';
import { checkDuration, checkPoint, DeviceError } from '../errors';
import { adbClient, connectTcpDevice, deviceFeatures, deviceState } from './adb-client';
import { toDeviceError } from './errors';
import { ANDROID_KEYCODES } from '../keycodes';
import { isCompletePng, isPng, toScreenshot, type ScreenshotSource } from './screenshot';
import { runExecOut, runShellCommand, type ShellResult } from './shell-client';
import { shellQuote } from '../shell-quote';
import { TextInput } from './text-input';
import { DEFAULT_ADB_SERVER, type AdbServerAddress } from './server-socket';
import { queryDatabaseBytes } from './sql';
import { boundedQuery } from '../bounded-sql/bounded-sql';
import { randomUUID } from 'node:crypto';
import { withTimeout } from './timeout';
import type { AdbState, TrackedDevice } from './adb-client';
import { acquireTracker, type AdbDeviceTracker } from './tracker';

export { ADB_KEYBOARD_IME } from './text-input';

export interface AdbDeviceOptions {
  server?: AdbServerAddress;
  /** Default per-call timeout (ms). */
  timeoutMs?: number;
  /** Timeout for screenshots and UI dumps (ms). */
  slowTimeoutMs?: number;
  /** Re-run `adb connect` when a TCP device (host:port serial) drops. Default true. */
  reconnect?: boolean;
  reconnectIntervalMs?: number;
  /** Faster screenshot sources tried before screencap (e.g. minicap). */
  screenshotSources?: ScreenshotSource[];
}

const isTcpSerial = (serial: string): boolean => /^[^:]+:\d+$/.test(serial) && !serial.startsWith('emulator-');
const ready = (s: AdbState): boolean => s === 'device';

export class AdbDevice implements Device {
  readonly id: string;
  readonly kind = 'adb' as const;
  private readonly server: AdbServerAddress;
  private readonly timeoutMs: number;
  private readonly slowTimeoutMs: number;
  private readonly events = new EventEmitter<{ event: [DeviceEvent] }>();
  private tracking: { tracker: AdbDeviceTracker; release: () => void } | undefined;
  private features: Promise<string[]> | undefined;
  private sdk: number | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  /** The state check in flight, if any (close() waits for it so it cannot reconnect after). */
  private checking: Promise<void> | undefined;
  private lastState: AdbState | undefined;
  private readonly text: TextInput;
  private closed = false;

  private constructor(readonly serial: string, private readonly options: AdbDeviceOptions) {
    this.id = `adb:${serial}`;
    this.server = options.server ?? DEFAULT_ADB_SERVER;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.slowTimeoutMs = options.slowTimeoutMs ?? 30_000;
    this.text = new TextInput({ exec: (command) => this.exec(command), input: (command) => this.input(command) }, this.id);
  }

  private onTrackerChange = (d: TrackedDevice): void => {
    if (d.serial === this.serial) this.onStateChange(d.state);
  };

  private async startTracking(): Promise<void> {
    const t = await acquireTracker(adbClient(this.server), this.server);
    if (this.closed) { t.release(); return; }
    this.tracking = t;
    t.tracker.on('change', this.onTrackerChange);
  }

  /** Opens a device by serial; for `host:port` serials runs `adb connect` first. */
  static async open(serial: string, options: AdbDeviceOptions = {}): Promise<AdbDevice> {
    const server = options.server ?? DEFAULT_ADB_SERVER;
    if (isTcpSerial(serial)) await connectTcpDevice(serial, server, options.timeoutMs);
    const device = new AdbDevice(serial, options);
    try {
      await device.waitUntilReady(options.timeoutMs ?? 15_000);
      device.lastState = 'device';
      await device.startTracking();
      device.startWatchdog();
    } catch (err) {
      await device.close();
      throw err;
    }
    return device;
  }

  /** Waits until the adb server lists the device as ready ('device'). */
  async waitUntilReady(timeoutMs = this.timeoutMs): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = 'not found';
    while (Date.now() < deadline) {
      try {
        // `features` answers for offline transports too, so ask for the state first.
        const state = await deviceState(this.serial, this.server, Math.max(500, deadline - Date.now()));
        if (state === 'device') {
          this.features = Promise.resolve(await deviceFeatures(this.serial, this.server, Math.max(500, deadline - Date.now())));
          return;
        }
        last = state === 'unauthorized' ? 'unauthorized: accept the "Allow USB debugging?" prompt on the phone' : state;
      } catch (err) {
        if (err instanceof DeviceError && err.code === 'server') throw err;
        last = err instanceof Error ? err.message : String(err);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new DeviceError('timeout', `device ${this.serial} did not become ready within ${timeoutMs} ms (${last})`, this.id);
  }

  // ---- shell -------------------------------------------------------------------------

  private async hasShellV2(): Promise<boolean> {
    this.features ??= deviceFeatures(this.serial, this.server, this.timeoutMs).catch((e: unknown) => {
      this.features = undefined;
      throw e;
    });
    return (await this.features).includes('shell_v2');
  }

  /** Runs a command; bytes out. Throws DeviceError('disconnected' | 'timeout' | …). */
  async exec(command: string, timeoutMs = this.timeoutMs, what = command.slice(0, 60), binary = false): Promise<ShellResult> {
    if (this.closed) throw new DeviceError('disconnected', `${this.id} is closed`, this.id);
    let abort: (() => void) | undefined;
    const work = (async () => {
      const v2 = await this.hasShellV2();
      const call = binary && !v2 ? runExecOut(this.server, this.serial, command) : runShellCommand(this.server, this.serial, command, v2);
      abort = call.abort;
      return call.result;
    })();
    try {
      return await withTimeout(work, timeoutMs, `'${what}' on ${this.serial}`, this.id, () => abort?.());
    } catch (err) {
      const e = toDeviceError(err, this.id, `'${what}'`);
      if (e.code === 'disconnected' || e.code === 'server') void this.checkState();
      throw e;
    }
  }

  /** Runs a command that must succeed; returns its stdout as text. */
  private async run(command: string, timeoutMs?: number): Promise<string> {
    const r = await this.exec(command, timeoutMs);
    const out = r.stdout.toString('utf8');
    if (r.exitCode !== 0) {
      const why = (r.stderr.toString('utf8') || out).trim().split('\n').slice(-3).join(' ');
      throw new DeviceError('command-failed', `'${command.slice(0, 80)}' exited with ${r.exitCode}: ${why}`, this.id);
    }
    return out;
  }

  async shell(command: string, timeoutMs?: number): Promise<{ stdout: string; exitCode: number }> {
    if (typeof command !== 'string' || command.trim() === '') throw new DeviceError('invalid-argument', 'command must be a non-empty string', this.id);
    checkDuration('timeoutMs', timeoutMs);
    const r = await this.exec(command, timeoutMs || this.timeoutMs);
    return { stdout: r.stdout.toString('utf8') + r.stderr.toString('utf8'), exitCode: r.exitCode };
  }

  // ---- information -------------------------------------------------------------------

  async info(): Promise<DeviceInfo> {
    const out = await this.run('getprop ro.product.model; getprop ro.build.version.sdk; getprop ro.product.manufacturer');
    const [model = '', sdk = '', manufacturer = ''] = out.split('\n').map((l) => l.trim());
    this.sdk = Number(sdk) || undefined;
    return { serial: this.serial, model: model || this.serial, sdk: this.sdk, manufacturer: manufacturer || undefined };
  }

  async screenInfo(): Promise<ScreenInfo> {
    const out = await this.run('wm size; wm density');
    // An "Override" line (set by `wm size WxH`) wins over the physical one.
    const size = /Override size: (\d+)x(\d+)/.exec(out) ?? /Physical size: (\d+)x(\d+)/.exec(out);
    const density = /Override density: (\d+)/.exec(out) ?? /Physical density: (\d+)/.exec(out);
    if (!size || !density) throw new DeviceError('command-failed', `could not read screen size from: ${out.trim()}`, this.id);
    return { width: Number(size[1]), height: Number(size[2]), density: Number(density[1]) };
  }

  async screenshot(options?: ScreenshotOptions): Promise<Screenshot> {
    for (const source of this.options.screenshotSources ?? []) {
      try {
        return await toScreenshot(await withTimeout(source.capture(), this.slowTimeoutMs, `${source.name} screenshot`, this.id), options, this.id);
      } catch (err) {
        if (!(err instanceof DeviceError && err.code === 'unsupported')) throw toDeviceError(err, this.id, `${source.name} screenshot`);
      }
    }
    const r = await this.exec('screencap -p', this.slowTimeoutMs, 'screencap -p', true);
    if (!isPng(r.stdout)) {
      throw new DeviceError('command-failed', `screencap returned no PNG (exit ${r.exitCode}): ${r.stderr.toString('utf8').trim() || r.stdout.subarray(0, 80).toString('utf8')}`, this.id);
    }
    if (!isCompletePng(r.stdout)) throw new DeviceError('disconnected', 'the screenshot was cut off: the device went away mid-transfer', this.id);
    return toScreenshot(r.stdout, options, this.id);
  }

  async uiTree(): Promise<string> {
    const path = '/sdcard/window_dump.xml';
    const out = await this.run(`uiautomator dump ${path} >/dev/null && cat ${path}`, this.slowTimeoutMs);
    const start = out.indexOf('<?xml') >= 0 ? out.indexOf('<?xml') : out.indexOf('<hierarchy');
    if (start < 0) throw new DeviceError('command-failed', `uiautomator dump produced no XML: ${out.slice(0, 200)}`, this.id);
    return out.slice(start);
  }

  // ---- input -------------------------------------------------------------------------

  private async input(command: string): Promise<void> {
    await this.run(command);
    this.emit({ type: 'changed' });
  }

  private static coords(...ps: Point[]): string {
    return ps.map((p) => `${Math.round(p.x)} ${Math.round(p.y)}`).join(' ');
  }

  async tap(p: Point): Promise<void> {
    checkPoint('p', p);
    await this.input(`input tap ${AdbDevice.coords(p)}`);
  }

  /** Two taps in one shell call; each `input` still costs ~100 ms+ on a real phone. */
  async doubleTap(p: Point, intervalMs?: number): Promise<void> {
    checkPoint('p', p);
    checkDuration('intervalMs', intervalMs);
    const tap = `input tap ${AdbDevice.coords(p)}`;
    await this.input(intervalMs ? `${tap} && sleep ${(intervalMs / 1000).toFixed(3)} && ${tap}` : `${tap} && ${tap}`);
  }

  async longPress(p: Point, durationMs = 1000): Promise<void> {
    checkPoint('p', p);
    checkDuration('durationMs', durationMs);
    await this.input(`input swipe ${AdbDevice.coords(p, p)} ${Math.round(durationMs)}`);
  }

  async swipe(from: Point, to: Point, durationMs = 300): Promise<void> {
    checkPoint('from', from);
    checkPoint('to', to);
    checkDuration('durationMs', durationMs);
    await this.input(`input swipe ${AdbDevice.coords(from, to)} ${Math.round(durationMs)}`);
  }

  /** `input draganddrop` (Android 7+); older phones get a slow swipe. */
  async drag(from: Point, to: Point, durationMs = 1000): Promise<void> {
    checkPoint('from', from);
    checkPoint('to', to);
    checkDuration('durationMs', durationMs);
    if (this.sdk === undefined) await this.info().catch(() => undefined);
    const verb = (this.sdk ?? 99) >= 24 ? 'draganddrop' : 'swipe';
    await this.input(`input ${verb} ${AdbDevice.coords(from, to)} ${Math.round(durationMs)}`);
  }

  async pressKey(key: KeyName): Promise<void> {
    if (!KEY_NAMES.includes(key)) throw new DeviceError('invalid-argument', `key must be one of ${KEY_NAMES.join(', ')}, got ${JSON.stringify(key)}`, this.id);
    await this.input(`input keyevent ${ANDROID_KEYCODES[key]}`);
  }

  /** See TextInput: `input text` for ASCII, ADBKeyboard or the clipboard for the rest. */
  async typeText(text: string): Promise<TypeResult> {
    return this.text.type(text);
  }

  // ---- apps --------------------------------------------------------------------------

  private static checkPackage(pkg: unknown, id: string): asserts pkg is string {
    if (typeof pkg !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/.test(pkg)) {
      throw new DeviceError('invalid-argument', `packageName must be an Android package name like com.example.app, got ${JSON.stringify(pkg)}`, id);
    }
  }

  /** resolve-activity + `am start -n`, falling back to monkey (as reference harnesses do). */
  async openApp(packageName: string): Promise<OpenAppResult> {
    AdbDevice.checkPackage(packageName, this.id);
    const resolved = await this.exec(`cmd package resolve-activity --brief ${packageName}`);
    const component = resolved.stdout.toString('utf8').split('\n').map((l) => l.trim()).reverse().find((l) => /^[\w.]+\/[\w.$]+$/.test(l));
    if (component) {
      const r = await this.exec(`am start -n ${shellQuote(component)}`);
      const text = r.stdout.toString('utf8') + r.stderr.toString('utf8');
      if (r.exitCode === 0 && !/^Error/m.test(text)) {
        this.emit({ type: 'changed' });
        return { ok: true };
      }
    }
    const m = await this.exec(`monkey -p ${packageName} -c android.intent.category.LAUNCHER 1`);
    const text = (m.stdout.toString('utf8') + m.stderr.toString('utf8')).trim();
    this.emit({ type: 'changed' });
    if (m.exitCode === 0 && !/monkey aborted|No activities found/.test(text)) return { ok: true };
    return { ok: false, message: text.split('\n').filter((l) => /\*\*|Error/.test(l)).join(' ') || text.split('\n').pop() };
  }

  async closeApp(packageName: string): Promise<void> {
    AdbDevice.checkPackage(packageName, this.id);
    await this.input(`am force-stop ${packageName}`);
  }

  async foregroundApp(): Promise<string | undefined> {
    return parseForegroundApp(await this.run('dumpsys window'));
  }

  async wait(ms: number): Promise<void> {
    checkDuration('ms', ms);
    await new Promise((r) => setTimeout(r, ms));
  }

  /**
   * Pulls /data/data/<pkg>/databases/*.db over sync (needs an emulator, a rooted or
   * userdebug phone, or the mock phone) and runs the query with sql.js. With several
   * databases the first one where the query runs is used.
   */
  async queryApp(packageName: string, sql: string, params?: SqlValue[], options: QueryOptions = {}): Promise<SqlRow[]> {
    AdbDevice.checkPackage(packageName, this.id);
    if (typeof sql !== 'string' || !sql.trim()) throw new DeviceError('invalid-argument', 'sql must be a non-empty string', this.id);
    const dir = `/data/data/${packageName}/databases`;
    const device = adbClient(this.server).getDevice(this.serial);
    const entries = await withTimeout(Promise.resolve(device.readdir(dir)), this.timeoutMs, `listing ${dir}`, this.id)
      .catch((e: unknown) => { throw toDeviceError(e, this.id, `listing ${dir}`); });
    const names = (entries as { name: string }[]).map((e) => e.name).filter((n) => n.endsWith('.db')).sort();
    if (names.length === 0) {
      throw new DeviceError('unsupported', `no readable database in ${dir} (reading app data needs an emulator, a rooted/userdebug phone, or the mock phone)`, this.id);
    }
    let lastError: unknown;
    for (const name of names) {
      const bytes = await this.pull(`${dir}/${name}`);
      try {
        // A verifier's query (with a time limit) runs where it can be stopped.
        if (options.timeoutMs !== undefined) return await boundedQuery({ key: `${this.id}|${dir}/${name}`, stateId: randomUUID(), bytes: () => bytes }, sql, params, { timeoutMs: options.timeoutMs });
        return await queryDatabaseBytes(bytes, sql, params);
      } catch (err) {
        lastError = err;
      }
    }
    throw new DeviceError('command-failed', `query failed on ${names.join(', ')}: ${lastError instanceof Error ? lastError.message : String(lastError)}`, this.id);
  }

  /** Reads a file from the device over the sync protocol. */
  async pull(path: string, timeoutMs = this.slowTimeoutMs): Promise<Buffer> {
    const device = adbClient(this.server).getDevice(this.serial);
    let transfer: { destroy?: () => void; cancel?: () => void } | undefined;
    const work = (async () => {
      const t = await device.pull(path);
      transfer = t as never;
      const chunks: Buffer[] = [];
      await new Promise<void>((resolve, reject) => {
        t.on('data', (c: Buffer) => chunks.push(c));
        t.on('end', () => resolve());
        t.on('error', reject);
      });
      return Buffer.concat(chunks);
    })();
    return withTimeout(work, timeoutMs, `pulling ${path}`, this.id, () => transfer?.cancel?.())
      .catch((e: unknown) => { throw toDeviceError(e, this.id, `pulling ${path}`); });
  }

  // ---- events and lifetime -----------------------------------------------------------

  onEvent(listener: DeviceListener): () => void {
    const l = (e: DeviceEvent): void => {
      try { listener(e); } catch { /* a listener's bug must not break the device */ }
    };
    this.events.on('event', l);
    return () => this.events.off('event', l);
  }

  private emit(e: DeviceEvent): void {
    this.events.emit('event', e);
  }

  private onStateChange(state: AdbState): void {
    const old = this.lastState;
    this.lastState = state;
    if (this.closed || old === state) return;
    if (ready(state)) {
      this.features = undefined; // a restarted device may differ
      this.emit({ type: 'changed' });
    } else if (old === undefined || ready(old)) {
      this.emit({ type: 'disconnected', reason: state === 'gone' ? 'device removed' : `device ${state}` });
    }
  }

  /**
   * adb 29 does not tell trackers when a TCP device drops, so TCP devices are also polled
   * (`get-state`, ~1 ms on loopback); a dropped one is reconnected with `adb connect`, and
   * a dead adb server is restarted on the way (connectServer runs `adb start-server`).
   */
  private startWatchdog(): void {
    if (!isTcpSerial(this.serial)) return;
    this.watchdog = setInterval(() => void this.checkState(), this.options.reconnectIntervalMs ?? 1000);
    this.watchdog.unref?.();
  }

  private checkState(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.checking ??= this.check().finally(() => { this.checking = undefined; });
    return this.checking;
  }

  private async check(): Promise<void> {
    let state: AdbState;
    try {
      state = await deviceState(this.serial, this.server);
    } catch {
      state = 'gone'; // the adb server is unreachable right now
    }
    this.onStateChange(state);
    if (!this.closed && !ready(state) && state !== 'unauthorized' && isTcpSerial(this.serial) && this.options.reconnect !== false) {
      await connectTcpDevice(this.serial, this.server, 5000).then(() => this.onStateChange('device'), () => undefined);
    }
  }

  async close(): Promise<void> {
    if (!this.closed) {
      // Give the user their keyboard back (best effort, briefly: the device may be gone).
      await withTimeout(this.text.restoreKeyboard(), 3000, 'restoring the keyboard', this.id).catch(() => undefined);
    }
    this.closed = true;
    clearInterval(this.watchdog);
    await this.checking; // a reconnect in flight must not outlive close()
    this.tracking?.tracker.off('change', this.onTrackerChange);
    this.tracking?.release();
    this.tracking = undefined;
    this.events.removeAllListeners();
  }
}

/** The package in `dumpsys window`'s mCurrentFocus (or mFocusedApp) line. */
export function parseForegroundApp(dumpsys: string): string | undefined {
  const focus = /mCurrentFocus=Window\{\S+ \S+ ([\w.]+)\//.exec(dumpsys) ?? /mFocusedApp=\S*\{\S+ \S+ ([\w.]+)\//.exec(dumpsys);
  return focus?.[1];
}

