// `phonebuddy` command line: parses the subcommand and hands off to one module per command.
const USAGE = `usage: phonebuddy <command> [options]

commands:
  help    show this help
`;

export async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(USAGE);
    return 0;
  }
  process.stderr.write(`phonebuddy: unknown command '${command}'\n${USAGE}`);
  return 2;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err) => {
    process.stderr.write(`phonebuddy: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
