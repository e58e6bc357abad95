// The run report page: reads the report's data from its JSON data block (written by
// src/report/write.ts; no inline script, no network), and renders the overview, the charts,
// the rates tables, the failure causes, the comparison and the episode list. An episode's
// filmstrip opens on a click (or at #episode-N), its screenshots loaded only then.
import './styles.css';
import { REPORT_DATA_ID, type ReportViewMessage, type ReportCause, type ReportData, type ReportEpisode, type ReportNote, type ReportRate, type ReportRun } from '../../src/webview-protocol/run-report';
import { charts, compareChart, familyCharts, stepsChart } from './charts';
import { clear, el, fixed, interval, pct } from './dom';
import { filmstrip } from './filmstrip';

const started = performance.now();
// Inside VS Code's webview the page tells its host what it drew; opened from disk there is no host.
declare const acquireVsCodeApi: undefined | (() => { postMessage(m: unknown): void });
const host = typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;
const tell = (m: ReportViewMessage): void => host?.postMessage(m);
window.addEventListener('error', (e) => tell({ type: 'log', level: 'error', message: String(e.message).slice(0, 4000) }));
const app = document.getElementById('app')!;
const imageBase = app.dataset.imageBase ?? '';
const data = JSON.parse(document.getElementById(REPORT_DATA_ID)!.textContent ?? '{}') as ReportData;
const EXAMPLES = 8;
const ROWS_PER_PAGE = 100;

function section(title: string, id: string): HTMLElement {
  const s = el('section', 'block');
  s.id = id;
  s.append(el('h2', undefined, title));
  app.append(s);
  return s;
}

function episodeLink(id: number, text?: string): HTMLAnchorElement {
  const ep = data.episodes[id];
  const a = el('a', `ep-link ${ep.success ? 'pass' : 'fail'}`, text ?? ep.task);
  a.href = `#episode-${id}`;
  return a;
}

function notes(list: readonly ReportNote[]): HTMLElement | undefined {
  if (!list.length) return undefined;
  const ul = el('ul', 'notes');
  for (const n of list) {
    const li = el('li', `note ${n.level}`, n.text);
    if (n.instances?.length && !n.text.includes(n.instances[0])) li.append(el('div', 'note-instances', n.instances.slice(0, 50).join(', ') + (n.instances.length > 50 ? ` … ${n.instances.length - 50} more` : '')));
    ul.append(li);
  }
  return ul;
}

function cards(run: ReportRun): HTMLElement {
  const box = el('div', 'cards');
  const card = (title: string, value: string, sub: string) => {
    const c = el('div', 'card');
    c.append(el('div', 'card-title', title), el('div', 'card-value', value), el('div', 'card-sub', sub));
    box.append(c);
  };
  const o = run.overall;
  card('Success', pct(o.rate), `${o.success}/${o.total} · 95% CI ${interval(o.ci)}`);
  card('Violations', pct(o.violationRate), `${o.violations}/${o.total} · 95% CI ${interval(o.violationCi)}`);
  card('Steps per episode', fixed(o.meanSteps), `mean · median ${fixed(run.medianSteps, 0)}`);
  card('Time per episode', `${fixed(o.meanSeconds)} s`, `mean · median ${fixed(run.medianSeconds)} s`);
  return box;
}

function rateTable(title: string, rows: readonly ReportRate[]): HTMLElement {
  const wrap = el('div', 'table-wrap');
  wrap.append(el('h3', undefined, title));
  const t = el('table', 'rates');
  const head = el('tr');
  for (const h of ['', 'n', 'success', '95% CI', 'violations', '95% CI', 'mean steps', 'mean s']) head.append(el('th', undefined, h));
  t.append(head);
  for (const r of rows) {
    const tr = el('tr');
    tr.append(
      el('td', 'label', r.label), el('td', 'num', String(r.total)),
      el('td', 'num', `${r.success} (${pct(r.rate)})`), el('td', 'num ci', interval(r.ci)),
      el('td', `num ${r.violations ? 'bad' : ''}`, `${r.violations} (${pct(r.violationRate)})`), el('td', 'num ci', interval(r.violationCi)),
      el('td', 'num', fixed(r.meanSteps)), el('td', 'num', fixed(r.meanSeconds)),
    );
    t.append(tr);
  }
  wrap.append(t);
  return wrap;
}

function causeBlock(c: ReportCause): HTMLElement {
  const d = el('details', 'cause');
  d.dataset.cause = c.kind;
  const s = el('summary');
  s.append(el('span', 'cause-count', String(c.count)), el('span', 'cause-label', c.label));
  s.title = c.rule;
  d.append(s, el('div', 'cause-rule', c.rule));
  for (const g of c.groups) {
    const row = el('div', 'cause-group');
    row.append(el('span', 'cause-count', String(g.count)), el('span', 'group-label', g.label || '—'));
    const ex = el('div', 'examples');
    for (const id of g.episodes.slice(0, EXAMPLES)) ex.append(episodeLink(id));
    if (g.episodes.length > EXAMPLES) ex.append(el('span', 'more', `… ${g.episodes.length - EXAMPLES} more`));
    row.append(ex);
    d.append(row);
  }
  return d;
}

