export async function run(_args: string[]): Promise<number> { process.stderr.write('phonebuddy model download: not available yet\n'); return 1; }
