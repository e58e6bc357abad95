// A run report's data from loaded runs: rates with Wilson intervals by family, app, locale and
// tag (the counting itself is summarize()'s, the figures summary.json and the Test Explorer
// show), failure causes with their episodes, a filmstrip per episode (from its recording when
// there is one, from results.jsonl otherwise) and, given a second run, the paired comparison.
import path from 'node:path';
import { familyLabel, summarize, type ResultRecord } from '../agent/runner/results';
import { toAction } from '../protocol/action';
import { readEpisode, type EpisodeRead } from '../trajectory/reader';
import { actionDrawing, actionLabel } from '../trajectory/view';
import {
  REPORT_FORMAT, type CauseKind, type ReportCause, type ReportCompare, type ReportData, type ReportEpisode,
  type ReportFrame, type ReportNote, type ReportRate, type ReportRun,
} from '../webview-protocol/run-report';
import { CAUSES, causeOf } from './causes';
import { distinctLabels, type LoadedRecord, type LoadedRun } from './load';
import { mcnemarExact, median, rateDifference, wilson } from './stats';

/** A screenshot the report folder needs: copied from the episode folder to `to` (relative). */
export interface ReportFile {
  from: string;
  to: string;
}

export interface BuiltReport {
  data: ReportData;
  files: ReportFile[];
}

export interface BuildOptions {
  title?: string;
  /** Episode recordings are read this many at a time. */
  concurrency?: number;
}

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const NO_LOCALE = '(not given)';
const NO_APP = '(no apps named)';

interface Ep {
  record: ResultRecord;
  episode: ReportEpisode;
  /** The failure cause's group (verifier clause and reason, error text). */
  group?: string;
}

/** One rates row: summarize()'s counts of these records, with intervals and means. */
export function rateRow(label: string, records: readonly ResultRecord[]): ReportRate {
  const s = summarize([...records]);
  const seconds = records.reduce((a, r) => a + r.duration_ms, 0) / 1000;
  return {
    label, total: s.total, success: s.success, rate: s.success_rate, ci: wilson(s.success, s.total),
    violations: s.violations, violationRate: s.violation_rate, violationCi: wilson(s.violations, s.total),
    meanSteps: s.mean_steps, meanSeconds: records.length ? seconds / records.length : 0,
  };
}

function groupRows(eps: readonly Ep[], keys: (e: Ep) => readonly string[]): ReportRate[] {
  const groups = new Map<string, ResultRecord[]>();
  for (const e of eps) for (const k of keys(e)) groups.set(k, [...(groups.get(k) ?? []), e.record]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, rs]) => rateRow(k, rs));
}

function frameFromResult(s: ResultRecord['trajectory'][number]): ReportFrame {
  const parsed = s.action ? toAction({ name: s.action, args: s.args ?? {} }) : undefined;
  const action = parsed?.ok ? parsed.action : undefined;
  return {
    step: s.step, drawing: actionDrawing(action), label: action ? actionLabel(action) : (s.action ?? 'no action'),
    thought: clip(s.thought, 600), status: s.status, ...(s.error ? { error: clip(s.error, 400) } : {}),
    ...(s.foreground_app ? { foregroundApp: s.foreground_app } : {}),
  };
}

function framesFromRecording(ep: EpisodeRead, id: number, files: ReportFile[]): ReportFrame[] {
  const missing = new Set(ep.missing.map((m) => m.file));
  return ep.steps.map((s) => {
    const shot = s.screenshot && !missing.has(s.screenshot.file) ? s.screenshot : undefined;
    const image = shot ? `shots/${id}/${shot.file}` : undefined;
    if (shot && image) files.push({ from: path.join(ep.folder, shot.file), to: image });
    return {
      step: s.index, ...(image && shot ? { image, width: shot.width, height: shot.height } : {}),
      drawing: actionDrawing(s.action), label: actionLabel(s.action, s.call?.name ?? 'no action'),
      thought: clip(s.thought, 600), status: s.status, ...(s.error ? { error: clip(s.error, 400) } : {}),
      ...(s.foregroundApp ? { foregroundApp: s.foregroundApp } : {}),
    };
  });
}

