// Text entry into the focused field of the foreground screen: typing (at the cursor, over an
// all-selection), backspace, enter/submit, and the copy/cut/paste/select-all toolbar with the
// phone's clipboard.
import type { TypeResult } from '../../device/device';
import { DeviceError } from '../../device/errors';
import type { FrameBuilder, TextMenuItem } from './frame';
import type { Navigator } from './navigation';
import type { PhoneCore } from './phone-core';
import type { TextTarget } from './phone-state';

export class TextInput {
  constructor(private readonly core: PhoneCore, private readonly nav: Navigator, private readonly frames: FrameBuilder) {}

  /** Types text like the IME would: 20 ms of virtual time per character. */
  async typeText(text: string): Promise<TypeResult> {
    this.core.live();
    if (typeof text !== 'string') throw new DeviceError('invalid-argument', `text must be a string, got ${JSON.stringify(text)}`, this.core.id);
    this.core.clock.advance(20 * [...text].length);
    let delivered = false;
    this.core.act(() => { delivered = this.insertText(text); });
    return { method: 'mock', delivered };
  }

  /** The copy/paste toolbar entries that make sense for the target right now. */
  textMenuItems(target: TextTarget): TextMenuItem[] {
    const items: TextMenuItem[] = [];
    const close = () => { this.core.state.textMenu = null; };
    if (target.kind === 'text') {
      items.push({ label: this.core.sys('copy'), id: 'copy', onClick: () => { this.core.state.clipboard = target.text; close(); this.core.showToast(this.core.sys('copied')); } });
      return items;
    }
    const screen = this.nav.topScreen(this.core.state.foreground);
    const value = screen.fields[target.key] ?? '';
    if (value !== '' && screen.selectAll) {
      items.push({ label: this.core.sys('cut'), id: 'cut', onClick: () => { this.core.state.clipboard = value; this.setFieldValue(target.key, ''); close(); } });
      items.push({ label: this.core.sys('copy'), id: 'copy', onClick: () => { this.core.state.clipboard = value; screen.selectAll = false; close(); this.core.showToast(this.core.sys('copied')); } });
    }
    if (this.core.state.clipboard !== '') {
      items.push({ label: this.core.sys('paste'), id: 'paste', onClick: () => { close(); this.insertText(this.core.state.clipboard); } });
    }
    if (value !== '' && !screen.selectAll) {
      items.push({ label: this.core.sys('selectAll'), id: 'select_all', onClick: () => { screen.selectAll = true; } });
    }
    return items;
  }

  private setFieldValue(key: string, value: string): void {
    const screen = this.nav.topScreen(this.core.state.foreground);
    screen.fields[key] = value;
    screen.selectAll = false;
    const view = this.frames.frame().fields.get(key);
    view?.field?.onChange?.(value);
  }

  /** Inserts at the end of the focused field (or replaces an all-selection). False without focus. */
  insertText(text: string): boolean {
    const screen = this.nav.topScreen(this.core.state.foreground);
    const key = screen.focus;
    // recents and the shade are other windows: keystrokes do not reach the app's field
    if (key === undefined || this.core.state.recentsOpen || this.core.state.shadeOpen) return false;
    this.core.state.textMenu = null; // typing dismisses the selection toolbar, as on Android
    const view = this.frames.frame().fields.get(key);
    // Inserts at the cursor (replacing an all-selection) and moves the cursor after the text.
    const insert = (chunk: string) => {
      const st = this.frames.fieldState(key);
      const value = st.allSelected ? '' : st.value;
      const at = st.allSelected ? 0 : st.cursor;
      this.setFieldValue(key, value.slice(0, at) + chunk + value.slice(at));
      screen.cursor = at + chunk.length;
    };
    let pending = text;
    while (pending.length > 0) {
      const nl = pending.indexOf('\n');
      const chunk = nl < 0 ? pending : pending.slice(0, nl);
      if (chunk) insert(chunk);
      if (nl < 0) break;
      pending = pending.slice(nl + 1);
      if (view?.field?.multiline) insert('\n');
      else this.enterKey();
    }
    if (this.core.state.keyboard.shift) this.core.state.keyboard.shift = false;
    return true;
  }

  /** Ctrl+A in the focused field (what AndroidWorld's clear_text does before deleting). False without focus. */
  selectAll(): boolean {
    this.core.live();
    const screen = this.nav.topScreen(this.core.state.foreground);
    if (screen.focus === undefined || this.core.state.recentsOpen || this.core.state.shadeOpen) return false;
    this.core.act(() => { screen.selectAll = true; });
    return true;
  }

  backspace(): void {
    const screen = this.nav.topScreen(this.core.state.foreground);
    if (screen.focus === undefined || this.core.state.recentsOpen || this.core.state.shadeOpen) return;
    this.core.state.textMenu = null;
    const key = screen.focus;
    const st = this.frames.fieldState(key);
    if (st.allSelected) {
      this.setFieldValue(key, '');
      screen.cursor = 0;
      return;
    }
    if (st.cursor === 0) return;
    const cut = st.cursor >= 2 && /[\udc00-\udfff]/.test(st.value[st.cursor - 1]) && /[\ud800-\udbff]/.test(st.value[st.cursor - 2]) ? 2 : 1;
    this.setFieldValue(key, st.value.slice(0, st.cursor - cut) + st.value.slice(st.cursor));
    screen.cursor = st.cursor - cut;
  }

  enterKey(): void {
    const screen = this.nav.topScreen(this.core.state.foreground);
    if (screen.focus === undefined) return;
    const key = screen.focus;
    const view = this.frames.frame().fields.get(key);
    // A new line goes in at the cursor, which moves past it (appending it at the end left
    // the cursor before it: `input text a && input keyevent ENTER && input text b` gave "ab\n").
    if (view?.field?.multiline) this.insertText('\n');
    else view?.field?.onSubmit?.(screen.fields[key] ?? '');
  }
}
