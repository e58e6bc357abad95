// `phonebuddy` command line: looks the subcommand up in COMMANDS and hands off to its module.
// Each command lives in src/cli/commands/<name>.ts and exports
// `async function run(args: string[]): Promise<number>` (the exit code). Modules load on
// demand, so `phonebuddy help` never pays for a command's heavy imports.
import { setAppCodeAllowed } from '../studio/app-files/app-code-policy';

export interface CommandModule {
  run(args: string[]): Promise<number>;
}

export interface CommandEntry {
  /** One line for `phonebuddy help`. */
  summary: string;
  load: () => Promise<CommandModule>;
}

// Adding a command is one line here plus its module.
export const COMMANDS: Record<string, CommandEntry> = {
  version: { summary: 'print the PhoneBuddy Studio version', load: () => import('./commands/version') },
  protocol: { summary: 'print a PhoneBuddy request (prompt) or parse a raw model output (parse)', load: () => import('./commands/protocol') },
  run: { summary: 'run tasks headlessly with a policy on mock, adb or AndroidWorld devices', load: () => import('./commands/run') },
  report: { summary: 'an HTML report of runs dirs (rates with intervals, why episodes failed, filmstrips); --compare another run', load: () => import('./commands/report') },
  export: { summary: 'export recorded episodes as SFT data (phonebuddy, llamafactory, swift); --validate an export', load: () => import('./commands/export') },
  check: { summary: 'prove task verifiers on the mock phone and try to break them (mutants, counterexamples, must-not proofs, seeds)', load: () => import('./commands/check') },
  import: { summary: 'convert MyPhoneBench/PhoneWorld task JSON into *.task.yaml', load: () => import('./commands/import') },
  counterexample: { summary: 'add a recorded (failed) episode to a task as a counterexample check must reject', load: () => import('./commands/counterexample') },
  'serve-env': { summary: 'serve mock phones as an OpenEnv-compatible RL environment (WebSocket /ws, HTTP /reset /step)', load: () => import('./commands/serve-env') },
  'serve-device': { summary: 'serve a mock phone as an ADB device over TCP (then `adb connect 127.0.0.1:PORT`)', load: () => import('./commands/serve-device') },
  devices: { summary: 'list/track adb devices; connect/disconnect TCP devices (Wi-Fi, STF)', load: () => import('./commands/devices') },
  screenshot: { summary: 'save a screenshot of the mock phone (--open PACKAGE, --seed, --locale)', load: () => import('./commands/screenshot') },
  model: { summary: 'model folders: write the tiny test model (fixture), check one (info), download one', load: () => import('./commands/model') },
  'serve-model': { summary: 'serve a local model folder through an OpenAI-compatible API (/v1/chat/completions, streaming)', load: () => import('./commands/serve-model') },
  'ui-dump': { summary: 'print the mock phone\'s UI tree as uiautomator XML', load: () => import('./commands/ui-dump') },
};

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

export function usage(): string {
  const names = Object.keys(COMMANDS).sort();
  const width = Math.max(4, ...names.map((n) => n.length));
  const lines = [['help', 'show this help, or `help <command>` for a command\'s options'], ...names.map((n) => [n, COMMANDS[n].summary])]
    .map(([name, summary]) => `  ${name.padEnd(width)}  ${summary}`);
  return `usage: phonebuddy <command> [options]\n\ncommands:\n${lines.join('\n')}\n`;
}

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  // The command is the user's own: it may load the workspace's TypeScript apps (*.app.ts), which
  // run code — VS Code allows them only in a trusted workspace (docs/authoring-apps.md).
  setAppCodeAllowed(true);
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    const topic = command === 'help' ? rest[0] : undefined;
    if (topic && Object.hasOwn(COMMANDS, topic)) return (await COMMANDS[topic].load()).run(['--help']);
    if (topic) {
      io.err(`phonebuddy: unknown command '${topic}'\n${usage()}`);
      return 2;
    }
    io.out(usage());
    return 0;
  }
  if (!Object.hasOwn(COMMANDS, command)) {
    io.err(`phonebuddy: unknown command '${command}'\n${usage()}`);
    return 2;
  }
  const mod = await COMMANDS[command].load();
  return mod.run(rest);
}

/** Runs the CLI on this process's arguments and sets its exit code (bin/phonebuddy.js calls this). */
export function runCli(argv = process.argv.slice(2)): Promise<void> {
  return main(argv).then((code) => { process.exitCode = code; }, (err) => {
    process.stderr.write(`phonebuddy: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}

if (require.main === module) void runCli();
