// One episode as a filmstrip: each step's screenshot (when the episode was recorded) with its
// action drawn over it — tap points, swipe arrows, typed text — and the thought under it, then
// the verdict. Without a recording each step is a blank phone-shaped frame with the action alone.
import type { ReportEpisode, ReportFrame } from '../../src/webview-protocol/run-report';
import { paint } from '../trajectory-viewer/screenshot-view';
import { el } from './dom';

const FRAME_WIDTH = 200;
/** The mock phone's aspect, for frames without a screenshot. */
const BLANK_ASPECT = 2400 / 1080;

function drawAction(canvas: HTMLCanvasElement, f: ReportFrame, w: number, h: number): void {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  const g = canvas.getContext('2d');
  if (!g || !f.drawing) return;
  g.scale(dpr, dpr);
  paint(g, f.drawing, (p) => ({ x: (p.x / 1000) * w, y: (p.y / 1000) * h }), f.status === 'failed' ? '#f85149' : '#3fb950', false);
}

function frame(f: ReportFrame, imageBase: string): HTMLElement {
  const fig = el('figure', `frame status-${f.status}`);
  fig.dataset.step = String(f.step);
  const w = FRAME_WIDTH;
  const h = f.width && f.height ? (w * f.height) / f.width : w * BLANK_ASPECT;
  const shot = el('div', f.image ? 'shot' : 'shot blank');
  shot.style.width = `${w}px`;
  shot.style.height = `${h}px`;
  const canvas = el('canvas', 'overlay');
  if (f.image) {
    const img = el('img');
    img.alt = `Screenshot at step ${f.step}`;
    img.decoding = 'async';
    img.src = `${imageBase}${f.image}`;
    img.width = w;
    img.height = Math.round(h);
    shot.append(img);
  } else {
    shot.append(el('span', 'blank-note', 'no screenshot recorded'));
  }
  shot.append(canvas);
  drawAction(canvas, f, w, h);
  const textual = f.drawing && f.drawing.points.length === 0 ? `${f.drawing.kind === 'text' ? 'type' : f.drawing.kind} ${f.drawing.text ?? ''}` : '';
  if (textual) shot.append(el('div', 'typed', textual));
  const cap = el('figcaption');
  cap.append(el('div', 'step-label', `${f.step}. ${f.label}`));
  if (f.foregroundApp) cap.append(el('div', 'app', f.foregroundApp));
  if (f.thought) cap.append(el('div', 'thought', f.thought));
  if (f.error) cap.append(el('div', 'error', f.error));
  fig.append(shot, cap);
  return fig;
}

export function filmstrip(ep: ReportEpisode, imageBase: string, runLabel: string): HTMLElement {
  const root = el('section', 'filmstrip');
  root.dataset.episode = String(ep.id);
  const head = el('header', 'film-head');
  head.append(el('span', `verdict ${ep.success ? 'pass' : 'fail'}`, ep.success ? 'passed' : 'failed'), el('strong', 'task', ep.task), el('span', 'film-run', runLabel));
  root.append(head, el('div', 'goal', ep.goal));
  const meta = el('div', 'film-meta', `${ep.family} · ${ep.locale} · ${ep.steps} steps · ${ep.seconds.toFixed(1)} s · ended by ${ep.terminatedBy}${ep.recorded ? '' : ' · not recorded: actions from results.jsonl only'}`);
  root.append(meta);
  const strip = el('div', 'frames');
  for (const f of ep.frames) strip.append(frame(f, imageBase));
  const end = el('figure', `frame verdict-card ${ep.success ? 'pass' : 'fail'}`);
  end.append(el('div', 'verdict-title', ep.success ? 'Passed' : 'Failed'));
  end.append(el('div', 'verdict-reason', ep.reason));
  if (ep.answer) end.append(el('div', 'verdict-answer', `answer: ${ep.answer}`));
  if (ep.error) end.append(el('div', 'error', ep.error));
  for (const v of ep.verdict) end.append(el('div', 'verdict-clause', v));
  if (ep.violations.length) end.append(el('div', 'error', `violations: ${ep.violations.join(', ')}`));
  strip.append(end);
  root.append(strip, el('div', 'film-source', ep.source));
  return root;
}
