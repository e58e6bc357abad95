// What the trajectory viewer shows, built from an episode as read from disk: a light summary
// per step for the timeline (no raw output, no history, no image bytes — the webview loads each
// screenshot itself, lazily, from the episode folder) and the full detail of one step on demand.
// Plain data shaped like src/webview-protocol/trajectory-viewer.ts's messages; the extension
// validates it on the way out like any other message.
import type { Action, NormPoint } from '../protocol/action';
import type { EpisodeRead } from './reader';
import type { StepEntry, VerifierNode } from './format';
import { verdictOf, type EpisodeVerdict } from './catalog';

export type StepMark = 'corrected' | 'human' | 'forked' | 'failed' | 'missing' | 'note';

/** An action as the viewer draws it over the screenshot, points in the model's 0–1000 space. */
export interface ActionDrawing {
  kind: 'point' | 'long' | 'line' | 'text' | 'key' | 'app' | 'wait' | 'finish';
  points: NormPoint[];
  text?: string;
}

export interface StepSummary {
  index: number;
  time: string;
  status: 'ok' | 'failed' | 'skipped';
  source: string;
  tool: string;
  label: string;
  /** The thought, cut to a line or two for the timeline. */
  thought: string;
  marks: StepMark[];
  image?: { file: string; width: number; height: number };
  drawing?: ActionDrawing;
  /** The model's own action at a corrected step, drawn beside the correction. */
  original?: ActionDrawing;
}

export interface StepDetail {
  index: number;
  thought: string;
  raw: string;
  instruction: string;
  label: string;
  timings: Record<string, number>;
  pixels: { x: number; y: number }[];
  targetNode?: Record<string, string>;
  foregroundApp?: string;
  error?: string;
  note?: string;
  original?: { thought: string; raw: string; label: string };
  usage?: { promptTokens?: number; completionTokens?: number };
}

export interface VerifierLine {
  depth: number;
  path: string;
  kind: string;
  passed: boolean;
  skipped: boolean;
  reason: string;
}

export interface EpisodeHeader {
  episodeId: string;
  goal: string;
  title?: string;
  taskId?: string;
  instanceId?: string;
  taskFile?: string;
  source: string;
  policy: string;
  model?: string;
  device: string;
  screen: { width: number; height: number };
  locale?: string;
  startedAt: string;
  endedAt?: string;
  status: string;
  verdict: EpisodeVerdict;
  outcome?: { success: boolean; score: number; terminatedBy: string; reason: string; answer?: string; error?: string };
  verifiers: VerifierLine[];
  parent?: { episodeId: string; step: number; folder?: string };
  problems: string[];
  stepCount: number;
  live: boolean;
  stopReason?: string;
}

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const pt = (p: NormPoint): string => `(${p.x}, ${p.y})`;

export function actionLabel(a: Action | undefined, fallback = '—'): string {
  if (!a) return fallback;
  switch (a.type) {
    case 'click': return `click ${pt(a.point)}`;
    case 'double_click': return `double click ${pt(a.point)}`;
    case 'long_press': return `long press ${pt(a.point)}${a.durationMs ? ` ${a.durationMs} ms` : ''}`;
    case 'type': return `type ${JSON.stringify(clip(a.text, 80))}`;
    case 'scroll': return `${a.tool} ${pt(a.from)} → ${pt(a.to)}`;
    case 'drag': return `drag ${pt(a.from)} → ${pt(a.to)}`;
    case 'button_press': return `press ${a.button}`;
    case 'open_app': return `open ${a.app}`;
    case 'close_app': return `close ${a.app}`;
    case 'wait': return `wait ${a.ms} ms`;
    case 'finish': return `${a.tool}${a.text ? ` ${JSON.stringify(clip(a.text, 80))}` : ''}`;
  }
}

export function actionDrawing(a: Action | undefined): ActionDrawing | undefined {
  if (!a) return undefined;
  switch (a.type) {
    case 'click': case 'double_click': return { kind: 'point', points: [a.point] };
    case 'long_press': return { kind: 'long', points: [a.point] };
    case 'scroll': case 'drag': return { kind: 'line', points: [a.from, a.to] };
    case 'type': return { kind: 'text', points: [], text: clip(a.text, 200) };
    case 'button_press': return { kind: 'key', points: [], text: a.button };
    case 'open_app': case 'close_app': return { kind: 'app', points: [], text: `${a.type === 'open_app' ? 'open' : 'close'} ${a.app}` };
    case 'wait': return { kind: 'wait', points: [], text: `${a.ms} ms` };
    case 'finish': return { kind: 'finish', points: [], text: clip(a.text, 200) };
  }
}

