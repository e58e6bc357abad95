// The report's charts, drawn by Chart.js (its UMD build, loaded from the report folder by its
// own <script> before this bundle: the global `Chart`). Animations are off: a report is read,
// not watched, and it must be drawn at once when it opens.
import type { Chart as ChartClass, ChartConfiguration } from 'chart.js';
import type { ReportRate, ReportRun, ReportCompare } from '../../src/webview-protocol/run-report';
import { el } from './dom';

declare const Chart: typeof ChartClass;

const SUCCESS = '#3fb950';
const VIOLATION = '#f85149';
const BASE = '#8b949e';
const CANDIDATE = '#58a6ff';

export const charts: ChartClass[] = [];

function chart(host: HTMLElement, label: string, config: ChartConfiguration): void {
  const box = el('div', 'chart-box');
  const canvas = el('canvas');
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  box.append(canvas);
  host.append(box);
  charts.push(new Chart(canvas, { ...config, options: { animation: false, responsive: true, maintainAspectRatio: false, ...config.options } }));
}

/**
 * Rates as bars, each with its 95 % interval drawn over it as a thin floating bar (Chart.js
 * has no error bars; a floating bar [lo, hi] centred on the rate's bar reads as one).
 */
function rateChart(host: HTMLElement, label: string, rows: readonly ReportRate[], name: string, colour: string, pick: (r: ReportRate) => { rate: number; ci: { lo: number; hi: number } }): void {
  chart(host, label, {
    type: 'bar',
    data: {
      labels: rows.map((r) => `${r.label} (n=${r.total})`),
      datasets: [
        { label: `${name} 95% CI`, data: rows.map((r) => [pick(r).ci.lo * 100, pick(r).ci.hi * 100] as [number, number]), backgroundColor: '#00000000', borderColor: '#444c56', borderWidth: 2, borderSkipped: false, barPercentage: 0.08, grouped: false, order: 0 },
        { label: name, data: rows.map((r) => pick(r).rate * 100), backgroundColor: `${colour}99`, borderColor: colour, borderWidth: 1, grouped: false, order: 1 },
      ],
    },
    options: { scales: { y: { min: 0, max: 100, title: { display: true, text: `${name} %` } } } },
  });
}

export function familyCharts(host: HTMLElement, run: ReportRun): void {
  rateChart(host, 'Success rate by family with 95% intervals', run.byFamily, 'success', SUCCESS, (r) => ({ rate: r.rate, ci: r.ci }));
  rateChart(host, 'Violation rate by family with 95% intervals', run.byFamily, 'violations', VIOLATION, (r) => ({ rate: r.violationRate, ci: r.violationCi }));
}

export function stepsChart(host: HTMLElement, runs: readonly ReportRun[]): void {
  const longest = Math.max(0, ...runs.map((r) => r.stepsHistogram.length));
  chart(host, 'Episodes by number of steps', {
    type: 'bar',
    data: {
      labels: Array.from({ length: longest }, (_, i) => String(i)),
      datasets: runs.map((r, i) => ({ label: r.label, data: Array.from({ length: longest }, (_, s) => r.stepsHistogram[s] ?? 0), backgroundColor: i === 0 ? CANDIDATE : BASE })),
    },
    options: { scales: { x: { title: { display: true, text: 'steps' } }, y: { title: { display: true, text: 'episodes' } } } },
  });
}

export function compareChart(host: HTMLElement, c: ReportCompare): void {
  chart(host, 'Success by family on the shared instances, both runs', {
    type: 'bar',
    data: {
      labels: c.byFamily.map((f) => `${f.label} (n=${f.shared})`),
      datasets: [
        { label: c.base, data: c.byFamily.map((f) => f.base * 100), backgroundColor: BASE },
        { label: c.candidate, data: c.byFamily.map((f) => f.candidate * 100), backgroundColor: CANDIDATE },
      ],
    },
    options: { scales: { y: { min: 0, max: 100, title: { display: true, text: 'success %' } } } },
  });
}
