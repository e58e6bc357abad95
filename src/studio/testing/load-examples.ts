// Loads and checks (parse, schema, SQL and CEL against the app catalogue, instantiation) every
// example task file, then prints what that loaded: the instance and diagnostic counts and every
// project module in require.cache. Run in a fresh process by no-screens.test.ts.
import path from 'node:path';
import { loadMockTaskFiles } from '../tasks';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..', '..', '..');
  const { files, diagnostics } = await loadMockTaskFiles([path.join(root, 'tasks-examples')]);
  const modules = Object.keys(require.cache).filter((m) => m.startsWith(path.join(root, 'src'))).map((m) => path.relative(root, m));
  process.stdout.write(JSON.stringify({ files: files.length, instances: files.reduce((n, f) => n + f.instances.length, 0), diagnostics: diagnostics.length, modules }));
}

void main();
