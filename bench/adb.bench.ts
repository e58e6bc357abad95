// ADB path cost: the mock phone served on the ADB wire protocol, driven through Debian's
// real adb server (AdbDevice = our shell v2 client; adbkit for comparison), side by side
// with the same phone in process. Targets (issue #4): ≤ 30 ms per 1080×2400 screenshot and
// ≤ 5 ms per input command on loopback — real phones take 500–1500 ms per screencap.
// Run: node --import tsx bench/adb.bench.ts   (needs `adb`; uses port 15580)
import { AdbDevice } from '../src/device/adb';
import { adbClient } from '../src/device/adb/adb-client';
import { serveConnectedPhone, startAdbServer } from '../src/mockphone/adb/testing/adb-harness';
import { median, percentile, report, timeRuns, type BenchRow } from './report';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Times `fn` after an untimed `prepare` each run. */
async function timePrepared(prepare: () => Promise<unknown>, fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    await prepare();
    const t = process.hrtime.bigint();
    await fn();
    if (i >= 2) out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out;
}

async function main(): Promise<void> {
  await startAdbServer();
  const served = await serveConnectedPhone(15580);
  const device = await AdbDevice.open(served.serial);
  const adbkit = adbClient().getDevice(served.serial);
  const phone = served.phone;
  const rows: BenchRow[] = [];
  const add = (metric: string, xs: number[], target?: string, note?: string): number => {
    rows.push({ metric: `${metric} median`, value: median(xs), unit: 'ms', target, note });
    rows.push({ metric: `${metric} p95`, value: percentile(xs, 95), unit: 'ms' });
    return median(xs);
  };
  try {
    // Screen unchanged: the mock phone reuses its encoded PNG, so this is transport cost.
    const inProc = add('screenshot PNG 1080x2400, in process (cached)', await timeRuns(() => phone.screenshot(), RUNS));
    const viaAdb = add('screenshot PNG 1080x2400, AdbDevice via adb (cached)', await timeRuns(() => device.screenshot(), RUNS), '<= 30 ms',
      'real phones: screencap 500-1500 ms');
    add('screenshot PNG, adbkit screencap() via adb (cached)', await timeRuns(async () => readAll(await adbkit.screencap()), RUNS));
    rows.push({ metric: 'screenshot ratio adb/in-process (cached)', value: viaAdb / inProc, unit: 'x' });

    // Screen changed before each shot (clock advanced a minute): render + encode + transfer.
    const tick = (): Promise<void> => phone.wait(60_000);
    const inProcFresh = add('screenshot after a change, in process', await timePrepared(tick, () => phone.screenshot(), RUNS));
    const adbFresh = add('screenshot after a change, AdbDevice via adb', await timePrepared(tick, () => device.screenshot(), RUNS), '<= 30 ms');
    rows.push({ metric: 'screenshot ratio adb/in-process (changed)', value: adbFresh / inProcFresh, unit: 'x' });
    add('screenshot JPEG q90 (sharp from PNG), AdbDevice', await timeRuns(() => device.screenshot({ format: 'jpeg' }), RUNS));

    // Input: a tap on empty launcher space (no state change worth re-rendering).
    const p = { x: 540, y: 1200 };
    const tapIn = add('tap round trip, in process', await timeRuns(() => phone.tap(p), RUNS * 3));
    const tapAdb = add('tap round trip, AdbDevice via adb', await timeRuns(() => device.tap(p), RUNS * 3), '<= 5 ms');
    rows.push({ metric: 'tap ratio adb/in-process', value: tapAdb / tapIn, unit: 'x' });
    add('keyevent round trip, AdbDevice via adb', await timeRuns(() => device.pressKey('dpad_down'), RUNS * 3), '<= 5 ms');

    // Per-command overhead: `echo` through the whole stack.
    add('shell echo, AdbDevice (shell v2, own socket)', await timeRuns(() => device.shell('echo'), RUNS * 3));
    add('shell echo, adbkit shell() (raw shell)', await timeRuns(async () => readAll(await adbkit.shell('echo')), RUNS * 3));
    add('uiautomator dump + cat, AdbDevice', await timeRuns(() => device.uiTree(), RUNS));
  } finally {
    await device.close();
    await served.stop();
  }
  report('adb', rows);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
