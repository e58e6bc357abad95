// What every verifier gets: the device after the episode, what the agent did, whether the
// workspace is trusted, and the instance's params. The final UI tree is read once, lazily.
import type { Device } from '../../device/device';
import type { SqlRow } from '../../device/device';
import type { EpisodeOutcome, TaskContext } from '../runnable';
import { parseUiTree, type UiTree } from '../../device/ui-tree';

/**
 * How long one verifier query may run before the device stops it (a recursive CTE that never
 * stops): its error names the verifier, and check and run go on with the next task.
 */
export const VERIFIER_QUERY_MS = 3000;

export interface VerifyInput {
  device: Device;
  outcome: EpisodeOutcome;
  context: TaskContext;
  params: Record<string, unknown>;
  /** Rows each `before.*` query returned on the initial state (after setup), by query text. */
  before?: Map<string, SqlRow[]>;
}

export class VerifyScope {
  private tree?: Promise<UiTree>;
  constructor(readonly input: VerifyInput) {}

  finalTree(): Promise<UiTree> {
    this.tree ??= this.input.device.uiTree().then(parseUiTree);
    return this.tree;
  }
}
