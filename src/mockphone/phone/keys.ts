// Key presses: back (which peels off the topmost thing: toolbar, shade, dialog, perturbation,
// recents, keyboard, app dialog, then the screen), home, recents, and the editing keys.
import { KEY_NAMES, type KeyName } from '../../device/device';
import { DeviceError } from '../../device/errors';
import { LAUNCHER_PACKAGE } from '../apps/registry';
import type { FrameBuilder } from './frame';
import type { Navigator } from './navigation';
import type { PhoneCore } from './phone-core';
import { GESTURE_MS } from './phone-state';
import type { TextInput } from './text-input';

export class Keys {
  constructor(
    private readonly core: PhoneCore,
    private readonly nav: Navigator,
    private readonly frames: FrameBuilder,
    private readonly text: TextInput,
  ) {}

  /** What a key does, without the input checks (the nav bar buttons call this too). */
  key(key: KeyName): void {
    const screen = this.nav.topScreen(this.core.state.foreground);
    switch (key) {
      case 'back':
      case 'escape': {
        if (this.core.state.textMenu) this.core.state.textMenu = null;
        else if (this.core.state.shadeOpen) this.core.state.shadeOpen = false;
        else if (this.core.state.systemDialog) this.core.state.systemDialog = null;
        else if (!this.core.state.recentsOpen && this.core.interferenceEngine.back(this.core.interferenceState, this.core.interferenceHost(), this.core.state.foreground)) { /* the perturbation took it */ }
        else if (this.core.state.recentsOpen) this.core.state.recentsOpen = false;
        else if (screen.focus !== undefined) { screen.focus = undefined; screen.selectAll = false; }
        else {
          this.frames.frame();
          const out = this.frames.currentOutput;
          if (out?.dialog) out.dialog.onDismiss?.();
          else if (!out?.onBack?.()) {
            if (this.core.state.foreground !== LAUNCHER_PACKAGE) this.nav.popScreen(this.core.state.foreground);
          }
        }
        return;
      }
      case 'home':
        this.core.state.systemDialog = null;
        this.core.state.shadeOpen = false;
        if (screen.focus !== undefined) { screen.focus = undefined; screen.selectAll = false; }
        this.nav.goHome();
        return;
      case 'recents':
        this.core.state.textMenu = null;
        this.core.state.shadeOpen = false;
        this.core.state.recentsOpen = !this.core.state.recentsOpen;
        this.core.state.recentsIndex = 0;
        return;
      case 'enter':
        this.text.enterKey();
        return;
      case 'delete':
        this.text.backspace();
        return;
      case 'space':
        this.text.insertText(' ');
        return;
      case 'tab':
        this.text.insertText('\t');
        return;
      default:
        return; // menu and d-pad keys: nothing on this phone, as on most modern apps
    }
  }

  async pressKey(key: KeyName): Promise<void> {
    this.core.live();
    if (typeof key !== 'string') throw new DeviceError('invalid-argument', `key must be a string (one of ${KEY_NAMES.join(', ')}), got ${JSON.stringify(key)}`, this.core.id);
    this.core.clock.advance(GESTURE_MS.tap);
    if (!KEY_NAMES.includes(key)) return this.core.bump(); // an unknown key code does nothing on a phone
    this.core.act(() => this.key(key));
  }
}
