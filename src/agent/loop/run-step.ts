// One step of the loop: observe, decide, act, record — with a checkpoint before it and the
// pause gate's points between the phases (step-start, before-decision, before-action,
// failure, step-end). A step entered after a rewind or in a fork skips what its entry carries.
import type { Action } from '../../protocol/action';
import { actionToCall } from '../../protocol/action';
import { isTapTool, isTerminalTool } from '../../protocol/tools';
import { isDeviceError } from '../../device/errors';
import { nodeAt, parseUiTree } from '../../device/ui-tree';
import type { EpisodeEvent, EpisodeState, LoopPoint, StepRecord, StepTimings, TerminatedBy } from '../events';
import { ActionFailed, actionPixels, executeAction } from '../execute';
import type { Device } from '../../device/device';
import type { TaskInstance } from '../../task/runnable';
import type { Policy } from '../policy';
import type { Actuation } from '../execute';
import { askPolicy, decisionFailure, message, observe, settle, toDecision } from '../step-phases';
import type { PauseGate } from './pause-gate';
import type { Rewinds } from './rewinds';
import { EpisodeEnd, type CurrentStep, type LoopProgress, type StepEntry } from './signals';

/** The episode's options a step reads (EpisodeOptions fits). */
export interface StepOptions {
  device: Device;
  policy: Policy;
  task?: TaskInstance;
  observe?: { screenshot?: boolean; uiTree?: boolean };
  settleMs?: number;
  actuation?: Actuation;
}

/** What a step needs from its episode. */
export interface StepHost {
  readonly episodeId: string;
  readonly options: StepOptions;
  goal(): string;
  /** Read afresh each time: a rewind replaces it. */
  progress(): LoopProgress;
  readonly gate: PauseGate;
  readonly rewinds: Rewinds;
  /** Cancels inference and waits (stop, the caller's signal, a disconnect). */
  readonly signal: AbortSignal;
  disconnected(): string | undefined;
  setState(state: EpisodeState): void;
  emit(event: EpisodeEvent): void;
  /** This step is now the current one (what the pause API shows and edits). */
  enter(cur: CurrentStep): void;
  applyEdit(action: Action, by: string): void;
  /** The UI dump observed at a step, for verifiers that ask what some screen showed. */
  sawScreen(step: number, uiXml: string): void;
  checkAbort(): void;
}

export interface StepResult {
  record: StepRecord;
  terminal?: { by: TerminatedBy; text: string };
}

export async function runStep(host: StepHost, step: number, entry?: StepEntry): Promise<StepResult> {
  const { device, policy } = host.options;
  const { gate, rewinds } = host;
  const stepStart = performance.now();
  gate.startStep();
  const t: StepTimings = { screenshot: 0, uiTree: 0, model: 0, parse: 0, action: 0, total: 0 };
  const cur: CurrentStep = { step, timings: t, checkpoint: rewinds.store?.get(step) };
  host.enter(cur);
  let forcePause = entry?.pauseOnEntry ?? false;
  const at = async (p: LoopPoint): Promise<void> => {
    if (forcePause) {
      forcePause = false;
      await gate.pauseHere(p, 'rewound', 'episode');
    } else {
      await gate.point(p);
    }
  };

  if (!entry) {
    host.setState('step-start');
    host.emit({ type: 'step-started', episodeId: host.episodeId, step });
    await settle(device, host.options.settleMs ?? 0, host.signal);
    cur.checkpoint = await rewinds.take(step);
    await at({ point: 'step-start', step });
  }
  let observation = entry?.observation;
  if (!observation) {
    host.setState('observing');
    observation = await observe(device, step, host.options.observe, t);
    if (cur.checkpoint) rewinds.cache(cur.checkpoint, { observation });
    host.emit({ type: 'observed', episodeId: host.episodeId, step, observation });
  }
  cur.observation = observation;
  if (observation.uiXml) host.sawScreen(step, observation.uiXml);
  let decision = entry?.decision;
  if (!decision) {
    await at({ point: 'before-decision', step, observation });
    host.setState('inferring');
    cur.policyBefore = policy.snapshot?.();
    const d = await askPolicy({
      policy, device, task: host.options.task, goal: host.goal(), step, observation, history: host.progress().history, signal: host.signal,
      onModelText: (text) => host.emit({ type: 'model-text', episodeId: host.episodeId, step, text }),
    }, t);
    host.checkAbort();
    if (d.kind === 'exhausted') throw new EpisodeEnd('policy-exhausted', d.message);
    decision = toDecision(d, policy.name, t);
    if (cur.checkpoint) rewinds.cache(cur.checkpoint, { decision, policyBefore: cur.policyBefore, policyAfter: policy.snapshot?.() });
    host.emit({ type: 'decided', episodeId: host.episodeId, step, decision });
  }
  cur.decision = decision;
  cur.action = decision.action;
  if (entry?.edit) host.applyEdit(entry.edit.action, entry.edit.by);

  if (!cur.action && decision.error) {
    await at({ point: 'failure', step, failure: decisionFailure(decision), message: decision.error, observation, decision });
  }
  if (cur.action) await at({ point: 'before-action', step, observation, decision, action: cur.action });

  const action = cur.action;
  const record: StepRecord = {
    step, thought: decision.thought, raw: decision.raw, call: decision.call, action: decision.action,
    status: 'failed', error: decision.error, foregroundApp: observation.foregroundApp, timings: t,
  };
  if (cur.correction) {
    record.correction = cur.correction;
    record.action = action;
    if (action) record.call = actionToCall(action);
  }
  const pushRecord = (): void => {
    // Time spent paused is the person's, not the step's.
    record.timings.total = performance.now() - stepStart - gate.pausedMs;
    host.progress().records.push(record);
    host.emit({ type: 'acted', episodeId: host.episodeId, step: record.step, record });
  };
  let terminal: { by: TerminatedBy; text: string } | undefined;
  if (action) {
    host.setState('acting');
    const t0 = performance.now();
    try {
      record.pixels = actionPixels(action, observation.screen);
      if (isTapTool(action.type)) {
        const node = observation.uiXml ? targetNodeAt(observation.uiXml, record.pixels[0]) : undefined;
        if (node) record.targetNode = node;
      }
      const r = await executeAction(device, action, observation.screen, { actuation: host.options.actuation });
      record.status = 'ok';
      record.error = r.warning;
      if (action.type === 'finish') {
        const by: TerminatedBy = isTerminalTool(action.tool) ? action.tool : 'finish';
        terminal = { by, text: action.text };
      }
    } catch (e) {
      if (isDeviceError(e, 'disconnected') || host.disconnected() !== undefined) {
        t.action = performance.now() - t0;
        pushRecord();
        throw e;
      }
      record.status = 'failed';
      record.error = e instanceof ActionFailed || e instanceof RangeError ? e.message : `action failed: ${message(e)}`;
    }
    t.action = performance.now() - t0;
    if (record.status === 'failed') await at({ point: 'failure', step, failure: 'action-failed', message: record.error ?? 'action failed', observation, decision, record });
  }
  host.setState('recording');
  if (record.call) host.progress().history.push({ thought: record.thought, call: record.call });
  pushRecord();
  host.setState('step-end');
  await at({ point: 'step-end', step, observation, decision, record });
  return { record, terminal };
}

/** Attributes of the node under a tap; a tree that does not parse just records no target. */
function targetNodeAt(xml: string, p: { x: number; y: number }): Record<string, string> | undefined {
  try {
    return nodeAt(parseUiTree(xml), p.x, p.y)?.attributes;
  } catch {
    return undefined;
  }
}
