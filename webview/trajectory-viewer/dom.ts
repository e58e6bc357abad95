// Element building without innerHTML: every piece of recorded text (thoughts, raw output, UI
// node attributes) goes in as textContent, so nothing recorded can become markup.
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function clear(node: Element): void {
  while (node.firstChild) node.firstChild.remove();
}

export const MARK_LABEL: Record<string, string> = {
  corrected: 'corrected', human: 'human', forked: 'fork', failed: 'failed', missing: 'no screenshot', note: 'note',
};

export function badge(mark: string): HTMLElement {
  const b = el('span', `badge badge-${mark}`, MARK_LABEL[mark] ?? mark);
  b.title = mark === 'corrected' ? 'The action was corrected; the model\'s original is kept' : mark === 'forked' ? 'First step after a fork' : mark;
  return b;
}