function runSection(run: ReportRun, index: number): void {
  const s = section(data.runs.length > 1 ? `${index === 0 ? 'Candidate' : 'Base'}: ${run.label}` : run.label, `run-${index}`);
  s.append(el('div', 'run-meta', `${run.dirs.join(', ')} · policy ${run.policies.join(', ') || '—'}`));
  const n = notes(run.notes);
  if (n) s.append(n);
  s.append(cards(run));
  const charts = el('div', 'charts');
  s.append(charts);
  if (run.byFamily.length) familyCharts(charts, run);
  const tables = el('div', 'tables');
  tables.append(rateTable('By family', run.byFamily), rateTable('By app', run.byApp), rateTable('By locale', run.byLocale));
  if (run.byTag.length) tables.append(rateTable('By tag', run.byTag));
  s.append(tables);
  if (run.perSafety.length) s.append(el('div', 'safety', `Violations by trap: ${run.perSafety.map((p) => `${p.label} ${p.count}`).join(', ')}`));
  const causes = el('div', 'causes');
  causes.append(el('h3', undefined, `Why episodes failed (${run.overall.total - run.overall.success} of ${run.overall.total})`));
  if (!run.causes.length) causes.append(el('p', 'muted', 'No episode failed.'));
  for (const c of run.causes) causes.append(causeBlock(c));
  s.append(causes);
}

function compareSection(): void {
  const c = data.compare;
  if (!c) return;
  const s = section(`Compare: ${c.candidate} vs ${c.base}`, 'compare');
  const box = el('div', 'cards');
  const card = (title: string, value: string, sub: string, cls = '') => {
    const k = el('div', `card ${cls}`);
    k.append(el('div', 'card-title', title), el('div', 'card-value', value), el('div', 'card-sub', sub));
    box.append(k);
  };
  card('Won', String(c.won), 'candidate passes, base failed', 'pass');
  card('Lost', String(c.lost), 'base passed, candidate fails', 'fail');
  card('Both passed', String(c.both), '');
  card('Neither', String(c.neither), '');
  card('McNemar exact p', c.mcnemarP < 0.001 ? c.mcnemarP.toExponential(1) : c.mcnemarP.toFixed(3), `${c.shared} shared instances`);
  s.append(box);
  const only: ReportNote[] = [];
  if (c.onlyBase.length) only.push({ level: 'warning', text: `${c.onlyBase.length} instance(s) only in ${c.base} (not compared)`, instances: c.onlyBase });
  if (c.onlyCandidate.length) only.push({ level: 'warning', text: `${c.onlyCandidate.length} instance(s) only in ${c.candidate} (not compared)`, instances: c.onlyCandidate });
  const n = notes(only);
  if (n) s.append(n);
  const chartsBox = el('div', 'charts');
  s.append(chartsBox);
  if (c.byFamily.length) compareChart(chartsBox, c);
  const t = el('table', 'rates');
  const head = el('tr');
  for (const h of ['family', 'shared', c.base, c.candidate, 'difference', '95% CI']) head.append(el('th', undefined, h));
  t.append(head);
  for (const f of c.byFamily) {
    const tr = el('tr');
    tr.append(el('td', 'label', f.label), el('td', 'num', String(f.shared)), el('td', 'num', pct(f.base)), el('td', 'num', pct(f.candidate)),
      el('td', `num ${f.diff > 0 ? 'good' : f.diff < 0 ? 'bad' : ''}`, `${f.diff >= 0 ? '+' : ''}${pct(f.diff)}`), el('td', 'num ci', interval(f.ci)));
    t.append(tr);
  }
  s.append(t);
  const flips = el('div', 'flips');
  flips.append(el('h3', undefined, `Flipped episodes (${c.flips.length})`));
  for (const f of c.flips) {
    const row = el('div', `flip ${f.direction}`);
    row.dataset.task = f.task;
    const pair = el('a', 'pair-link', 'side by side');
    pair.href = `#pair-${f.base}-${f.candidate}`;
    row.append(el('span', 'flip-dir', f.direction), el('span', 'flip-task', f.task), episodeLink(f.base, 'base'), episodeLink(f.candidate, 'candidate'), pair);
    flips.append(row);
  }
  s.append(flips);
}

