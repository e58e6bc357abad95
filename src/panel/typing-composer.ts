// Letters typed on the panel while a person drives an episode (a demonstration, or the
// agent's `human` policy) are one `type` action, not one action per key: what a person means
// by typing a word is one call with the whole text, as PhoneBuddy's protocol and every SFT
// format have it. The composer collects the letters of one burst and hands the whole text on
// when the burst ends:
//   - another gesture (tap, swipe, a key such as Enter or Back) — the text goes first, then it;
//   - a pause of `idleMs` without a key (default 1.5 s: people type 3–8 keys a second, and a
//     longer gap is someone looking at the screen, not in the middle of a word);
//   - the end of the episode (Finish hands the text on before the finish step);
//   - the text reaching the panel's typing limit.
// Backspace while a burst is open takes back its last letter (the phone never saw it).
import { TYPE_TEXT_LIMIT } from '../webview-protocol/device-panel';

export const TYPING_IDLE_MS = 1500;

export interface TypingComposerOptions {
  /** Called with the whole text when a burst ends. */
  commit(text: string): void;
  /** The text being composed changed (panels show it while it is not on the phone yet). */
  changed(text: string): void;
  idleMs?: number;
}

export class TypingComposer {
  private text = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly o: TypingComposerOptions) {}

  /** The letters typed so far in this burst ('' when none). */
  get composing(): string {
    return this.text;
  }

  add(letters: string): void {
    if ([...this.text].length + [...letters].length > TYPE_TEXT_LIMIT) this.flush();
    this.text += letters;
    this.rearm();
    this.o.changed(this.text);
  }

  /** Backspace: takes back the last letter of the open burst; false when there is none. */
  backspace(): boolean {
    if (!this.text) return false;
    this.text = [...this.text].slice(0, -1).join('');
    this.rearm();
    this.o.changed(this.text);
    return true;
  }

  /** Ends the burst now: its text (if any) is committed. */
  flush(): void {
    this.clearTimer();
    const text = this.text;
    if (!text) return;
    this.text = '';
    this.o.commit(text);
    this.o.changed('');
  }

  /** Drops the burst without committing it (the episode ended under it). */
  dispose(): void {
    this.clearTimer();
    this.text = '';
  }

  private rearm(): void {
    this.clearTimer();
    if (!this.text) return;
    this.timer = setTimeout(() => this.flush(), this.o.idleMs ?? TYPING_IDLE_MS);
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
