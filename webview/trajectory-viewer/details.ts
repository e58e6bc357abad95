// The episode header (goal, verdict, task and parent links, device, the verifier report) and
// the selected step's detail (thought, action, raw output, history text, timings, the UI node
// under the action, and at a corrected step the model's original choice).
import type { ViewerHeader, ViewerStepDetail, ViewerStepSummary } from '../../src/webview-protocol/trajectory-viewer';
import { badge, clear, el } from './dom';

const VERDICT_TEXT: Record<string, string> = {
  passed: '✓ passed', failed: '✗ failed', recording: '● recording', interrupted: '⚠ interrupted', 'no outcome': '– no outcome',
};

export interface HeaderLinks {
  openTask(): void;
  openParent(): void;
  revealFolder(): void;
}

export function renderHeader(root: HTMLElement, h: ViewerHeader, links: HeaderLinks): void {
  clear(root);
  const top = el('div', 'header-top');
  const verdict = el('span', `verdict verdict-${h.verdict.replace(' ', '-')}`, VERDICT_TEXT[h.verdict] ?? h.verdict);
  verdict.id = 'verdict';
  const goal = el('span', 'goal', h.goal);
  goal.id = 'goal';
  top.append(verdict, goal);
  root.append(top);

  const meta = el('div', 'header-meta');
  const add = (k: string, v: string | undefined) => { if (v) meta.append(el('span', 'meta-key', k), el('span', 'meta-value', v)); };
  if (h.taskId) {
    const link = el('a', 'link', h.instanceId && h.instanceId !== h.taskId ? h.instanceId : h.taskId);
    link.id = 'task-link';
    link.href = '#';
    link.title = h.taskFile ? `Open ${h.taskFile} (t)` : 'Open the task file (t)';
    link.addEventListener('click', (e) => { e.preventDefault(); links.openTask(); });
    meta.append(el('span', 'meta-key', 'task'), link);
  }
  add('policy', h.policy + (h.model && h.model !== h.policy ? ` (${h.model})` : ''));
  add('source', h.source);
  add('device', `${h.device} ${h.screen.width}×${h.screen.height}${h.locale ? ` · ${h.locale}` : ''}`);
  add('started', h.startedAt.replace('T', ' ').replace(/\.\d+Z$/, 'Z'));
  add('steps', String(h.stepCount));
  if (h.outcome) add('score', `${h.outcome.score} · ended by ${h.outcome.terminatedBy}`);
  if (h.parent) {
    const link = el('a', 'link', `${h.parent.episodeId.slice(0, 8)} at step ${h.parent.step}`);
    link.id = 'parent-link';
    link.href = '#';
    link.title = 'Open the episode this one was forked from (p)';
    link.addEventListener('click', (e) => { e.preventDefault(); links.openParent(); });
    meta.append(el('span', 'meta-key', 'fork of'), link);
  }
  const folder = el('a', 'link', 'folder');
  folder.href = '#';
  folder.title = 'Reveal the episode folder';
  folder.addEventListener('click', (e) => { e.preventDefault(); links.revealFolder(); });
  meta.append(el('span', 'meta-key', 'files'), folder);
  root.append(meta);

  if (h.outcome?.reason || h.outcome?.answer || h.outcome?.error || h.stopReason) {
    const why = el('div', 'outcome');
    why.textContent = [h.outcome?.reason, h.outcome?.answer ? `answer: ${h.outcome.answer}` : '', h.outcome?.error ? `error: ${h.outcome.error}` : '', h.stopReason ? `recording stopped: ${h.stopReason}` : ''].filter(Boolean).join(' · ');
    root.append(why);
  }
  if (h.verifiers.length) {
    const det = el('details', 'verifiers');
    det.id = 'verifiers';
    det.open = h.verdict === 'failed';
    const passed = h.verifiers.filter((v) => v.depth === 0 && v.passed).length;
    const top = h.verifiers.filter((v) => v.depth === 0).length;
    det.append(el('summary', undefined, `Verifier report: ${passed}/${top} passed`));
    for (const v of h.verifiers) {
      const line = el('div', `verifier ${v.skipped ? 'skipped' : v.passed ? 'pass' : 'fail'}`);
      line.style.paddingLeft = `${v.depth * 14 + 4}px`;
      line.append(el('span', 'verifier-mark', v.skipped ? '○' : v.passed ? '✓' : '✗'), el('span', 'verifier-path', `${v.path} [${v.kind}]`), el('span', 'verifier-reason', v.reason));
      det.append(line);
    }
    root.append(det);
  }
  if (h.problems.length) {
    const p = el('details', 'problems');
    p.append(el('summary', undefined, `${h.problems.length} problem(s) reading this episode`));
    for (const x of h.problems) p.append(el('div', 'problem', x));
    root.append(p);
  }
}

function section(title: string, body: string | HTMLElement, cls = ''): HTMLElement {
  const s = el('section', `detail-section ${cls}`);
  s.append(el('h3', undefined, title));
  if (typeof body === 'string') s.append(el('pre', 'detail-text', body));
  else s.append(body);
  return s;
}

export function renderStep(root: HTMLElement, s: ViewerStepSummary, d: ViewerStepDetail | undefined): void {
  clear(root);
  const head = el('div', 'detail-head');
  head.append(el('span', 'detail-num', `Step ${s.index}`), el('span', 'detail-action', s.label));
  for (const m of s.marks) head.append(badge(m));
  head.append(el('span', 'detail-source', s.source));
  root.append(head);
  if (!d) {
    root.append(el('div', 'detail-loading', s.thought || 'Loading…'));
    return;
  }
  if (d.error) root.append(section('Error', d.error, 'error'));
  // A demonstration's note is its thought: shown once, titled as the person's.
  if (d.note && d.note !== d.thought) root.append(section('Note', d.note));
  root.append(section(d.note && d.note === d.thought ? 'Thought (the person\'s note)' : 'Thought', d.thought || '(none)', 'thought'));
  if (d.original) {
    const o = el('div');
    o.append(el('div', 'original-label', `The model chose: ${d.original.label}`), el('pre', 'detail-text', d.original.thought || '(no thought)'));
    root.append(section('Before the correction', o, 'original'));
  }
  const timing = el('div', 'timings');
  for (const [k, v] of Object.entries(d.timings)) timing.append(el('span', 'meta-key', k), el('span', 'meta-value', `${Math.round(v)} ms`));
  if (d.usage?.promptTokens !== undefined) timing.append(el('span', 'meta-key', 'tokens'), el('span', 'meta-value', `${d.usage.promptTokens} in / ${d.usage.completionTokens ?? '?'} out`));
  root.append(section('Timings', timing));
  if (d.pixels.length || d.targetNode || d.foregroundApp) {
    const where = el('div', 'attrs');
    if (d.pixels.length) where.append(el('span', 'meta-key', 'pixels'), el('span', 'meta-value', d.pixels.map((p) => `(${p.x}, ${p.y})`).join(' → ')));
    if (d.foregroundApp) where.append(el('span', 'meta-key', 'app'), el('span', 'meta-value', d.foregroundApp));
    for (const [k, v] of Object.entries(d.targetNode ?? {})) if (v) where.append(el('span', 'meta-key', k), el('span', 'meta-value', v));
    root.append(section('Target', where));
  }
  if (d.raw) root.append(collapsible('Raw model output', d.raw));
  root.append(collapsible('Instruction and history as sent', d.instruction));
}

function collapsible(title: string, text: string): HTMLElement {
  const det = el('details', 'detail-section');
  det.append(el('summary', undefined, title), el('pre', 'detail-text', text));
  return det;
}
