// Activation timing: when the bundle was loaded and how long activate() and each feature
// took. The integration tests read it through the extension's exported API.
export interface ActivationStats {
  /** ms from the bundle's first line running to activate() finishing (includes module evaluation of features). */
  sinceLoadMs: number;
  /** ms spent inside activate(). */
  activateMs: number;
  features: { name: string; ms: number; error?: string }[];
}

const loadedAt = performance.now();
let stats: ActivationStats | undefined;

export function recordActivation(activateStartedAt: number, features: ActivationStats['features']): ActivationStats {
  const now = performance.now();
  stats = { sinceLoadMs: now - loadedAt, activateMs: now - activateStartedAt, features };
  return stats;
}

export function activationStats(): ActivationStats | undefined {
  return stats;
}
