// The tasks a service offers: the task folders loaded against the mock phone's app catalogue
// (the loader `run` uses), once per seed. A reset names a task id or instance id, or a family
// or tag to draw one from at the reset's seed — the same draw for the same seed, on every replica.
import type { TaskInstance } from '../task/runnable';
import { loadMockTasks } from '../studio/tasks';
import { mockParamData } from '../studio/param-data';

export class UnknownTaskError extends Error {}

export class TaskCatalogue {
  private bySeed = new Map<number, Promise<TaskInstance[]>>();
  private paramData: ReturnType<typeof mockParamData>;

  /** `appsDir`: the workspace's app files, whose apps the tasks may use (and the phones run). */
  constructor(readonly paths: readonly string[], readonly defaultSeed = 0, readonly appsDir?: string) {
    this.paramData = mockParamData(appsDir);
  }

  private load(seed: number): Promise<TaskInstance[]> {
    let p = this.bySeed.get(seed);
    if (!p) {
      p = loadMockTasks([...this.paths], { seed, paramData: this.paramData, ...(this.appsDir ? { appsDir: this.appsDir } : {}) }).then(({ instances, diagnostics }) => {
        const errors = diagnostics.filter((d) => d.severity === 'error');
        if (errors.length && !instances.length) throw new Error(`no task loads from ${this.paths.join(', ')}: ${errors[0].message}`);
        return instances.slice().sort((a, b) => (a.instanceId < b.instanceId ? -1 : a.instanceId > b.instanceId ? 1 : 0));
      });
      this.bySeed.set(seed, p);
      p.catch(() => this.bySeed.delete(seed));
    }
    return p;
  }

  /** Every instance at the default seed (for /metadata and the session list). */
  all(): Promise<TaskInstance[]> {
    return this.load(this.defaultSeed);
  }

  /**
   * The instance a reset asks for: `task` is an instance id, a task id, a family or a tag
   * (in that order); several matches are drawn from by the seed. `params` picks the variant.
   */
  async pick(task: string, seed: number | undefined, params?: Record<string, unknown>): Promise<TaskInstance> {
    const s = seed ?? this.defaultSeed;
    const all = await this.load(s);
    const exact = all.filter((i) => i.instanceId === task);
    const matches = exact.length ? exact
      : [all.filter((i) => i.taskId === task), all.filter((i) => i.family === task), all.filter((i) => i.tags.includes(task))].find((m) => m.length) ?? [];
    if (!matches.length) {
      const ids = [...new Set(all.map((i) => i.taskId))];
      throw new UnknownTaskError(`unknown task '${task}': not a task id, instance id, family or tag of the loaded tasks (${ids.slice(0, 8).join(', ')}${ids.length > 8 ? ', …' : ''})`);
    }
    const drawn = matches[Math.abs(s) % matches.length];
    if (!params || !Object.keys(params).length) return drawn;
    for (const [k, value] of Object.entries(params)) {
      if (!(k in drawn.params)) throw new UnknownTaskError(`task '${drawn.taskId}' has no param '${k}' (its params: ${Object.keys(drawn.params).join(', ') || 'none'})`);
      const domain = drawn.paramDomains?.[k];
      if (domain && !domain.some((d) => JSON.stringify(d) === JSON.stringify(value))) throw new UnknownTaskError(`params.${k} of task '${drawn.taskId}' cannot be ${JSON.stringify(value)} (one of ${domain.slice(0, 8).map((d) => JSON.stringify(d)).join(', ')})`);
    }
    const variant = drawn.variant?.({ ...drawn.params, ...params });
    if (!variant) throw new UnknownTaskError(`task '${drawn.taskId}' has no instance with params ${JSON.stringify(params)} (unknown param or a value its constraints rule out)`);
    return variant;
  }
}
