// `phonebuddy model <fixture|info|download>`: model folders — generate the tiny test model,
// check a folder and show what would load, fetch an export from a Hugging Face–style hub.
import { parseCommandArgs } from '../args';
import { DTYPES, type ModelDtype } from '../../model/layout';

const HELP = `usage: phonebuddy model fixture --out DIR [--script TEXT] [--dtypes fp32,q4,…] [--max-pixels N] [--context N]
       phonebuddy model info DIR [--dtype auto|${DTYPES.join('|')}]
       phonebuddy model download --repo OWNER/NAME --out DIR [--endpoint URL] [--revision REV] [--include GLOB]… [--dtype D]

  fixture   write a tiny random-weight qwen3_5 model in the ONNX export layout (for tests and demos)
    --out DIR        folder to write
    --script TEXT    the model ignores its prompt and answers exactly TEXT (then <|im_end|>)
    --dtypes LIST    write the graphs under these dtype suffixes (default fp32)
    --max-pixels N   preprocessor max_pixels (default 16777216)
    --context N      context length in tokens (default 32768)
  info      check a model folder and print its type, dtype and context
  download  fetch a model repository (see docs/model.md)
`;

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'fixture') return fixture(rest);
  if (sub === 'info') return info(rest);
  if (sub === 'download') return (await import('./model-download')).run(rest);
  if (!sub || sub === '--help' || sub === '-h') { process.stdout.write(HELP); return sub ? 0 : 2; }
  process.stderr.write(`phonebuddy model: unknown subcommand '${sub}'\n${HELP}`);
  return 2;
}

function parseDtypes(list: string): ModelDtype[] | string {
  const out = list.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = out.filter((d) => !(DTYPES as string[]).includes(d));
  return bad.length ? `unknown dtype ${bad.join(', ')} (one of ${DTYPES.join(', ')})` : (out as ModelDtype[]);
}

async function fixture(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('model fixture', HELP, { args, strict: true, options: {
    out: { type: 'string' }, script: { type: 'string' }, dtypes: { type: 'string', default: 'fp32' },
    'max-pixels': { type: 'string' }, context: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  } });
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  const dtypes = parseDtypes(v.dtypes ?? 'fp32');
  const int = (s: string | undefined, name: string): number | undefined | string => {
    if (s === undefined) return undefined;
    const n = Number(s);
    return Number.isInteger(n) && n > 0 ? n : `--${name} must be a positive integer, got '${s}'`;
  };
  const maxPixels = int(v['max-pixels'], 'max-pixels');
  const context = int(v.context, 'context');
  const seed = int(v.seed, 'seed');
  const problems = [!v.out ? '--out DIR is required' : '', typeof dtypes === 'string' ? dtypes : '', ...[maxPixels, context, seed].filter((x) => typeof x === 'string')].filter(Boolean);
  if (problems.length) { process.stderr.write(`phonebuddy model fixture: ${problems.join('; ')}\n`); return 2; }
  const { writeFixture } = await import('../../model/fixture/write');
  const started = Date.now();
  const { dir, files } = writeFixture({ out: v.out as string, script: v.script, dtypes: dtypes as ModelDtype[], maxPixels: maxPixels as number | undefined, contextLength: context as number | undefined, seed: seed as number | undefined });
  process.stdout.write(`wrote a tiny qwen3_5 model to ${dir} (${files.length} files, ${Date.now() - started} ms)${v.script !== undefined ? ', scripted' : ''}\n`);
  return 0;
}

async function info(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('model info', HELP, { args, strict: true, allowPositionals: true, options: { dtype: { type: 'string', default: 'auto' }, help: { type: 'boolean', short: 'h' } } });
  if (typeof parsed === 'number') return parsed;
  const dir = parsed.positionals[0];
  if (!dir) { process.stderr.write(`phonebuddy model info: a model folder is required\n${HELP}`); return 2; }
  const dtype = parsed.values.dtype as ModelDtype | 'auto';
  if (dtype !== 'auto' && !(DTYPES as string[]).includes(dtype)) { process.stderr.write(`phonebuddy model info: unknown --dtype '${dtype}'\n`); return 2; }
  const { inspectModelFolder, ModelFolderError } = await import('../../model/folder');
  try {
    const f = inspectModelFolder(dir, dtype);
    process.stdout.write(`${f.dir}\n  model_type ${f.modelType}\n  dtype ${f.dtype} (available: ${f.availableDtypes.join(', ')})\n  context ${f.contextLength} tokens\n  max_pixels ${String(f.preprocessor.max_pixels ?? (f.preprocessor.size as { longest_edge?: number } | undefined)?.longest_edge)}\n`);
    for (const [part, file] of Object.entries(f.files)) process.stdout.write(`  ${part} ${file}\n`);
    return 0;
  } catch (e) {
    if (e instanceof ModelFolderError) { process.stderr.write(`phonebuddy model info: ${e.message}\n`); return 1; }
    throw e;
  }
}
