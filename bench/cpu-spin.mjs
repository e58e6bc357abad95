// A fixed amount of pure CPU work (integer hashing, no allocation, no I/O) for
// bench/agent.bench.ts's machine ceiling: run once alone and twice at the same time, it shows
// how much two cores of this (shared) machine give perfectly parallel work right now, beside
// the runner's own --parallel 2 figure. Prints nothing; the caller times it.
const rounds = Number(process.argv[2] ?? 60_000_000);
let h = 0x811c9dc5;
for (let i = 0; i < rounds; i++) h = Math.imul(h ^ i, 0x01000193) >>> 0;
if (h === 42) process.stdout.write('unlikely\n'); // keeps the loop observable
