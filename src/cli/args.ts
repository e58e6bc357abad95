// Option parsing shared by every command: node's parseArgs plus the behaviour users expect
// from all of them alike — a bad option prints `phonebuddy <command>: <why>` and the command's
// help (exit 2); `--help` prints the help (exit 0). Commands return the number as their exit code.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function parseCommandArgs<T extends ParseArgsConfig>(command: string, help: string, config: T): ReturnType<typeof parseArgs<T>> | number {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(config);
  } catch (e) {
    process.stderr.write(`phonebuddy ${command}: ${(e as Error).message}\n${help}`);
    return 2;
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(help);
    return 0;
  }
  return parsed;
}
