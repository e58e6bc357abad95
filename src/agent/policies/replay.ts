// Replays a recorded run's actions: the trajectory of the same task from a results directory
// (results.jsonl written by `phonebuddy run`), or a file of steps. Only steps that carried a
// tool call are replayed; the thought comes along so the history looks as it did.
import fs from 'node:fs';
import path from 'node:path';
import type { ToolCall } from '../../protocol/tools';
import type { TaskInstance } from '../../task/runnable';
import type { Policy, PolicyContext, PolicyDecision } from '../policy';
import { parseResultsJsonl, type ResultRecord } from '../runner/results';
import { policyIndex } from './solution';

interface ReplayStep { call: ToolCall; thought: string }

export class ReplayPolicy implements Policy {
  readonly name: string;
  private readonly records: ResultRecord[];
  private steps: ReplayStep[] = [];
  private index = 0;
  private missing?: string;

  /** `source`: a directory holding results.jsonl, or a results.jsonl / JSON steps file. */
  constructor(readonly source: string) {
    this.name = `replay:${source}`;
    this.records = loadRecords(source);
  }

  begin({ goal, task }: { goal: string; task?: TaskInstance }): void {
    this.index = 0;
    const rec = (task && (this.records.find((r) => r.task === task.instanceId) ?? this.records.find((r) => r.task_id === task.taskId && r.goal === goal)))
      ?? this.records.find((r) => r.goal === goal)
      ?? (this.records.length === 1 ? this.records[0] : undefined);
    this.missing = rec ? undefined : `no recorded run of ${task?.instanceId ?? JSON.stringify(goal)} in ${this.source}`;
    this.steps = (rec?.trajectory ?? [])
      .filter((s) => typeof s.action === 'string' && s.action)
      .map((s) => ({ call: { name: s.action as string, args: s.args ?? {}, ...(s.floats?.length ? { floats: s.floats } : {}) }, thought: s.thought ?? '' }));
  }

  async next(_ctx: PolicyContext): Promise<PolicyDecision> {
    if (this.missing) return { kind: 'exhausted', message: this.missing };
    const s = this.steps[this.index++];
    if (!s) return { kind: 'exhausted', message: `the recorded run has no more actions (${this.steps.length} replayed)` };
    return { kind: 'call', call: structuredClone(s.call), thought: s.thought };
  }

  snapshot(): { index: number } {
    return { index: this.index };
  }

  restore(state: unknown): void {
    this.index = policyIndex(state, 'replay');
  }
}

function loadRecords(source: string): ResultRecord[] {
  let file = source;
  if (fs.existsSync(source) && fs.statSync(source).isDirectory()) file = path.join(source, 'results.jsonl');
  if (!fs.existsSync(file)) throw new Error(`replay source ${source} has no results.jsonl`);
  const text = fs.readFileSync(file, 'utf8');
  if (text.trimStart().startsWith('[')) {
    // A bare JSON array of steps {thought, action, args} (the `protocol prompt --history` format).
    const steps = JSON.parse(text) as { thought?: string; action: string; args?: Record<string, unknown> }[];
    return [{ task: '*', goal: '', tags: [], score: 0, success: false, steps: steps.length, terminated_by: '', reason: '', error: null, device: '', policy: '', duration_ms: 0,
      trajectory: steps.map((s, i) => ({ step: i + 1, action: s.action, args: s.args ?? {}, thought: s.thought ?? '', status: 'ok', timings: { screenshot: 0, uiTree: 0, model: 0, parse: 0, action: 0, total: 0 } })) }];
  }
  const { records } = parseResultsJsonl(text);
  if (records.length === 0) throw new Error(`${file} holds no recorded runs`);
  return records;
}