function episodesSection(): void {
  const s = section(`Episodes (${data.episodes.length})`, 'episodes');
  const bar = el('div', 'filter');
  const search = el('input');
  search.type = 'search';
  search.placeholder = 'filter by task, goal, cause…';
  const which = el('select');
  for (const [v, t] of [['all', 'all'], ['failed', 'failed'], ['passed', 'passed']]) {
    const o = el('option', undefined, t);
    o.value = v;
    which.append(o);
  }
  bar.append(search, which);
  s.append(bar);
  const t = el('table', 'episodes');
  const head = el('tr');
  for (const h of ['', 'task', 'run', 'family', 'steps', 's', 'ended by', 'cause']) head.append(el('th', undefined, h));
  const body = el('tbody');
  t.append(head, body);
  const more = el('button', 'more-rows');
  const count = el('div', 'muted');
  s.append(count, t, more);
  const text = data.episodes.map((ep) => `${ep.task} ${ep.goal} ${ep.cause ?? ''} ${ep.terminatedBy}`.toLowerCase());
  // Rows are made a page at a time: a thousand-row table is most of a report's layout cost,
  // and the filter searches every episode whether its row exists or not.
  let matches: ReportEpisode[] = [];
  let shown = 0;
  const showMore = () => {
    const frag = document.createDocumentFragment();
    for (const ep of matches.slice(shown, shown + ROWS_PER_PAGE)) frag.append(episodeRow(ep));
    body.append(frag);
    shown = Math.min(matches.length, shown + ROWS_PER_PAGE);
    more.hidden = shown >= matches.length;
    more.textContent = `Show ${Math.min(ROWS_PER_PAGE, matches.length - shown)} more of ${matches.length - shown}`;
    count.textContent = `${matches.length} episode${matches.length === 1 ? '' : 's'}${shown < matches.length ? `, ${shown} shown` : ''}`;
  };
  const apply = () => {
    const q = search.value.trim().toLowerCase();
    matches = data.episodes.filter((ep, i) => (which.value === 'all' || (which.value === 'passed') === ep.success) && (!q || text[i].includes(q)));
    clear(body);
    shown = 0;
    showMore();
  };
  more.addEventListener('click', showMore);
  search.addEventListener('input', apply);
  which.addEventListener('change', apply);
  apply();
}

function episodeRow(ep: ReportEpisode): HTMLTableRowElement {
  const tr = el('tr');
  const link = el('td');
  link.append(episodeLink(ep.id));
  tr.append(el('td', `mark ${ep.success ? 'pass' : 'fail'}`, ep.success ? '✓' : '✗'), link, el('td', undefined, data.runs[ep.run]?.label ?? ''),
    el('td', undefined, ep.family), el('td', 'num', String(ep.steps)), el('td', 'num', fixed(ep.seconds)), el('td', undefined, ep.terminatedBy), el('td', undefined, ep.cause ?? ''));
  return tr;
}

// The episode view: one filmstrip (#episode-N) or two side by side (#pair-A-B).
const viewer = el('div', 'viewer');
viewer.hidden = true;
const close = el('a', 'viewer-close', '× close');
close.href = '#';

/** Shows what a `#episode-N` / `#pair-A-B` link names (nothing for anything else). */
function show(hash: string): void {
  const m = /^#(?:episode-(\d+)|pair-(\d+)-(\d+))$/.exec(hash);
  const ids = m ? (m[1] !== undefined ? [Number(m[1])] : [Number(m[2]), Number(m[3])]) : [];
  const eps = ids.map((i) => data.episodes[i]).filter((e): e is ReportEpisode => e !== undefined);
  clear(viewer);
  viewer.hidden = eps.length === 0;
  if (!eps.length) return;
  viewer.append(close);
  for (const ep of eps) viewer.append(filmstrip(ep, imageBase, data.runs[ep.run]?.label ?? ''));
  viewer.scrollIntoView({ block: 'start' });
  const imgs = [...viewer.querySelectorAll('img')];
  void Promise.all(imgs.map((i) => i.decode().then(() => 1, () => 0))).then((ok) => {
    tell({ type: 'shown', episodes: eps.map((e) => e.id), images: imgs.length, loaded: ok.reduce<number>((a, b) => a + b, 0) });
  });
}

// In-page links are handled here, not by the browser: a VS Code webview only scrolls to an
// anchor and never changes location.hash, so hashchange alone would not open an episode there.
document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.('a');
  const href = a?.getAttribute('href');
  if (!href?.startsWith('#')) return;
  e.preventDefault();
  try {
    history.pushState(null, '', href);
  } catch {
    // no history in this frame: the view still changes
  }
  show(href);
});
window.addEventListener('popstate', () => show(location.hash));

function render(): void {
  clear(app);
  const head = el('header', 'top');
  head.append(el('h1', undefined, data.title), el('div', 'muted', `generated ${data.generatedAt} · ${data.episodes.length} episodes`));
  app.append(head, viewer);
  compareSection();
  data.runs.forEach(runSection);
  if (data.runs.length) {
    const s = section('Steps per episode', 'steps');
    const box = el('div', 'charts');
    s.append(box);
    stepsChart(box, data.runs);
  }
  episodesSection();
  window.addEventListener('hashchange', () => show(location.hash));
  show(app.dataset.open ? `#episode-${app.dataset.open}` : location.hash);
}

render();
// For tests and benchmarks: the report is drawn (charts included) once this is set.
const drawn = { charts: charts.length, episodes: data.episodes.length, renderMs: performance.now() - started };
(globalThis as unknown as { __runReport: typeof drawn & { ready: boolean } }).__runReport = { ready: true, ...drawn };
tell({ type: 'drawn', ...drawn });
