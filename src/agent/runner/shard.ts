// `--shard i/n` (1-based, like Playwright's): a deterministic split of a suite so a CI matrix
// or a cluster's job array runs each task exactly once. Tasks are ordered by instance id and
// dealt round-robin, so the split does not depend on file order or load timing.

export interface Shard {
  index: number; // 1-based
  count: number;
}

export function parseShard(spec: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(spec);
  if (!m) throw new Error(`--shard must look like i/n (e.g. 2/4), got '${spec}'`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) throw new Error(`--shard ${spec}: need 1 <= i <= n`);
  return { index, count };
}

export function selectShard<T extends { instanceId: string }>(items: readonly T[], shard?: Shard): T[] {
  if (!shard || shard.count === 1) return [...items];
  const sorted = [...items].sort((a, b) => (a.instanceId < b.instanceId ? -1 : a.instanceId > b.instanceId ? 1 : 0));
  return sorted.filter((_, i) => i % shard.count === shard.index - 1);
}
