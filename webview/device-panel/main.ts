// Device panel front end: a device picker, the mirrored screen with overlay layers, a
// toolbar that later features extend, the inspector and a status line. It only translates
// between the person (pointer, keys) and the host's typed messages.
import './styles.css';
import {
  parseHostMessage, type HostMessage, type HostMessageOf, type PanelKey, type PanelMessage,
} from '../../src/webview-protocol/device-panel';
import { HostChannel } from '../shared/host-channel';
import { AgentLayer } from './agent-layer';
import { InputController } from './input-controller';
import { icon } from './icons';
import { InspectorLayer } from './inspector-layer';
import { PendingLayer } from './pending-layer';
import { OverlayCanvas } from './overlay';
import { TileMismatch } from './compositor';
import { ScreenView } from './screen-view';
import { button, dropdown, setEnabled } from './ui-kit';

const host = new HostChannel<HostMessage, PanelMessage>(parseHostMessage, 'webview');
const $ = <T extends HTMLElement>(sel: string) => document.querySelector(sel) as T;

// ---- layout (static markup lives in the HTML the host renders) ---------------------------
const stage = $('#stage');
const toolbarEl = $('#toolbar');
const extraItems = $('#toolbar-items');
const statusEl = $('#status');
const messageEl = $('#message');
const toastEl = $('#toast');
const humanEl = $('#human-turn');
const humanTextEl = $('#human-turn-text');
const composingEl = $('#human-composing');
/** The turn the banner shows (kept while the step runs, until the next turn or the end). */
let turnShown: { goal: string; step?: number; budget?: number; notes: boolean } | undefined;
const noteRowEl = $('#human-note-row');
const noteEl = $('#human-note') as HTMLTextAreaElement;
let noteStep: number | undefined;
const thoughtEl = $('#thought');
const detailsEl = $('#inspector-details');
const pendingEl = $('#pending-caption');

const screen = new ScreenView(stage, () => overlay.invalidate());
const overlay = new OverlayCanvas(stage, () => screen.drawnRect(), () => screen.deviceSize);
const agent = new AgentLayer(thoughtEl, () => overlay.invalidate());
const inspector = new InspectorLayer(detailsEl, () => overlay.invalidate());
const pending = new PendingLayer(pendingEl, () => screen.deviceSize, () => overlay.invalidate());
overlay.register(agent);
overlay.register(pending);
overlay.register(inspector);

let inputSeq = (host.state<{ inputSeq?: number }>()?.inputSeq ?? 0) + 1;
let deviceId: string | undefined;
let live = false;
let lastCaptureMs = 0;
const nextSeq = () => {
  const s = inputSeq++;
  screen.noteInputSent(s);
  return s;
};

// ---- toolbar: device picker, navigation, inspector toggle, registrable items --------------
const picker = dropdown((id) => { if (id && id !== deviceId) host.send('selectDevice', { deviceId: id }); });
const navKey = (key: PanelKey) => () => host.send('key', { key, inputSeq: nextSeq() });
const backBtn = button({ label: '◁', title: 'Back', appearance: 'icon', onClick: navKey('back') });
const homeBtn = button({ label: '○', title: 'Home', appearance: 'icon', onClick: navKey('home') });
const recentsBtn = button({ label: '□', title: 'Recents', appearance: 'icon', onClick: navKey('recents') });
const inspectBtn = button({ label: 'Inspect', title: 'Inspector: hover to see UI elements, click to copy a selector', onClick: () => setInspect(!controller.inspect) });
inspectBtn.id = 'inspect-toggle';
picker.el.id = 'device-picker';
toolbarEl.prepend(picker.el, backBtn, homeBtn, recentsBtn, inspectBtn);

function setInspect(on: boolean): void {
  controller.inspect = on;
  inspector.active = on;
  inspectBtn.setAttribute('appearance', on ? 'primary' : 'secondary');
  stage.classList.toggle('inspecting', on);
  host.send('setMode', { mode: on ? 'inspect' : 'control' });
  inspector.hover(undefined);
  inspector.setNodes([]);
}

const controller = new InputController(stage, () => screen.drawnRect(), () => screen.deviceSize, {
  gesture: (g) => {
    const seq = nextSeq();
    if (g.kind === 'tap') host.send('tap', { x: g.at.x, y: g.at.y, inputSeq: seq });
    else if (g.kind === 'longPress') host.send('longPress', { x: g.at.x, y: g.at.y, durationMs: g.durationMs, inputSeq: seq });
    else host.send('swipe', { from: g.from, to: g.to, durationMs: g.durationMs, inputSeq: seq });
  },
  scroll: (at, dx, dy) => host.send('scroll', { x: at.x, y: at.y, dx, dy, inputSeq: nextSeq() }),
  key: (key) => host.send('key', { key, inputSeq: nextSeq() }),
  type: (text) => host.send('type', { text, inputSeq: nextSeq() }),
  inspectHover: (p) => inspector.hover(p),
  inspectClick: (p) => host.send('copySelector', { x: p.x, y: p.y }),
  tooLong: (n) => toast(`That paste is ${n.toLocaleString()} characters; the panel types at most 1,000 at a time.`, 'warn'),
});

