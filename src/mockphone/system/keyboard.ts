// The on-screen keyboard (Gboard-like QWERTY). It is part of the frame whenever a text field
// has focus and covers the lower part of the screen; its keys type through the same path as
// typeText.
import type { Theme } from '../ui/theme';
import { col, row, type View } from '../ui/view';

export interface KeyboardState {
  shift: boolean;
  symbols: boolean;
}

export interface KeyboardActions {
  type(text: string): void;
  backspace(): void;
  enter(): void;
  toggleShift(): void;
  toggleSymbols(): void;
}

export const KEYBOARD_HEIGHT_DP = 282;

const LETTERS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const SYMBOLS = ['1234567890', '@#$_&-+()/', '*"\':;!?'];

export function keyboardView(theme: Theme, state: KeyboardState, act: KeyboardActions): View {
  const keyBg = theme.dark ? '#3C4043' : '#FFFFFF';
  const modBg = theme.dark ? '#5F6368' : '#DADCE0';
  const fg = theme.dark ? '#E8EAED' : '#202124';
  const rows = state.symbols ? SYMBOLS : LETTERS;
  const key = (label: string, onClick: () => void, o: Partial<View> = {}): View => ({
    text: label, textAlign: 'center', textSize: 22, color: fg, bg: keyBg, radius: 6, height: 50, flex: 1, onClick, desc: label,
    cls: 'android.inputmethodservice.Keyboard$Key', ...o,
  });
  const letterRow = (chars: string) => [...chars].map((c) => {
    const out = state.shift ? c.toUpperCase() : c;
    return key(out, () => act.type(out));
  });
  return col({ height: KEYBOARD_HEIGHT_DP, bg: theme.dark ? '#202124' : '#E8EAED', padding: [4, 4, 14, 4], gap: 6, id: 'keyboard', cls: 'android.inputmethodservice.KeyboardView' },
    row({ height: 40, padding: [0, 12], justify: 'between' },
      { icon: 'apps', color: fg, width: 40, height: 40 },
      { icon: 'content_copy', color: fg, width: 40, height: 40 },
      { icon: 'settings', color: fg, width: 40, height: 40 },
      { icon: 'mic', color: fg, width: 40, height: 40 },
    ),
    row({ gap: 6, height: 50 }, ...letterRow(rows[0])),
    row({ gap: 6, height: 50, padding: [0, 18] }, ...letterRow(rows[1])),
    row({ gap: 6, height: 50 },
      key('', act.toggleShift, { icon: 'shift', iconSize: 24, flex: 1.5, bg: state.shift ? theme.primaryContainer : modBg, desc: 'Shift', text: undefined }),
      ...letterRow(rows[2]),
      key('', act.backspace, { icon: 'backspace', iconSize: 24, flex: 1.5, bg: modBg, desc: 'Delete', text: undefined }),
    ),
    row({ gap: 6, height: 50 },
      key(state.symbols ? 'ABC' : '?123', act.toggleSymbols, { flex: 1.5, bg: modBg, textSize: 15 }),
      key(',', () => act.type(',')),
      key(' ', () => act.type(' '), { flex: 5, desc: 'Space' }),
      key('.', () => act.type('.')),
      key('', act.enter, { icon: 'keyboard_return', iconSize: 24, flex: 1.5, bg: theme.primaryContainer, desc: 'Enter', text: undefined }),
    ),
  );
}
