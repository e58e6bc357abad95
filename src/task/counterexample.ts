// Counterexamples: trajectories a task's verifiers must reject. The debugger and the recorder
// append a failed episode to a task with addCounterexample() (or `phonebuddy counterexample`);
// the task file is edited as YAML (comments and layout kept), the steps written in the same
// form as `solution:` so a reader can see what the wrong run did.
import { isMap, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import type { CounterexampleDef, StepDef } from './model';

/** A recorded tool call (`{name, args}` as the model wrote it) → a task-file step. */
export function stepFromCall(call: { name: string; args: Record<string, unknown> }): StepDef | undefined {
  const a = call.args ?? {};
  switch (call.name) {
    case 'click': case 'double_click': case 'long_press': case 'scroll': case 'drag': {
      const body: Record<string, unknown> = { points: a.points };
      if (a.duration !== undefined) body.duration = a.duration;
      return { [call.name]: body } as StepDef;
    }
    case 'type': return { type: String(a.text ?? '') };
    case 'open_app': return { open_app: String(a.app ?? '') };
    case 'close_app': return { close_app: String(a.app ?? '') };
    case 'button_press': return { button_press: String(a.type ?? '') };
    case 'wait': return { wait: Number(a.time ?? 1000) };
    case 'finish': case 'answer': return { finish: String(a.text ?? '') };
    case 'output': return { output: String(a.text ?? '') };
    default: return undefined;
  }
}

/** The steps that ran (status ok) of a recorded episode, in order. */
export function stepsFromEpisode(entries: readonly { call?: { name: string; args: Record<string, unknown> }; status: string }[]): StepDef[] {
  return entries.filter((e) => e.call && e.status === 'ok').map((e) => stepFromCall(e.call!)).filter((s): s is StepDef => s !== undefined);
}

/**
 * Returns the task file text with `counterexample` appended to task `taskId`'s
 * `counterexamples:` (created when absent). Throws when the task is not in the file.
 */
export function appendCounterexample(text: string, taskId: string, counterexample: CounterexampleDef): string {
  if (!counterexample.reason.trim()) throw new Error('a counterexample needs a reason (why the run is wrong)');
  if (!counterexample.steps?.length && !counterexample.episode) throw new Error('a counterexample needs steps or an episode folder');
  const doc = parseDocument(text);
  if (doc.errors.length) throw new Error(`the task file does not parse: ${doc.errors[0].message.split('\n')[0]}`);
  const root = doc.contents;
  const candidates: YAMLMap[] = [];
  if (isMap(root)) {
    const tasks = root.get('tasks');
    if (isSeq(tasks)) for (const t of tasks.items) { if (isMap(t)) candidates.push(t); }
    else candidates.push(root);
  }
  const task = candidates.find((t) => t.get('id') === taskId);
  if (!task) throw new Error(`no task '${taskId}' in this file (tasks: ${candidates.map((t) => String(t.get('id'))).join(', ') || 'none'})`);
  const node = doc.createNode(counterexample);
  const list = task.get('counterexamples') as YAMLSeq | undefined;
  if (isSeq(list)) list.items.push(node);
  else task.set('counterexamples', doc.createNode([counterexample]));
  return doc.toString();
}
