// Quoting for values placed into commands for a phone's /system/bin/sh: the one copy, used by
// the ADB device (adb/) and by task setup steps and shell verifiers (src/task).

/** One shell word that the device shell reads back verbatim, whatever it contains. */
export function shellQuote(arg: string): string {
  if (arg !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}
