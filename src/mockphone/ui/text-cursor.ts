// Where the text cursor of a field is drawn and which index a tap lands on — one geometry for
// drawing and hit-testing. Wrapped lines are substrings of the value (wrapping only drops the
// spaces at line breaks), so each line's start index is found by scanning forward.

export interface FieldGeometry {
  lines: string[];
  value: string;
  /** Content box of the field (inside its padding). */
  x: number;
  y: number;
  w: number;
  h: number;
  linePx: number;
  multiline: boolean;
  measure(text: string): number;
  /** Minimum gap kept between the cursor and the right edge of a single-line field. */
  edge: number;
}

export function lineStarts(value: string, lines: string[]): number[] {
  const starts: number[] = [];
  let off = 0;
  for (const line of lines) {
    const at = line === '' ? off : value.indexOf(line, off);
    const start = at < 0 ? off : at;
    starts.push(start);
    off = start + line.length;
  }
  return starts;
}

/** Top of the first line: multi-line fields start at the top, single-line ones are centred. */
function top(g: FieldGeometry): number {
  return g.multiline ? g.y : g.y + (g.h - g.linePx) / 2;
}

/** Horizontal scroll of a single-line field so that the cursor stays visible. */
export function horizontalShift(g: FieldGeometry, cursor: number): number {
  if (g.multiline) return 0;
  const cx = g.measure(g.value.slice(0, cursor));
  return Math.max(0, cx - (g.w - g.edge));
}

/** Pixel position (left of the cursor bar, top of its line) of index `cursor`. */
export function cursorPoint(g: FieldGeometry, cursor: number): { x: number; y: number; line: number } {
  const c = Math.max(0, Math.min(g.value.length, cursor));
  if (!g.multiline) return { x: g.x + g.measure(g.value.slice(0, c)) - horizontalShift(g, c), y: top(g), line: 0 };
  const starts = lineStarts(g.value, g.lines);
  let line = 0;
  for (let i = 0; i < starts.length; i++) if (starts[i] <= c) line = i;
  const inLine = Math.min(g.lines[line]?.length ?? 0, c - starts[line]);
  return { x: g.x + g.measure((g.lines[line] ?? '').slice(0, inLine)), y: top(g) + line * g.linePx, line };
}

/** The index a tap at (px, py) puts the cursor at, given the current cursor (for the scroll). */
export function indexAt(g: FieldGeometry, px: number, py: number, cursor: number): number {
  const starts = g.multiline ? lineStarts(g.value, g.lines) : [0];
  const lines = g.multiline ? g.lines : [g.value];
  const line = Math.max(0, Math.min(lines.length - 1, Math.floor((py - top(g)) / g.linePx)));
  const text = lines[line] ?? '';
  const rx = px - g.x + horizontalShift(g, cursor);
  let i = 0;
  // the boundary nearest to the tap: past a character's middle means after it
  while (i < text.length) {
    const next = i + (text.codePointAt(i)! > 0xffff ? 2 : 1);
    const left = g.measure(text.slice(0, i));
    const right = g.measure(text.slice(0, next));
    if (rx < (left + right) / 2) break;
    i = next;
  }
  return starts[line] + i;
}
