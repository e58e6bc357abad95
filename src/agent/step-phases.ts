// The two phases of a step that talk to the outside: observing the device and asking the
// policy. Pure of the loop's control flow (pausing, checkpoints, rewinds live in episode.ts).
import type { Device, ScreenInfo } from '../device/device';
import { isDeviceError } from '../device/errors';
import { toAction } from '../protocol/action';
import type { HistoryStep } from '../protocol/history';
import type { ChatMessage } from '../protocol/messages';
import { buildMessages, jpegDataUrl, IMAGE_PLACEHOLDER } from '../protocol/messages';
import { parseModelOutput } from '../protocol/parse';
import type { TaskInstance } from '../task/runnable';
import type { Decision, FailureKind, Observation, StepTimings } from './events';
import type { Policy, PolicyDecision } from './policy';

export interface ObserveOptions {
  screenshot?: boolean;
  uiTree?: boolean;
}

/** Lets the screen settle: the mock phone advances its clock, real devices wait. */
/**
 * One turn of the event loop. On a mock phone without screenshots a whole suite can run on
 * promise callbacks alone, which never let timers, I/O or signal handlers run: Ctrl-C went
 * unheard until the suite ended. Each step lets them in once (setImmediate: no delay).
 */
export function letEventsIn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export async function settle(device: Device, ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return;
  if (device.kind === 'mock') await device.wait(ms);
  else await abortableSleep(ms, signal);
}

export async function observe(device: Device, step: number, what: ObserveOptions | undefined, t: StepTimings): Promise<Observation> {
  let t0 = performance.now();
  const screen: ScreenInfo = await device.screenInfo();
  const observation: Observation = { step, screen };
  if (what?.screenshot !== false) observation.screenshot = await device.screenshot({ format: 'jpeg', quality: 90 });
  t.screenshot = performance.now() - t0;
  t0 = performance.now();
  if (what?.uiTree !== false) {
    try {
      observation.uiXml = await device.uiTree();
    } catch (e) {
      if (isDeviceError(e, 'disconnected')) throw e;
      // A failed dump (an animating screen on a real phone) is not worth a failed step.
    }
  }
  observation.foregroundApp = await device.foregroundApp().catch((e: unknown) => {
    if (isDeviceError(e, 'disconnected')) throw e;
    return undefined;
  });
  t.uiTree = performance.now() - t0;
  return observation;
}

export interface DecideInput {
  policy: Policy;
  device: Device;
  task?: TaskInstance;
  goal: string;
  step: number;
  observation: Observation;
  history: readonly HistoryStep[];
  signal: AbortSignal;
  onModelText?: (textSoFar: string) => void;
}

/** What the policy answered, before the loop interprets it. Throws only for aborts and disconnects. */
export async function askPolicy(i: DecideInput, t: StepTimings): Promise<PolicyDecision> {
  let messages: ChatMessage[] | undefined;
  const request = (): ChatMessage[] => {
    messages ??= buildMessages(i.goal, i.observation.screenshot ? jpegDataUrl(i.observation.screenshot.data) : IMAGE_PLACEHOLDER, i.history);
    return messages;
  };
  const t0 = performance.now();
  try {
    return await i.policy.next({ goal: i.goal, task: i.task, step: i.step, observation: i.observation, history: i.history, request, device: i.device, signal: i.signal, onModelText: i.onModelText });
  } catch (e) {
    if (i.signal.aborted || isDeviceError(e, 'disconnected')) throw e;
    return { kind: 'error', message: `policy ${i.policy.name} failed: ${message(e)}` };
  } finally {
    t.model = performance.now() - t0;
  }
}

/** A policy's answer as the step's Decision (model text is parsed here). Not for `exhausted`. */
export function toDecision(d: Exclude<PolicyDecision, { kind: 'exhausted' }>, source: string, t: StepTimings): Decision {
  switch (d.kind) {
    case 'error':
      return { thought: '', error: d.message, source };
    case 'call': {
      const a = toAction(d.call);
      return { thought: d.thought ?? '', call: d.call, source, ...(d.origin ? { origin: d.origin } : {}), ...(a.ok ? { action: a.action } : { error: a.reason }) };
    }
    case 'text': {
      const t0 = performance.now();
      const parsed = parseModelOutput(d.output);
      const raw = typeof d.output === 'string' ? d.output : [d.output.content, d.output.reasoning].filter(Boolean).join('\n');
      let decision: Decision;
      if (!parsed.ok) {
        decision = { raw, thought: parsed.error.thought, parseError: parsed.error, error: `unparsable model output (${parsed.error.kind}): ${parsed.error.message}`, source };
      } else {
        const a = toAction(parsed.call);
        decision = { raw, thought: parsed.thought, call: parsed.call, source, ...(a.ok ? { action: a.action } : { error: a.reason }) };
      }
      if (d.usage) decision.usage = d.usage;
      t.parse = performance.now() - t0;
      return decision;
    }
  }
}

/** The failure filter a decision without an action falls under. */
export function decisionFailure(d: Decision): FailureKind {
  // A parse error, or a call that names no usable tool/arguments, is the model's output; no call at all is the policy's.
  return d.parseError || d.call ? 'unparsable-output' : 'policy-error';
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) { reject(signal.reason); return; }
    const t = setTimeout(() => { signal.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = (): void => { clearTimeout(t); reject(signal.reason); };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