async function mapLimit<T, R>(items: readonly T[], limit: number, f: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i], i);
    }
  }));
  return out;
}

async function buildEpisodes(run: LoadedRun, runIndex: 0 | 1, firstId: number, files: ReportFile[], notes: ReportNote[], concurrency: number): Promise<Ep[]> {
  const unreadable: string[] = [];
  const eps = await mapLimit(run.records, concurrency, async ({ record: r, dir }: LoadedRecord, i): Promise<Ep> => {
    const id = firstId + i;
    let ep: EpisodeRead | undefined;
    if (r.trajectory_dir) {
      const folder = path.resolve(dir, r.trajectory_dir);
      try {
        ep = await readEpisode(folder);
      } catch (e) {
        unreadable.push(`${r.task}: ${(e as Error).message}`);
      }
    }
    const cause = causeOf(r, ep?.steps.map((s) => s.screenshot?.sha256));
    const verdict = r.failed_verifiers?.map((v) => `${v.path} (${v.kind}): ${v.reason}`)
      ?? leafFailures(ep?.manifest.outcome?.verify?.results ?? []);
    const episode: ReportEpisode = {
      id, run: runIndex, task: r.task, goal: r.goal, family: familyLabel(r), locale: r.locale ?? ep?.manifest.locale ?? NO_LOCALE,
      apps: r.apps ?? [], tags: r.tags, success: r.success, score: r.score, steps: r.steps, seconds: r.duration_ms / 1000,
      terminatedBy: r.terminated_by, reason: clip(r.reason, 2000), ...(r.error ? { error: clip(r.error, 2000) } : {}),
      ...(r.answer ? { answer: clip(r.answer, 2000) } : {}), violations: r.violations ?? [],
      ...(cause ? { cause: cause.kind } : {}), verdict,
      source: ep ? ep.folder : dir, recorded: Boolean(ep),
      frames: ep ? framesFromRecording(ep, id, files) : r.trajectory.map(frameFromResult),
    };
    return { record: r, episode, ...(cause ? { group: cause.group } : {}) };
  });
  if (unreadable.length) {
    notes.push({ level: 'warning', text: `${unreadable.length} recorded episode${unreadable.length === 1 ? '' : 's'} could not be read; ${unreadable.length === 1 ? 'its' : 'their'} filmstrip${unreadable.length === 1 ? ' shows' : 's show'} the actions from results.jsonl only: ${unreadable.slice(0, 5).join('; ')}`, instances: unreadable.map((u) => u.split(':')[0]) });
  }
  return eps;
}

function leafFailures(nodes: readonly { path: string; kind: string; passed: boolean; reason: string; children?: unknown[] }[]): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    if (n.passed) continue;
    if (n.children?.length) out.push(...leafFailures(n.children as typeof nodes));
    else out.push(`${n.path} (${n.kind}): ${n.reason}`);
  }
  return out;
}

