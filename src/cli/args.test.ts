import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandArgs } from './args';

/** Runs fn with process.stdout/stderr writes captured. */
function captured<T>(fn: () => T): { result: T; out: string; err: string } {
  let out = '';
  let err = '';
  const o = process.stdout.write, e = process.stderr.write;
  process.stdout.write = ((s: string) => { out += s; return true; }) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => { err += s; return true; }) as typeof process.stderr.write;
  try {
    return { result: fn(), out, err };
  } finally {
    process.stdout.write = o;
    process.stderr.write = e;
  }
}

const options = { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

test('parsed options come back as parseArgs gives them', () => {
  const { result } = captured(() => parseCommandArgs('demo', 'HELP\n', { args: ['--out', 'x.png', 'a'], allowPositionals: true, strict: true, options }));
  assert.notEqual(typeof result, 'number');
  if (typeof result === 'number') return;
  assert.equal(result.values.out, 'x.png');
  assert.deepEqual(result.positionals, ['a']);
});

test('an unknown option names the command and prints its help, exit 2', () => {
  const { result, err, out } = captured(() => parseCommandArgs('demo', 'HELP\n', { args: ['--bogus'], strict: true, options }));
  assert.equal(result, 2);
  assert.match(err, /^phonebuddy demo: .*--bogus/);
  assert.match(err, /HELP\n$/);
  assert.equal(out, '');
});

test('--help prints the help to stdout, exit 0', () => {
  const { result, out } = captured(() => parseCommandArgs('demo', 'HELP\n', { args: ['-h'], strict: true, options }));
  assert.equal(result, 0);
  assert.equal(out, 'HELP\n');
});
