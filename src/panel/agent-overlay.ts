// Agent view: turns the agent loop's episode events into overlay drawings for the panels
// mirroring that device — the model's thought when it decides, the action where it acted
// (device pixels the loop actually used), a clean slate when an episode starts.
import type { EpisodeEvent, StepRecord } from '../agent/events';
import type { OverlayAction } from '../webview-protocol/device-panel';

export function overlayForEvent(e: EpisodeEvent): OverlayAction[] {
  switch (e.type) {
    case 'episode-started':
      return [{ kind: 'clear' }, { kind: 'thought', text: `Goal: ${e.goal.slice(0, 3900)}` }];
    case 'decided': {
      const d = e.decision;
      const text = d.thought || d.error || '';
      return text ? [{ kind: 'thought', text: text.slice(0, 4000), step: e.step }] : [];
    }
    case 'model-text': {
      // A streaming model's thought as it grows: the text before the tool call, tags removed.
      const thought = e.text.split('<tool_call>')[0].replace(/<\/?think>/g, '').trim();
      return thought ? [{ kind: 'thought', text: thought.slice(-4000), step: e.step }] : [];
    }
    case 'acted':
      return overlayForAction(e.record);
    case 'rewound':
      // The steps from here on are void: their marks and their thought go with them.
      return [{ kind: 'clear' }, { kind: 'thought', text: `Stepped back to step ${e.step}: the phone, the app data and the history are as they were before it.` }];
    case 'finished':
      return [{ kind: 'thought', text: `Finished: ${e.summary.reason}`.slice(0, 4000) }];
    default:
      return [];
  }
}

/** Where an action acted, drawn (device pixels the loop actually used). */
export function overlayForAction(r: Pick<StepRecord, 'action' | 'pixels'>): OverlayAction[] {
  const a = r.action;
  if (!a) return [];
  const [p, q] = r.pixels ?? [];
  switch (a.type) {
    case 'click':
    case 'double_click':
      return p ? [{ kind: 'tap', x: p.x, y: p.y }] : [];
    case 'long_press':
      return p ? [{ kind: 'longPress', x: p.x, y: p.y }] : [];
    case 'scroll':
    case 'drag':
      return p && q ? [{ kind: 'swipe', from: p, to: q }] : [];
    case 'type':
      return [{ kind: 'type', text: a.text.slice(0, 2000) }];
    case 'button_press':
      return [{ kind: 'key', key: a.button }];
    case 'open_app':
    case 'close_app':
      return [{ kind: 'app', name: `${a.type === 'open_app' ? 'open' : 'close'} ${a.app}`.slice(0, 300) }];
    default:
      return [];
  }
}
