// The toolbar's icons, drawn as inline SVG built through the DOM (the strict CSP allows that;
// no icon font or stylesheet to load). Named as the codicons they imitate, so a toolbar item
// says `icon: 'debug-step-over'` and the protocol checks the name (PANEL_ICONS).
import type { PanelIcon } from '../../src/webview-protocol/device-panel';

type Stroke = { d: string; fill?: boolean; circle?: undefined } | { circle: [number, number, number]; fill?: boolean; d?: undefined };

// 16×16 boxes. Filled shapes for solid glyphs, 1.6 px strokes for the arrows.
const ICONS: Record<PanelIcon, Stroke[]> = {
  'debug-continue': [{ d: 'M3 2.5h2v11H3z', fill: true }, { d: 'M7 2.5l7 5.5-7 5.5z', fill: true }],
  'debug-step-over': [{ d: 'M2.5 10a5.5 5.5 0 0 1 10.3-3' }, { d: 'M13.2 2.8v4.4H8.8' }, { circle: [8, 12.5, 1.7], fill: true }],
  'debug-step-back': [{ d: 'M13.5 10a5.5 5.5 0 0 0-10.3-3' }, { d: 'M2.8 2.8v4.4h4.4' }, { circle: [8, 12.5, 1.7], fill: true }],
  'debug-pause': [{ d: 'M4 2.5h3v11H4zM9 2.5h3v11H9z', fill: true }],
  'debug-stop': [{ d: 'M3.5 3.5h9v9h-9z', fill: true }],
  record: [{ circle: [8, 8, 5], fill: true }],
  check: [{ d: 'M2.5 8.5l3.5 3.5 7.5-8' }],
  play: [{ d: 'M4 2.5l9.5 5.5-9.5 5.5z', fill: true }],
  pin: [{ d: 'M5.5 2h5l-.7 4.3 2.7 2.7h-9l2.7-2.7z', fill: true }, { d: 'M8 9v5.5' }],
  person: [{ circle: [8, 4.8, 2.8], fill: true }, { d: 'M2.8 14.5a5.2 5.2 0 0 1 10.4 0z', fill: true }],
};

const SVG = 'http://www.w3.org/2000/svg';

export function icon(name: PanelIcon): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.classList.add('icon', `icon-${name}`);
  svg.dataset.icon = name;
  for (const s of ICONS[name]) {
    const el = s.circle ? document.createElementNS(SVG, 'circle') : document.createElementNS(SVG, 'path');
    if (s.circle) {
      el.setAttribute('cx', String(s.circle[0]));
      el.setAttribute('cy', String(s.circle[1]));
      el.setAttribute('r', String(s.circle[2]));
    } else {
      el.setAttribute('d', s.d!);
    }
    // Presentation attributes, not inline styles: permitted under style-src without 'unsafe-inline'.
    el.setAttribute('fill', s.fill ? 'currentColor' : 'none');
    el.setAttribute('stroke', s.fill ? 'none' : 'currentColor');
    el.setAttribute('stroke-width', '1.6');
    el.setAttribute('stroke-linecap', 'round');
    el.setAttribute('stroke-linejoin', 'round');
    svg.append(el);
  }
  return svg;
}
