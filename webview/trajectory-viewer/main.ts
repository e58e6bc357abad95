// Trajectory viewer front end: the episode header and verifier report on top, the step list
// (a virtual list) on the left, the selected step's screenshot with its action drawn over it
// and the step's detail on the right. Keyboard: ↓/j/→ next step, ↑/k/← previous, Page Up /
// Page Down, Home / End, t the task file, p the parent episode. It only renders what the
// host sends and asks for a step's detail when that step is shown.
import './styles.css';
import {
  parseTrajectoryHostMessage, type TrajectoryHostMessage, type ViewerMessage, type ViewerStepDetail, type ViewerStepSummary,
} from '../../src/webview-protocol/trajectory-viewer';
import { HostChannel } from '../shared/host-channel';
import { renderHeader, renderStep } from './details';
import { ScreenshotView } from './screenshot-view';
import { Timeline } from './timeline';

const host = new HostChannel<TrajectoryHostMessage, ViewerMessage>(parseTrajectoryHostMessage, 'viewer');
const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

let imageBase = '';
let pos = -1;
let wanted: number | undefined = host.state<{ index?: number }>()?.index;
// A step asked for (by the host's select) before the chunk holding it arrived: shown when it does.
let pendingSelect: number | undefined;
const details = new Map<number, ViewerStepDetail>();

const timeline = new Timeline($('#timeline'), (p) => go(p));
const shot = new ScreenshotView($('#screen'), () => imageBase);
const detailEl = $('#detail');
const messageEl = $('#message');

shot.onDrawn = () => report();

function current(): ViewerStepSummary | undefined {
  return pos >= 0 ? timeline.at(pos) : undefined;
}

function report(): void {
  const s = current();
  if (!s) return;
  host.send('shown', { index: s.index, label: s.label, thought: s.thought, marks: s.marks, imageLoaded: shot.loaded, drawn: shot.drawn, rowsInDom: timeline.rowsInDom });
}

function go(p: number): void {
  if (timeline.length === 0) return;
  const next = Math.max(0, Math.min(timeline.length - 1, p));
  const s = timeline.at(next);
  if (!s) return;
  pos = next;
  timeline.select(pos);
  shot.show(s, timeline.at(pos + 1));
  renderStep(detailEl, s, details.get(s.index));
  if (!details.has(s.index)) host.send('wantStep', { index: s.index });
  host.saveState({ index: s.index });
  document.body.dataset.step = String(s.index);
  report();
}

host.on('episode', (m) => {
  imageBase = m.imageBase;
  details.clear();
  renderHeader($('#header'), m.header, {
    openTask: () => host.send('openTask', {}),
    openParent: () => host.send('openParent', {}),
    revealFolder: () => host.send('revealFolder', {}),
  });
  wanted = pos >= 0 ? current()?.index ?? wanted : m.select ?? wanted;
  pos = -1;
  pendingSelect = undefined;
  timeline.reset(m.total);
  messageEl.hidden = m.total > 0;
  messageEl.textContent = m.total > 0 ? '' : m.header.live ? 'Recording… the first step has not been written yet.' : 'This episode has no recorded steps.';
  if (m.total === 0) { document.body.dataset.step = '0'; }
});

host.on('steps', (m) => {
  timeline.fill(m.from, m.items);
  if (pendingSelect !== undefined) {
    const p = timeline.positionOf(pendingSelect);
    if (p >= 0) { pendingSelect = undefined; go(p); return; }
    if (timeline.loaded === timeline.length) {
      host.log('warn', `no step ${pendingSelect} in this episode`);
      pendingSelect = undefined;
    }
  }
  if (pos >= 0) return;
  // Show the remembered step once its chunk is here, else the first step.
  const target = wanted !== undefined ? timeline.positionOf(wanted) : -1;
  if (target >= 0) go(target);
  else if ((m.from === 0 && wanted === undefined) || m.from + m.items.length >= timeline.length) go(0);
});

host.on('stepDetail', (m) => {
  details.set(m.detail.index, m.detail);
  const s = current();
  if (s?.index === m.detail.index) renderStep(detailEl, s, m.detail);
});

host.on('select', (m) => {
  const p = timeline.positionOf(m.index);
  if (p >= 0) { pendingSelect = undefined; go(p); }
  else if (timeline.loaded < timeline.length) pendingSelect = m.index;
  else host.log('warn', `no step ${m.index} in this episode`);
});

host.on('notice', (m) => {
  messageEl.hidden = false;
  messageEl.textContent = m.message;
  messageEl.dataset.level = m.level;
});

document.addEventListener('keydown', (e) => {
  const t = e.target as HTMLElement;
  if (t.closest('input, textarea, select, summary') || e.altKey || e.ctrlKey || e.metaKey) return;
  const moves: Record<string, () => number> = {
    ArrowDown: () => pos + 1, j: () => pos + 1, ArrowRight: () => pos + 1,
    ArrowUp: () => pos - 1, k: () => pos - 1, ArrowLeft: () => pos - 1,
    PageDown: () => pos + timeline.pageRows, PageUp: () => pos - timeline.pageRows,
    Home: () => 0, End: () => timeline.length - 1,
  };
  const move = moves[e.key];
  if (move) {
    e.preventDefault();
    go(move());
  } else if (e.key === 't') host.send('openTask', {});
  else if (e.key === 'p') host.send('openParent', {});
});

host.send('ready', {});
