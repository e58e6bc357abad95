// The argument encoding of Android's `input text` (which turns "%s" into a space and nothing
// else), and the `input` command lines that type a text. Shell quoting is ../shell-quote.ts.
import { ANDROID_KEYCODES } from '../keycodes';
import { shellQuote } from '../shell-quote';

/** Text that `input text` can type: printable ASCII, plus \n and \t sent as key events. */
export function isInputTextSafe(text: string): boolean {
  return /^[\x20-\x7e\n\t]*$/.test(text);
}

/** Android's sendText: every "%s" becomes a space (the inverse of inputTextArgument). */
export function androidInputTextDecode(arg: string): string {
  return arg.replace(/%s/g, ' ');
}

/**
 * Splits printable-ASCII text into `input text` arguments: spaces become "%s" (old
 * Android re-splits `input`'s arguments on spaces), and a literal "%s" in the text is cut
 * between '%' and 's' so Android does not turn it into a space.
 */
export function inputTextArguments(text: string): string[] {
  const pieces = text.split(/(?<=%)(?=s)/);
  return pieces.filter((p) => p !== '').map((p) => p.replace(/ /g, '%s'));
}

export type TypeStep = { kind: 'text'; arg: string } | { kind: 'key'; keycode: number };

/** The `input` invocations that type `text` (printable ASCII, \n → ENTER, \t → TAB). */
export function inputTextSteps(text: string): TypeStep[] {
  const steps: TypeStep[] = [];
  for (const seg of text.split(/([\n\t])/)) {
    if (seg === '\n') steps.push({ kind: 'key', keycode: ANDROID_KEYCODES.enter });
    else if (seg === '\t') steps.push({ kind: 'key', keycode: ANDROID_KEYCODES.tab });
    else for (const arg of inputTextArguments(seg)) steps.push({ kind: 'text', arg });
  }
  return steps;
}

/** One shell command line that types `text` through `input text` / `input keyevent`. */
export function inputTextCommand(text: string): string {
  return inputTextSteps(text)
    .map((s) => (s.kind === 'text' ? `input text ${shellQuote(s.arg)}` : `input keyevent ${s.keycode}`))
    .join(' && ');
}