function renderToolbarItems(items: HostMessageOf<'toolbar'>['items']): void {
  const groups = new Map<string, HTMLElement>();
  for (const item of items) {
    let g = groups.get(item.group);
    if (!g) {
      g = document.createElement('span');
      g.className = 'toolbar-group';
      g.dataset.group = item.group;
      groups.set(item.group, g);
    }
    const title = item.title ?? item.label;
    const b = button({ label: item.label, title, appearance: item.iconOnly ? 'icon' : item.checked ? 'primary' : 'secondary', onClick: () => host.send('toolbarClick', { id: item.id }) });
    b.dataset.itemId = item.id;
    if (item.checked) b.dataset.checked = 'true';
    if (item.icon) {
      b.dataset.icon = item.icon;
      b.replaceChildren(icon(item.icon), ...(item.iconOnly ? [] : [document.createTextNode(` ${item.label}`)]));
    }
    if (item.badge) {
      // A plain span: the toolkit's tag component applies an inline style the CSP refuses.
      const t = document.createElement('span');
      t.className = 'toolbar-badge';
      t.textContent = item.badge;
      b.append(t);
    }
    setEnabled(b, item.enabled);
    g.append(b);
  }
  extraItems.replaceChildren(...groups.values());
  // A recording in progress is shown around the screen too, not only on its button.
  stage.classList.toggle('recording', items.some((i) => i.icon === 'record' && i.checked));
}

// ---- messages from the host -------------------------------------------------------------
host.on('devices', (m) => {
  deviceId = m.selectedId ?? deviceId;
  const options = m.devices.map((d) => ({ value: d.id, label: `${d.label}${d.online ? '' : ' (offline)'} — ${d.kind}` }));
  if (!m.selectedId) options.unshift({ value: '', label: m.devices.length ? 'Pick a device…' : 'No devices' });
  // The panel's device has left the list (a finished run's or debug session's phone): the
  // picker still names it, so picker and screen agree.
  else if (!m.devices.some((d) => d.id === m.selectedId)) options.unshift({ value: m.selectedId, label: `${m.selectedId} (gone)` });
  picker.setOptions(options, m.selectedId ?? '');
  // Saved so a reloaded window reopens this panel on the same device.
  host.saveState({ inputSeq, deviceId });
});

host.on('deviceState', (m) => {
  live = m.state === 'live';
  for (const b of [backBtn, homeBtn, recentsBtn, inspectBtn]) setEnabled(b, live);
  controller.enabled = live;
  messageEl.replaceChildren();
  messageEl.hidden = live;
  stage.classList.toggle('offline', !live);
  if (m.state === 'none') messageEl.append(text(m.message ?? 'No device selected.'));
  if (m.state === 'connecting') messageEl.append(text('Connecting…'));
  if (m.state === 'disconnected') {
    messageEl.append(text(m.message ?? 'The device disconnected.'),
      button({ label: 'Reconnect', appearance: 'primary', onClick: () => host.send('reconnect', {}) }));
  }
  if (m.state === 'live' && m.message) toast(m.message, 'info');
  renderStatus();
});

host.on('frame', (m) => {
  if (m.deviceId !== deviceId) deviceId = m.deviceId;
  lastCaptureMs = m.captureMs;
  screen.show(m).then(
    (decodeMs) => {
      host.send('frameAck', { seq: m.seq, decodeMs });
      overlay.invalidate();
      renderStatus();
    },
    (err: Error) => {
      host.log('warn', err.message);
      host.send('frameAck', { seq: m.seq });
    },
  );
});

// Tiles of a frame drawn at the panel's size: composited into the screen canvas. Tiles that
// build on a frame this panel does not show (it reloaded) ask the host for a whole frame.
host.on('tiles', (m) => {
  if (m.deviceId !== deviceId) deviceId = m.deviceId;
  lastCaptureMs = m.captureMs;
  screen.showTiles(m).then(
    (decodeMs) => {
      host.send('frameAck', { seq: m.seq, decodeMs });
      overlay.invalidate();
      renderStatus();
    },
    (err: Error) => {
      host.log(err instanceof TileMismatch ? 'info' : 'warn', err.message);
      host.send('frameAck', { seq: m.seq, resync: true });
    },
  );
});

