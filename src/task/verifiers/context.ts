// What every verifier gets: the device after the episode, what the agent did, whether the
// workspace is trusted, and the instance's params. The final UI tree is read once, lazily.
import type { Device } from '../../device/device';
import type { SqlRow } from '../../device/device';
import type { EpisodeOutcome, TaskContext } from '../runnable';
import { parseUiTree, type UiTree } from '../../device/ui-tree';
import type { NamedQueryDef } from '../model';
import { bindNamed } from '../sql-params';

/**
 * How long one verifier query may run before the device stops it (a recursive CTE that never
 * stops): its error names the verifier, and check and run go on with the next task. Memory,
 * rows and result size are bounded too (src/device/bounded-sql/limits.ts).
 */
import { VERIFIER_QUERY_MS, VERIFIER_SQL_CHARS } from '../../device/bounded-sql/limits';

export { VERIFIER_QUERY_MS, VERIFIER_SQL_CHARS };

export interface VerifyInput {
  device: Device;
  outcome: EpisodeOutcome;
  context: TaskContext;
  params: Record<string, unknown>;
  /** Rows each `before.*` query returned on the initial state (after setup), by query text. */
  before?: Map<string, SqlRow[]>;
  /** The task's named queries (`queries:`), run on demand on the end state. */
  queries?: Record<string, NamedQueryDef>;
}

export class VerifyScope {
  private tree?: Promise<UiTree>;
  constructor(readonly input: VerifyInput) {}

  finalTree(): Promise<UiTree> {
    this.tree ??= this.input.device.uiTree().then(parseUiTree);
    return this.tree;
  }

  private named = new Map<string, Promise<SqlRow[]>>();

  /** A named query's rows on the end state (run once per verification). Throws a sentence. */
  namedQuery(name: string): Promise<SqlRow[]> {
    let rows = this.named.get(name);
    if (!rows) {
      const { device, params, queries } = this.input;
      const def = queries?.[name];
      rows = (async () => {
        if (!def) throw new Error(`no named query '${name}'${queries && Object.keys(queries).length ? ` (queries: ${Object.keys(queries).join(', ')})` : ' (the task declares no queries:)'}`);
        if (!device.queryApp) throw new Error(`device ${device.id} cannot query app databases`);
        const { sql, values } = bindNamed(def.query, params);
        try {
          return await device.queryApp(def.app, sql, values, { timeoutMs: VERIFIER_QUERY_MS });
        } catch (e) {
          throw new Error(`named query '${name}' failed on ${def.app}: ${(e as Error).message}`);
        }
      })();
      this.named.set(name, rows);
    }
    return rows;
  }
}
