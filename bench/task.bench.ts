// Task language: validating every example (parse + schema + SQL/CEL checks against the mock
// apps' schemas + instantiation) and evaluating one task's verifiers on a mock phone after its
// reference solution ran. Medians per task, measured side by side in one run.
//   node --import tsx bench/task.bench.ts
import fs from 'node:fs';
import path from 'node:path';
import { runEpisode } from '../src/agent/episode';
import { SolutionPolicy } from '../src/agent/policies/solution';
import { createMockPhone } from '../src/mockphone';
import { mockAppCatalog } from '../src/studio/app-catalog';
import { expandTaskPaths, instantiate, parseTaskFile } from '../src/task';
import { median, percentile, report, timeRuns } from './report';

const root = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  const catalog = await mockAppCatalog();
  const { files } = await expandTaskPaths([path.join(root, 'tasks-examples')]);
  const texts = files.map((f) => ({ file: f, text: fs.readFileSync(f, 'utf8') }));
  let taskCount = 0;
  for (const { file, text } of texts) taskCount += parseTaskFile(text, file, { catalog }).tasks.length;

  // 1. Validate all examples: parse + checks + instantiate (what the editor and loadTasks do).
  const validateAll = () => {
    for (const { file, text } of texts) {
      const parsed = parseTaskFile(text, file, { catalog });
      for (const t of parsed.tasks) instantiate(t.def, { file });
    }
  };
  const validate = await timeRuns(validateAll, 20, 3);

  // 2. Evaluate one task's verifiers (messages.reply: a JOIN query + CEL) after its solution.
  const reply = texts.find((t) => t.file.endsWith('messages-reply.task.yaml'))!;
  const [inst] = instantiate(parseTaskFile(reply.text, reply.file, { catalog }).tasks[0].def);
  const phone = await createMockPhone({ seed: inst.seed });
  const summary = await runEpisode({ device: phone, policy: new SolutionPolicy(), task: inst, observe: { screenshot: false, uiTree: true } });
  if (!summary.success) throw new Error(`reference solution failed: ${summary.reason}`);
  const outcome = { steps: [], terminatedBy: 'finish', answer: summary.answer };
  const verify = await timeRuns(() => inst.verify(phone, outcome, { trusted: true }), 200, 10);
  // A UI verifier reads and parses the whole uiautomator tree: measure it beside the SQL one.
  const settings = texts.find((t) => t.file.endsWith('settings-wifi-off.task.yaml'))!;
  const [wifi] = instantiate(parseTaskFile(settings.text, settings.file, { catalog }).tasks[0].def);
  const uiVerify = await timeRuns(() => wifi.verify(phone, outcome, { trusted: false }), 50, 5);
  await phone.close();

  report('task', [
    { metric: `validate all examples (${texts.length} files, ${taskCount} tasks)`, value: median(validate), unit: 'ms' },
    { metric: 'validate, per task', value: median(validate) / taskCount, unit: 'ms/task' },
    { metric: 'validate, per task p90', value: percentile(validate, 90) / taskCount, unit: 'ms/task' },
    { metric: 'evaluate verifiers: messages.reply (SQL JOIN + CEL)', value: median(verify), unit: 'ms' },
    { metric: 'evaluate verifiers: settings.wifi-off (SQL + UI tree)', value: median(uiVerify), unit: 'ms', note: 'shell skipped (untrusted)' },
  ]);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
