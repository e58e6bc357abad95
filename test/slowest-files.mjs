// A node:test reporter that prints, after the run, the unit test files that took longest
// (the sum of their top-level tests, which a file runs one after another). It is how the
// test stage's time is kept under the project's 30-minute CI budget: the list says where to look.
const SHOWN = 12;

export default async function* slowestFiles(source) {
  const perFile = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (!file || nesting !== 0 || typeof details?.duration_ms !== 'number') continue;
    perFile.set(file, (perFile.get(file) ?? 0) + details.duration_ms);
  }
  const rows = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  if (rows.length === 0) return;
  const cwd = process.cwd() + '/';
  yield `\nslowest unit test files (seconds, top-level tests summed):\n`;
  for (const [file, msTaken] of rows) {
    yield `  ${(msTaken / 1000).toFixed(1).padStart(7)}  ${file.startsWith(cwd) ? file.slice(cwd.length) : file}\n`;
  }
}
