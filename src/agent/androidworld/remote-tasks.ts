// The AndroidWorld server's suite as TaskInstances (initialise, goal, score, tear down), so our
// runner and debugger drive AndroidWorld's tasks through the device client.
import type { Device } from '../../device/device';
import { AndroidWorldDevice, type AndroidWorldClient } from '../../device/androidworld/client';
import type { EpisodeOutcome, TaskContext, TaskInstance, VerifyReport } from '../../task/runnable';

export interface AwTaskSourceOptions {
  seed?: number;
  taskIdx?: number;
  /** Only these task types (names from /suite/task_list). */
  only?: string[];
  maxSteps?: number;
}

/**
 * The server's suite as TaskInstances. Setup follows the reference runner (reset → reinitialise
 * → tear down (ignored) → initialise → fetch the goal); verify submits the terminal answer and
 * reads /task/score (success = score ≥ 1).
 */
export async function androidWorldTasks(client: AndroidWorldClient, options: AwTaskSourceOptions = {}): Promise<TaskInstance[]> {
  const seed = options.seed ?? 30;
  const idx = options.taskIdx ?? 0;
  let names = await client.taskList();
  if (options.only?.length) names = names.filter((n) => options.only!.includes(n));
  return names.map((name): TaskInstance => {
    const instance: TaskInstance = {
      taskId: name, instanceId: idx ? `${name}#${idx}` : name, title: name, family: 'custom', goal: '', params: {},
      maxSteps: options.maxSteps ?? 50, tags: ['androidworld'], device: 'any', seed,
      async setup(_device: Device, _ctx: TaskContext) {
        await client.reset(true);
        await client.reinitialize(1, seed);
        await client.tearDownTask(name, idx).catch(() => undefined);
        await client.initializeTask(name, idx);
        instance.goal = await client.taskGoal(name, idx);
      },
      async verify(device: Device, outcome: EpisodeOutcome): Promise<VerifyReport> {
        try {
          if (outcome.answer !== undefined && device instanceof AndroidWorldDevice) await device.answer(outcome.answer);
          const score = await client.taskScore(name, idx);
          const passed = score >= 1;
          return { passed, score, results: [{ path: 'androidworld.score', kind: 'androidworld', passed, reason: `server score ${score}`, observed: score }] };
        } finally {
          await client.tearDownTask(name, idx).catch(() => undefined);
        }
      },
    };
    return instance;
  });
}
