// Prepares a device for one task instance. The mock phone gets a fresh reset, virtual time,
// SQL fixtures, clipboard and perturbations; a real phone gets install/push/shell steps.
// Optional device capabilities are asked for (device/capabilities.ts), so this works with every Device.
import { can } from '../device/capabilities';
import { isSnapshottable, type Device } from '../device/device';
import type { SetupDef } from './model';
import type { TaskContext } from './runnable';
import { adbInstall, adbPush, adbSerial, resolveLocal } from './setup-adb';
import { shellQuote } from '../device/shell-quote';
import { bindNamed } from './sql-params';
import { fillTemplate } from './template';

export class SetupError extends Error {}

export async function runSetup(device: Device, setup: SetupDef | undefined, params: Record<string, unknown>, seed: number, locale: string | undefined, context: TaskContext, taskFile?: string): Promise<void> {
  const d = device;
  const s = setup ?? {};
  if (isSnapshottable(device)) await device.reset(s.seed ?? seed);
  const loc = s.locale ?? locale;
  if (loc && can(d, 'setLocale')) await d.setLocale(loc);
  else if (loc && can(d, 'props')) {
    // The mock phone's locale is fixed when it is created (its seed content is localized).
    const has = d.props()['persist.sys.locale'];
    if (has && has !== loc) throw new SetupError(`the task needs locale ${loc} but ${device.id} runs ${has}: create the mock phone with locale '${loc}'`);
  }
  if (s.time !== undefined) {
    const t = Date.parse(s.time);
    if (Number.isNaN(t)) throw new SetupError(`setup.time '${s.time}' is not a date-time`);
    if (can(d, 'setTime')) await d.setTime(t);
    else if (can(d, 'now')) {
      // Virtual time only moves forward: let it pass (timers due meanwhile fire, as on a phone).
      const now = d.now();
      if (t < now) throw new SetupError(`setup.time ${s.time} is before the phone's clock (${new Date(now).toISOString()}); create the mock phone with an earlier startTime`);
      await device.wait(t - now);
    } else throw new SetupError(`setup.time needs a device with a virtual clock (the mock phone); ${device.id} has none`);
  }
  for (const [pkg, statements] of Object.entries(s.sql ?? {})) {
    if (!can(d, 'execSql')) throw new SetupError(`setup.sql fixtures need the mock phone; device ${device.id} cannot run them (on a real phone prepare state with setup.push or setup.shell)`);
    for (const stmt of statements) {
      const { sql, values } = bindNamed(stmt, params);
      try {
        d.execSql(pkg, sql, values);
      } catch (e) {
        throw new SetupError(`setup.sql for ${pkg} failed: ${(e as Error).message} in: ${stmt}`);
      }
    }
  }
  if (s.clipboard !== undefined) await putClipboard(device, fillTemplate(s.clipboard, params));
  if ((s.install?.length || s.push?.length) && !context.trusted) {
    context.warn?.('setup.install/push skipped: installing apps and pushing files do not run in an untrusted workspace');
  } else {
    const serial = adbSerial(device);
    for (const apk of s.install ?? []) {
      const local = resolveLocal(apk, taskFile);
      if (can(d, 'install')) await d.install(local);
      else if (serial) await adbInstall(serial, local).catch((e: Error) => { throw new SetupError(`setup.install: ${e.message}`); });
      else throw new SetupError(`setup.install: device ${device.id} cannot install APKs`);
    }
    for (const p of s.push ?? []) {
      const local = resolveLocal(p.from, taskFile);
      if (can(d, 'push')) await d.push(local, p.to);
      else if (serial) await adbPush(serial, local, p.to).catch((e: Error) => { throw new SetupError(`setup.push: ${e.message}`); });
      else throw new SetupError(`setup.push: device ${device.id} cannot receive files`);
    }
  }
  if (s.shell?.length) {
    if (!context.trusted) {
      context.warn?.(`setup.shell skipped: shell steps do not run in an untrusted workspace (${s.shell.length} command${s.shell.length === 1 ? '' : 's'})`);
    } else {
      if (!device.shell) throw new SetupError(`setup.shell: device ${device.id} has no shell`);
      const quoted = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, shellQuote(String(v))]));
      for (const cmd of s.shell) {
        const r = await device.shell(fillTemplate(cmd, quoted), 30_000);
        if (r.exitCode !== 0) throw new SetupError(`setup.shell '${cmd}' exited ${r.exitCode}: ${r.stdout.slice(0, 200)}`);
      }
    }
  }
  if (s.perturbations?.length) {
    if (!can(d, 'setInterference')) throw new SetupError(`setup.perturbations need the mock phone (device ${device.id} has no interference engine)`);
    try {
      d.setInterference(s.perturbations.map((p) => ({ ...p, ...(p.params ? { params: fillParams(p.params, params) } : {}) })));
    } catch (e) {
      throw new SetupError(`setup.perturbations: ${(e as Error).message}`);
    }
  }
  if (s.start_app) {
    const r = await device.openApp(s.start_app);
    if (!r.ok) throw new SetupError(`setup.start_app ${s.start_app}: ${r.message ?? 'could not open'}`);
  }
}

function fillParams(p: Record<string, unknown>, params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k, typeof v === 'string' ? fillTemplate(v, params) : v]));
}

/**
 * Puts text on the clipboard: through a `setClipboard` hook when the device has one, else on
 * a snapshottable phone whose snapshot state carries the clipboard (the mock phone documents
 * `state.clipboard` as part of its snapshot), by snapshot → edit → restore.
 */
async function putClipboard(device: Device, text: string): Promise<void> {
  if (can(device, 'setClipboard')) return void (await device.setClipboard(text));
  if (isSnapshottable(device)) {
    const snap = (await device.snapshot()) as { state?: { clipboard?: unknown } };
    if (snap && typeof snap === 'object' && snap.state && typeof snap.state.clipboard === 'string') {
      snap.state.clipboard = text;
      await device.restore(snap);
      return;
    }
  }
  throw new SetupError(`setup.clipboard: device ${device.id} has no clipboard the task can set`);
}
