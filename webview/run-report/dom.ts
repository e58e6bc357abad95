// Element building without innerHTML: every recorded text (goals, thoughts, reasons, task
// names) goes in as textContent, so nothing in a run can become markup in its report.
export { el, clear } from '../trajectory-viewer/dom';

export const pct = (x: number, digits = 1): string => `${(x * 100).toFixed(digits)}%`;
export const interval = (ci: { lo: number; hi: number }): string => `${pct(ci.lo)}–${pct(ci.hi)}`;
export const fixed = (x: number, digits = 1): string => (Number.isFinite(x) ? x.toFixed(digits) : '—');