host.on('uiTree', (m) => inspector.setNodes(m.nodes));
host.on('overlay', (m) => {
  if (m.layer === 'agent') agent.push(m.action);
  else if (m.layer === 'pending') pending.push(m.action);
});
host.on('toolbar', (m) => renderToolbarItems(m.items));
host.on('notice', (m) => toast(m.message, m.level));
host.on('inputRejected', (m) => toast(`Input not sent: ${m.reason}`, 'warn'));
host.on('selectorCopied', (m) => toast(`Copied selector ${m.selector}`, 'info'));
host.on('humanTurn', (m) => {
  // The banner, its lines and their text stay while a person drives the episode — also while
  // a step runs between two turns — so the mirrored screen does not jump under the pointer.
  const driving = m.active || m.driving === true;
  if (m.active) turnShown = { goal: m.goal ?? '', step: m.step, budget: m.budget, notes: m.notes === true || turnShown?.notes === true };
  if (!driving) turnShown = undefined;
  humanEl.hidden = !driving;
  humanEl.classList.toggle('busy', driving && !m.active);
  const t = turnShown;
  const over = !!t && t.step !== undefined && t.budget !== undefined && t.step > t.budget;
  humanEl.classList.toggle('over-budget', over);
  const stepText = t?.step === undefined ? '' : t.budget !== undefined ? ` (step ${t.step} of ${t.budget})` : ` (step ${t.step})`;
  humanTextEl.textContent = humanTextEl.title = !driving ? ''
    : `${m.active ? 'Your turn' : 'Running your action'}${stepText}: act on the screen for the agent. ${t?.goal ?? ''}`
      + (over ? ` — past the task's max_steps (${t!.budget}): a model would have been stopped at step ${t!.budget}.` : '');
  // Letters of this turn go to the phone as one `type` step when the typing ends.
  composingEl.hidden = !driving;
  const composing = m.active ? m.composing ?? '' : '';
  const shown = [...composing].length > 60 ? `…${[...composing].slice(-60).join('')}` : composing;
  composingEl.textContent = composing ? `Typing “${shown}” — one type step when you pause, tap or press a key`
    : 'Typed letters go to the phone as one type step when you pause, tap or press a key.';
  composingEl.classList.toggle('hint', !composing);
  // The note field belongs to one turn: a new step (or the end) starts it empty.
  const notes = m.active && m.notes === true && m.step !== undefined;
  if (!notes || m.step !== noteStep) noteEl.value = '';
  noteStep = notes ? m.step : undefined;
  noteRowEl.hidden = !(driving && t?.notes);
  noteEl.disabled = !notes;
});
// Sent as it is typed: a gesture right after the last keystroke finds the note already set.
noteEl.addEventListener('input', () => {
  if (noteStep !== undefined) host.send('humanNote', { step: noteStep, note: noteEl.value });
});

// ---- status line and toasts ---------------------------------------------------------------
function renderStatus(): void {
  const size = screen.deviceSize;
  const s = screen.stats;
  const parts = [
    deviceId ?? 'no device',
    size ? `${size.width}×${size.height}` : '',
    live ? `${screen.currentFps()} fps` : 'not streaming',
    s.latencyMs !== undefined ? `input→frame ${Math.round(s.latencyMs)} ms` : '',
    live ? `capture ${Math.round(lastCaptureMs)} ms · decode ${Math.round(s.decodeMs)} ms · ${Math.round(s.bytes / 1024)} KiB` : '',
  ];
  statusEl.textContent = parts.filter(Boolean).join(' · ');
}
setInterval(renderStatus, 1000);

let toastTimer: ReturnType<typeof setTimeout> | undefined;
function toast(message: string, level: 'info' | 'warn' | 'error'): void {
  toastEl.textContent = message;
  toastEl.dataset.level = level;
  toastEl.hidden = false;
  if (toastTimer) clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toastEl.hidden = true; }, level === 'info' ? 3000 : 6000);
}

function text(s: string): HTMLElement {
  const p = document.createElement('p');
  p.textContent = s;
  return p;
}

window.addEventListener('error', (e) => host.log('error', `${e.message} at ${e.filename}:${e.lineno}`));
window.addEventListener('beforeunload', () => host.saveState({ inputSeq, deviceId }));
// Read-only numbers for the benchmark and the integration tests.
(window as unknown as { __devicePanel: unknown }).__devicePanel = {
  stats: screen.stats,
  drawnRect: () => screen.drawnRect(),
  device: () => screen.deviceSize,
  inspectorNodes: () => inspector.treeNodes,
  pending: () => pending.current,
};
// The host sends frames no larger than the screen is drawn: tell it how large that is.
let viewportTimer: ReturnType<typeof setTimeout> | undefined;
const sendViewport = () => {
  const r = stage.getBoundingClientRect();
  host.send('viewport', { width: r.width, height: r.height, dpr: window.devicePixelRatio || 1 });
};
new ResizeObserver(() => {
  if (viewportTimer) clearTimeout(viewportTimer);
  viewportTimer = setTimeout(sendViewport, 150);
}).observe(stage);
sendViewport();
host.send('ready', {});
