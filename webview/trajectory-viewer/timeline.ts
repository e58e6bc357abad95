// The step list: a virtual list with fixed-height rows, so an episode of thousands of steps
// puts only the rows in view (plus a margin) into the DOM. Rows show the step number, the
// action, the correction / fork / failure badges and the start of the thought.
import type { ViewerStepSummary } from '../../src/webview-protocol/trajectory-viewer';
import { badge, clear, el } from './dom';

export const ROW_HEIGHT = 52;
const MARGIN_ROWS = 8;

export class Timeline {
  private steps: (ViewerStepSummary | undefined)[] = [];
  private filled = 0;
  private selectedPos = -1;
  private readonly spacer: HTMLElement;
  private readonly rows: HTMLElement;

  constructor(private readonly root: HTMLElement, private readonly onPick: (pos: number) => void) {
    this.spacer = el('div', 'timeline-spacer');
    this.rows = el('div', 'timeline-rows');
    this.spacer.append(this.rows);
    root.append(this.spacer);
    root.addEventListener('scroll', () => this.render(), { passive: true });
    new ResizeObserver(() => this.render()).observe(root);
    root.addEventListener('click', (e) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>('.step-row');
      if (row?.dataset.pos) this.onPick(Number(row.dataset.pos));
    });
  }

  reset(total: number): void {
    this.steps = new Array<ViewerStepSummary | undefined>(total);
    this.filled = 0;
    this.spacer.style.height = `${total * ROW_HEIGHT}px`;
    this.render();
  }

  fill(from: number, items: readonly ViewerStepSummary[]): void {
    items.forEach((s, i) => {
      if (this.steps[from + i] === undefined) this.filled++;
      this.steps[from + i] = s;
    });
    this.render();
  }

  /** How many rows have their summary (the host sends them in chunks). */
  get loaded(): number {
    return this.filled;
  }

  get length(): number {
    return this.steps.length;
  }

  at(pos: number): ViewerStepSummary | undefined {
    return this.steps[pos];
  }

  positionOf(index: number): number {
    return this.steps.findIndex((s) => s?.index === index);
  }

  get rowsInDom(): number {
    return this.rows.childElementCount;
  }

  select(pos: number): void {
    this.selectedPos = pos;
    const top = pos * ROW_HEIGHT;
    const view = this.root;
    if (top < view.scrollTop) view.scrollTop = top;
    else if (top + ROW_HEIGHT > view.scrollTop + view.clientHeight) view.scrollTop = top + ROW_HEIGHT - view.clientHeight;
    this.render();
  }

  /** Rows visible in the list, for Page Up / Page Down. */
  get pageRows(): number {
    return Math.max(1, Math.floor(this.root.clientHeight / ROW_HEIGHT) - 1);
  }

  private render(): void {
    const first = Math.max(0, Math.floor(this.root.scrollTop / ROW_HEIGHT) - MARGIN_ROWS);
    const last = Math.min(this.steps.length, Math.ceil((this.root.scrollTop + this.root.clientHeight) / ROW_HEIGHT) + MARGIN_ROWS);
    clear(this.rows);
    this.rows.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
    for (let pos = first; pos < last; pos++) this.rows.append(this.row(pos));
  }

  private row(pos: number): HTMLElement {
    const s = this.steps[pos];
    const row = el('div', `step-row${pos === this.selectedPos ? ' selected' : ''}${s?.status === 'failed' ? ' failed' : ''}`);
    row.dataset.pos = String(pos);
    row.setAttribute('role', 'option');
    row.setAttribute('aria-selected', String(pos === this.selectedPos));
    row.style.height = `${ROW_HEIGHT}px`;
    if (!s) {
      row.append(el('span', 'step-loading', '…'));
      return row;
    }
    row.dataset.index = String(s.index);
    const head = el('div', 'step-head');
    head.append(el('span', 'step-num', `#${s.index}`), el('span', 'step-label', s.label));
    for (const m of s.marks) head.append(badge(m));
    row.append(head, el('div', 'step-thought', s.thought || '(no thought)'));
    return row;
  }
}