function causesOf(eps: readonly Ep[]): ReportCause[] {
  const by = new Map<CauseKind, Map<string, number[]>>();
  for (const e of eps) {
    const kind = e.episode.cause;
    if (!kind) continue;
    const groups = by.get(kind) ?? new Map<string, number[]>();
    const g = e.group ?? '';
    groups.set(g, [...(groups.get(g) ?? []), e.episode.id]);
    by.set(kind, groups);
  }
  return CAUSES.filter((c) => by.has(c.kind)).map((c) => {
    const groups = [...by.get(c.kind)!].map(([label, episodes]) => ({ label, count: episodes.length, episodes }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    return { kind: c.kind, label: c.label, rule: c.rule, count: groups.reduce((a, g) => a + g.count, 0), groups };
  }).sort((a, b) => b.count - a.count);
}

function runOf(run: LoadedRun, eps: readonly Ep[], notes: ReportNote[]): ReportRun {
  const records = eps.map((e) => e.record);
  const s = summarize(records);
  const hist: number[] = [];
  for (const r of records) hist[r.steps] = (hist[r.steps] ?? 0) + 1;
  return {
    label: run.label, dirs: run.dirs, policies: [...new Set(records.map((r) => r.policy))],
    overall: rateRow('All', records),
    byFamily: groupRows(eps, (e) => [e.episode.family]),
    byApp: groupRows(eps, (e) => (e.episode.apps.length ? e.episode.apps : [NO_APP])),
    byLocale: groupRows(eps, (e) => [e.episode.locale]),
    byTag: groupRows(eps, (e) => e.episode.tags),
    perSafety: Object.entries(s.per_safety ?? {}).map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    terminatedBy: Object.entries(s.terminated_by).map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    stepsHistogram: Array.from(hist, (x) => x ?? 0),
    medianSteps: median(records.map((r) => r.steps)),
    medianSeconds: median(records.map((r) => r.duration_ms / 1000)),
    causes: causesOf(eps),
    notes: [...run.notes, ...notes],
  };
}

/** The paired comparison: `candidate` (the report's runs) against `base` (--compare). */
export function compareRuns(candidate: readonly ReportEpisode[], base: readonly ReportEpisode[], labels: { base: string; candidate: string }): ReportCompare {
  const byTask = (eps: readonly ReportEpisode[]) => new Map(eps.map((e) => [e.task, e]));
  const c = byTask(candidate);
  const b = byTask(base);
  const shared = [...c.keys()].filter((t) => b.has(t)).sort();
  let won = 0, lost = 0, both = 0, neither = 0;
  const flips: ReportCompare['flips'] = [];
  const fam = new Map<string, { n: number; base: number; cand: number }>();
  for (const t of shared) {
    const ce = c.get(t)!;
    const be = b.get(t)!;
    if (ce.success && be.success) both++;
    else if (!ce.success && !be.success) neither++;
    else if (ce.success) { won++; flips.push({ task: t, direction: 'won', base: be.id, candidate: ce.id }); }
    else { lost++; flips.push({ task: t, direction: 'lost', base: be.id, candidate: ce.id }); }
    const f = fam.get(ce.family) ?? { n: 0, base: 0, cand: 0 };
    f.n++;
    if (be.success) f.base++;
    if (ce.success) f.cand++;
    fam.set(ce.family, f);
  }
  return {
    base: labels.base, candidate: labels.candidate, shared: shared.length,
    onlyBase: [...b.keys()].filter((t) => !c.has(t)).sort(),
    onlyCandidate: [...c.keys()].filter((t) => !b.has(t)).sort(),
    won, lost, both, neither, mcnemarP: mcnemarExact(lost, won),
    byFamily: [...fam].sort(([x], [y]) => x.localeCompare(y)).map(([label, f]) => {
      const d = rateDifference(f.cand, f.n, f.base, f.n);
      return { label, shared: f.n, base: f.n ? f.base / f.n : 0, candidate: f.n ? f.cand / f.n : 0, diff: d.diff, ci: { lo: d.lo, hi: d.hi } };
    }),
    flips: flips.sort((x, y) => x.direction.localeCompare(y.direction) || x.task.localeCompare(y.task)),
  };
}

/** The report of `run` (one or more merged runs dirs), compared with `base` when given. */
export async function buildReport(run: LoadedRun, base?: LoadedRun, o: BuildOptions = {}): Promise<BuiltReport> {
  const files: ReportFile[] = [];
  if (base) distinctLabels(run, base);
  const concurrency = o.concurrency ?? 16;
  const notes: ReportNote[] = [];
  const eps = await buildEpisodes(run, 0, 0, files, notes, concurrency);
  const runs = [runOf(run, eps, notes)];
  const episodes = eps.map((e) => e.episode);
  let compare: ReportCompare | undefined;
  if (base) {
    const baseNotes: ReportNote[] = [];
    const beps = await buildEpisodes(base, 1, eps.length, files, baseNotes, concurrency);
    runs.push(runOf(base, beps, baseNotes));
    episodes.push(...beps.map((e) => e.episode));
    compare = compareRuns(eps.map((e) => e.episode), beps.map((e) => e.episode), { base: base.label, candidate: run.label });
  }
  return {
    data: {
      format: REPORT_FORMAT, title: o.title ?? (base ? `${run.label} vs ${base.label}` : `Run report: ${run.label}`),
      generatedAt: new Date().toISOString(), runs, ...(compare ? { compare } : {}), episodes,
    },
    files,
  };
}
