// Train/validation split by episode, deterministic in (seed, episode id): the same episode
// always lands on the same side, whatever else is exported with it, so a validation set never
// leaks steps of a training episode.
import { createHash } from 'node:crypto';

export type SplitName = 'train' | 'val';

export function splitOf(episodeId: string, trainFraction: number, seed: number): SplitName {
  if (trainFraction >= 1) return 'train';
  const h = createHash('sha256').update(`${seed}\0${episodeId}`).digest();
  return h.readUInt32BE(0) / 2 ** 32 < trainFraction ? 'train' : 'val';
}