function marksOf(s: StepEntry, missing: Set<number>): StepMark[] {
  const marks: StepMark[] = [];
  if (s.corrected) marks.push('corrected');
  if (s.human) marks.push('human');
  if (s.forked) marks.push('forked');
  if (s.status === 'failed') marks.push('failed');
  if (missing.has(s.index)) marks.push('missing');
  if (s.note) marks.push('note');
  return marks;
}

export function stepSummaries(ep: EpisodeRead): StepSummary[] {
  const missing = new Set(ep.missing.filter((m) => m.file.endsWith('.jpg') || m.file.endsWith('.png')).map((m) => m.step));
  return ep.steps.map((s) => {
    const drawing = actionDrawing(s.action);
    const original = s.corrected ? actionDrawing(s.corrected.action) : undefined;
    return {
      index: s.index, time: s.time, status: s.status, source: s.source,
      tool: s.call?.name ?? s.action?.type ?? (s.status === 'failed' ? 'error' : '—'),
      label: actionLabel(s.action, s.error ? clip(s.error, 80) : '—'),
      thought: clip(s.thought.trim().replace(/\s+/g, ' '), 240),
      marks: marksOf(s, missing),
      ...(s.screenshot && !missing.has(s.index) ? { image: { file: s.screenshot.file, width: s.screenshot.width, height: s.screenshot.height } } : {}),
      ...(drawing ? { drawing } : {}),
      ...(original ? { original } : {}),
    };
  });
}

export function stepDetail(ep: EpisodeRead, index: number): StepDetail | undefined {
  const s = ep.steps.find((x) => x.index === index);
  if (!s) return undefined;
  // The loop times the policy's decision as `model`; when the policy is a person (a
  // demonstration, driving by hand) that time is theirs: looking, thinking, acting.
  const byPerson = s.source === 'human';
  const timings = Object.fromEntries(Object.entries(s.timings)
    .filter(([, v]) => typeof v === 'number' && Number.isFinite(v))
    .map(([k, v]) => [byPerson && k === 'model' ? 'person' : k, v])) as Record<string, number>;
  return {
    index: s.index, thought: s.thought, raw: s.raw ?? '', instruction: s.instruction, label: actionLabel(s.action, s.error ?? '—'),
    timings, pixels: s.pixels ?? [],
    ...(s.targetNode ? { targetNode: s.targetNode } : {}),
    ...(s.foregroundApp ? { foregroundApp: s.foregroundApp } : {}),
    ...(s.error ? { error: s.error } : {}),
    ...(s.note ? { note: s.note } : {}),
    ...(s.corrected ? { original: { thought: s.corrected.thought, raw: s.corrected.raw ?? '', label: actionLabel(s.corrected.action, s.corrected.call?.name ?? '—') } } : {}),
    ...(s.usage ? { usage: s.usage } : {}),
  };
}

function verifierLines(nodes: readonly VerifierNode[], depth = 0, out: VerifierLine[] = []): VerifierLine[] {
  for (const n of nodes) {
    if (out.length >= 500) break;
    out.push({ depth, path: n.path, kind: n.kind, passed: n.passed, skipped: Boolean(n.skipped), reason: clip(n.reason ?? '', 1000) });
    if (n.children) verifierLines(n.children, depth + 1, out);
  }
  return out;
}

export function episodeHeader(ep: EpisodeRead): EpisodeHeader {
  const m = ep.manifest;
  const o = m.outcome;
  return {
    episodeId: m.episodeId, goal: m.goal,
    ...(m.task?.title ? { title: m.task.title } : {}),
    ...(m.task ? { taskId: m.task.taskId, instanceId: m.task.instanceId } : {}),
    ...(m.task?.file ? { taskFile: m.task.file } : {}),
    source: m.source, policy: m.policy,
    ...(m.model ? { model: m.model } : {}),
    device: [m.device.kind, m.device.model ?? m.device.id].filter(Boolean).join(' · '),
    screen: { width: m.device.screen.width, height: m.device.screen.height },
    ...(m.locale ? { locale: m.locale } : {}),
    startedAt: m.startedAt,
    ...(m.endedAt ? { endedAt: m.endedAt } : {}),
    status: m.status, verdict: ep.live ? 'recording' : verdictOf(m),
    ...(o ? { outcome: { success: o.success, score: o.score, terminatedBy: o.terminatedBy, reason: clip(o.reason ?? '', 2000), ...(o.answer ? { answer: clip(o.answer, 2000) } : {}), ...(o.error ? { error: clip(o.error, 2000) } : {}) } } : {}),
    verifiers: verifierLines(o?.verify?.results ?? []),
    ...(m.parent ? { parent: { ...m.parent } } : {}),
    problems: ep.problems.slice(0, 50).map((p) => clip(p, 1000)),
    stepCount: ep.steps.length,
    live: ep.live,
    ...(m.stopReason ? { stopReason: clip(m.stopReason, 2000) } : {}),
  };
}
