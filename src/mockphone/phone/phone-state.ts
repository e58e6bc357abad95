// The phone's serialisable state and the constants its parts share. Everything here is JSON
// (or plain bytes), so snapshot/restore/reset stay cheap and runs stay reproducible.
import type { ClockState } from '../runtime/clock';
import type { Locale, ScreenState } from '../apps/app';
import type { KeyboardState } from '../system/keyboard';
import type { InterferenceState } from '../interference/engine';

/** 2026-03-02 09:30 on the phone (the phone's time zone is UTC). */
export const DEFAULT_START_TIME = Date.UTC(2026, 2, 2, 9, 30, 0);
export const MONKEY_NOT_FOUND = 'No activities found to run, monkey aborted.';

/** Virtual time each gesture takes, as on a real touchscreen. */
export const GESTURE_MS = { tap: 60, doubleTapInterval: 100, longPress: 800, swipe: 300 };
/** A press shorter than this is a tap, as Android's ViewConfiguration long-press timeout. */
export const LONG_PRESS_TIMEOUT = 400;

/** What the copy/paste toolbar acts on: a text field, or a selectable piece of text. */
export type TextTarget = { kind: 'field'; key: string } | { kind: 'text'; text: string };

/** Everything about the phone that is not in a database. JSON only. */
export interface PhoneState {
  seed: number;
  locale: Locale;
  rng: number;
  clock: ClockState;
  foreground: string;
  tasks: Record<string, ScreenState[]>;
  /** Most recent first; the launcher is not listed. */
  recents: string[];
  keyboard: KeyboardState;
  clipboard: string;
  toast: { text: string; timer: number } | null;
  banner: { title: string; text: string; pkg: string; timer: number; screen?: string; params?: Record<string, unknown> } | null;
  textMenu: { x: number; y: number; target: TextTarget } | null;
  systemDialog: { title: string; message: string; buttons: { label: string; openPackage?: string }[] } | null;
  recentsOpen: boolean;
  /** Which recents card is centred (0 = the most recent app). */
  recentsIndex?: number;
  /** The notification shade is pulled down. */
  shadeOpen?: boolean;
  /** Posted notifications, newest first (the shade lists them until opened or cleared). */
  notifications?: { id: number; pkg: string; title: string; text: string; at: number; screen?: string; params?: Record<string, unknown> }[];
  /** Switched-on perturbations and what they show (src/mockphone/interference/). */
  interference?: InterferenceState;
}

export interface MockPhoneSnapshot {
  state: PhoneState;
  databases: Record<string, { bytes: Uint8Array; stateId: string }>;
}
