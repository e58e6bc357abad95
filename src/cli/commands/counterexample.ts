// `phonebuddy counterexample <task-file> --task ID --reason TEXT --episode DIR`: appends a
// recorded (failed) episode to a task as a counterexample, its steps written out like the
// solution, so `check` replays it from then on. `--link` keeps the folder reference instead.
import fs from 'node:fs';
import path from 'node:path';
import { parseCommandArgs } from '../args';
import { appendCounterexample, stepsFromEpisode } from '../../task/counterexample';

const HELP = `usage: phonebuddy counterexample <task-file> --task ID --reason TEXT --episode DIR [--link]

Adds a recorded episode (a folder written by the recorder or \`run --record\`) to a task as a
counterexample: a trajectory its verifiers must reject. \`phonebuddy check\` replays it.

  --task ID      the task in the file
  --reason TEXT  why the run is wrong (shown if a verifier ever accepts it)
  --episode DIR  the episode folder
  --link         keep \`episode: DIR\` (relative to the task file) instead of copying its steps
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('counterexample', HELP, { args, allowPositionals: true, strict: true, options: {
    task: { type: 'string' }, reason: { type: 'string' }, episode: { type: 'string' }, link: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  } });
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const file = positionals[0];
  if (!file || !values.task || !values.reason || !values.episode) {
    process.stderr.write(`phonebuddy counterexample: give the task file, --task, --reason and --episode\n${HELP}`);
    return 2;
  }
  try {
    const text = fs.readFileSync(file, 'utf8');
    let cx;
    if (values.link) {
      cx = { reason: values.reason, episode: path.relative(path.dirname(path.resolve(file)), path.resolve(values.episode)) };
    } else {
      const { readEpisode } = await import('../../trajectory/reader');
      const ep = await readEpisode(values.episode);
      const steps = stepsFromEpisode(ep.steps);
      if (steps.length === 0) throw new Error(`episode ${values.episode} has no steps that ran`);
      cx = { reason: values.reason, steps };
    }
    fs.writeFileSync(file, appendCounterexample(text, values.task, cx));
    process.stdout.write(`added a counterexample to ${values.task} in ${file}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`phonebuddy counterexample: ${(e as Error).message}\n`);
    return 1;
  }
}
