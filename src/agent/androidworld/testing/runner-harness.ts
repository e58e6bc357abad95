// What the reference-runner tests share: one served mock phone (en-US, wall clock, as
// `serve-device` makes it) behind our AndroidWorld server over loopback HTTP, the scripted
// "perfect" model on loopback, and our own runner's verdicts for the same task instances.
//
// The runner pauses 3 s before each screenshot and 2 s after each step. Sweeps cut those
// pauses `rate`-fold and run the served phone's wall clock `rate` times faster, so the phone
// still sees 3 s + 2 s between steps (its timers fire as on an emulator) in 1/rate of the time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMockPhone, withMockShell, type MockPhone } from '../../../mockphone';
import { mockAppCatalog, mockAppManifests } from '../../../studio/app-catalog';
import { mockParamData } from '../../../studio/param-data';
import { phoneApps } from '../../../studio/phone-apps';
import { mockPhoneForTask } from '../../../studio/phones';
import { workspaceApps } from '../../../studio/workspace-apps';
import type { TaskInstance } from '../../../task/runnable';
import { mockPool, runSuite } from '../../runner/run-suite';
import { SolutionPolicy } from '../../policies/solution';
import { serveSuiteOverAndroidWorld, suiteLoader } from '../serve-suite';
import type { AndroidWorldServer, AwScreenshotFormat } from '../server';
import { runReferenceRunner, type ReferenceRecord, type ReferenceRunnerOptions } from './reference-runner';
import { startScriptedModel, type ScriptedModelServer } from './scripted-model';

export const EXAMPLES = path.join(__dirname, '..', '..', '..', '..', 'tasks-examples');

export interface RunnerHarness {
  phone: MockPhone;
  server: AndroidWorldServer;
  model: ScriptedModelServer;
  /** The instances the runner plays at a seed: task_idx 0 of a suite reinitialised with n_task_combinations=1. */
  served(seed: number): Promise<TaskInstance[]>;
  /** The stand-in runner at a seed, pauses cut by `rate` (the phone's clock sped up to match). */
  runner(seed: number, extra?: Partial<ReferenceRunnerOptions>): Promise<ReferenceRecord[]>;
  /** Our own runner on the same instances: solution policy, type = text + Enter (AndroidWorld's actuation). */
  ourScores(seed: number, only?: string[]): Promise<Map<string, number | null>>;
  close(): Promise<void>;
}

/** `appsDir`: the workspace's app files beside the built-ins, as `serve-device --apps DIR` serves them. */
export async function startRunnerHarness(o: { taskPaths?: string[]; appsDir?: string; rate: number; screenshot?: AwScreenshotFormat; maxWaits?: number; warn?: (line: string) => void }): Promise<RunnerHarness> {
  const taskPaths = o.taskPaths ?? [EXAMPLES];
  const catalog = await mockAppCatalog(o.appsDir);
  const { apps } = await phoneApps(o.appsDir);
  // Served as `phonebuddy serve-device` serves it: with the in-process shell.
  const phone = withMockShell(await createMockPhone({ seed: 0, locale: 'en-US', clock: 'wall', ...(apps ? { apps } : {}) }));
  phone.setClockMode('wall', o.rate);
  const paramData = mockParamData(o.appsDir);
  const load = suiteLoader(taskPaths, catalog, o.warn, paramData);
  const bySeed = new Map<number, TaskInstance[]>();
  let seedInUse = 0;
  const served = async (seed: number): Promise<TaskInstance[]> => {
    if (!bySeed.has(seed)) {
      const all = await load(seed, 1);
      bySeed.set(seed, [...new Set(all.map((t) => t.taskId))].map((id) => all.find((t) => t.taskId === id)!));
    }
    return bySeed.get(seed)!;
  };
  const server = await serveSuiteOverAndroidWorld({ phone, port: 0, taskPaths, catalog, paramData, apps: mockAppManifests((await workspaceApps(o.appsDir)).infos), screenshot: o.screenshot });
  const model = await startScriptedModel({ phone, tasks: () => bySeed.get(seedInUse) ?? [], maxWaits: o.maxWaits });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-aw-harness-'));
  return {
    phone, server, model, served,
    async runner(seed, extra = {}) {
      await served(seed);
      seedInUse = seed;
      return runReferenceRunner({ awServer: server.url, modelBaseUrl: model.url, seed, settleMs: 3000 / o.rate, stepDelayMs: 2000 / o.rate, ...extra });
    },
    async ourScores(seed, only) {
      const instances = (await served(seed)).filter((t) => !only || only.includes(t.taskId));
      const result = await runSuite({
        instances, outDir: path.join(tmp, `ours-${seed}-${Date.now()}`),
        pool: mockPool(1, (_slot, locale) => mockPhoneForTask({ seed, locale }, { appsDir: o.appsDir })),
        policy: () => new SolutionPolicy(),
        episode: { observe: { screenshot: false }, actuation: 'androidworld' },
      });
      return new Map(result.records.map((r) => [r.task_id!, r.score]));
    },
    async close() {
      await model.close();
      await server.close();
      await phone.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** One line per task whose runner verdict is not a pass equal to ours (empty when all agree). */
export function verdictDiffs(records: ReferenceRecord[], ours: Map<string, number | null>): string[] {
  return records.filter((r) => r.error || !r.success || r.score !== ours.get(r.task_type)).map((r) =>
    `${r.task_type}: runner ${r.score} (${r.terminated_by}${r.error ? `, ${r.error}` : ''}), ours ${ours.get(r.task_type)} — ${r.trajectory.map((s) => s.action).join(' ')}`);
}
