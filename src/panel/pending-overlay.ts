// How a paused episode's pending action is drawn on the panel: the action in the model's
// 0–1000 space, turned into one mark (crosshair, arrow, bubble or label). The webview maps
// the points to the screen the same way the device will (protocol/coords), so the mark sits
// where the action will land at any panel size.
import type { Action, NormPoint } from '../protocol/action';
import { actionToCall } from '../protocol/action';
import type { OverlayAction, PanelNormPoint, PendingMark } from '../webview-protocol/device-panel';

const clampNorm = (p: NormPoint): PanelNormPoint => ({
  x: Math.max(0, Math.min(1000, Math.trunc(p.x))),
  y: Math.max(0, Math.min(1000, Math.trunc(p.y))),
});

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function pendingMark(a: Action): PendingMark {
  switch (a.type) {
    case 'click':
    case 'double_click':
      return { shape: 'crosshair', at: clampNorm(a.point) };
    case 'long_press':
      return { shape: 'crosshair', at: clampNorm(a.point), long: true };
    case 'scroll':
    case 'drag':
      return { shape: 'arrow', from: clampNorm(a.from), to: clampNorm(a.to) };
    case 'type':
      return { shape: 'bubble', text: clip(a.text, 2000) };
    case 'button_press':
      return { shape: 'label', text: `key ${a.button}` };
    case 'open_app':
    case 'close_app':
      return { shape: 'label', text: clip(`${a.type} ${a.app}`, 300) };
    case 'wait':
      return { shape: 'label', text: `wait ${a.ms} ms` };
    case 'finish':
      return { shape: 'label', text: clip(`${a.tool}: ${a.text}`, 300) };
  }
}

export function callText(a: Action): string {
  const c = actionToCall(a);
  return clip(`${c.name}(${JSON.stringify(c.args)})`, 300);
}

/** The overlay message for a pending action at `step`. */
export function pendingOverlay(step: number, action: Action, correctedBy?: string): OverlayAction {
  return { kind: 'pending', step, call: callText(action), mark: pendingMark(action), ...(correctedBy ? { correctedBy: correctedBy.slice(0, 60) } : {}) };
}

/** A pause with no action to draw (a parse failure): the reason, as a label. */
export function pendingFailureOverlay(step: number, reason: string): OverlayAction {
  return { kind: 'pending', step, call: 'no action', mark: { shape: 'label', text: clip(`no action: ${reason}`, 300) } };
}
