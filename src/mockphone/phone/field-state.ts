// How a text field looks to layout, drawing and the UI dump: its value, focus, selection and
// cursor, read from the screen state that owns it.
import type { ScreenState } from '../apps/app';
import type { FieldState } from '../ui/layout';

export function fieldStateIn(screen: ScreenState, key: string): FieldState {
  const value = screen.fields[key] ?? '';
  const focused = screen.focus === key;
  const cursor = focused && screen.cursor !== undefined ? Math.max(0, Math.min(value.length, screen.cursor)) : value.length;
  return { value, focused, allSelected: !!screen.selectAll && focused, cursor };
}
