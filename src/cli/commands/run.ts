// `phonebuddy run`: placeholder replaced below once the runner lands.
export async function run(_args: string[]): Promise<number> {
  process.stderr.write('phonebuddy run: not available yet\n');
  return 2;
}
