// `phonebuddy model download`: fetch a model export from a Hugging Face–style hub with
// progress, resume and checksum verification (src/model/download.ts).
import { parseCommandArgs } from '../args';
import { DTYPES, type ModelDtype } from '../../model/layout';

const HELP = `usage: phonebuddy model download --repo OWNER/NAME --out DIR [--endpoint URL] [--revision REV]
                                [--include GLOB]… [--dtype ${DTYPES.join('|')}]

  --repo R        repository id on the hub
  --out DIR       folder to write (re-running resumes and skips verified files)
  --endpoint URL  hub base URL (default https://huggingface.co, or env HF_ENDPOINT)
  --revision REV  branch, tag or commit (default main)
  --include GLOB  repository paths to fetch (repeatable; * within a folder, ** across);
                  default: the JSON files and the graphs of --dtype
  --dtype D       graphs to fetch when no --include is given (default q4)
A token for private repositories is read from env HF_TOKEN.
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('model download', HELP, { args, strict: true, options: {
    repo: { type: 'string' }, out: { type: 'string' }, endpoint: { type: 'string' }, revision: { type: 'string', default: 'main' },
    include: { type: 'string', multiple: true }, dtype: { type: 'string', default: 'q4' }, help: { type: 'boolean', short: 'h' },
  } });
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  const problems = [
    !v.repo || !/^[\w.-]+\/[\w.-]+$/.test(v.repo) ? `--repo OWNER/NAME is required (got '${v.repo ?? ''}')` : '',
    !v.out ? '--out DIR is required' : '',
    !(DTYPES as string[]).includes(v.dtype!) ? `--dtype must be one of ${DTYPES.join(', ')}` : '',
  ].filter(Boolean);
  if (problems.length) { process.stderr.write(`phonebuddy model download: ${problems.join('; ')}\n`); return 2; }
  const { downloadModel, DownloadError } = await import('../../model/download');
  let last = 0;
  try {
    const r = await downloadModel({
      repo: v.repo!, out: v.out!, endpoint: v.endpoint ?? process.env.HF_ENDPOINT, revision: v.revision, include: v.include, dtype: v.dtype as ModelDtype,
      onProgress: (p) => {
        const now = Date.now();
        if (p.state !== 'downloading' || now - last > 500) {
          last = now;
          process.stderr.write(`${p.state.padEnd(11)} ${p.file} ${(p.received / 1048576).toFixed(1)}/${(p.size / 1048576).toFixed(1)} MiB (all: ${Math.round((100 * p.totalReceived) / Math.max(1, p.totalSize))} %)\n`);
        }
      },
    });
    process.stdout.write(`${v.repo}@${v.revision} → ${v.out}: ${r.files.length} files verified, ${(r.downloadedBytes / 1048576).toFixed(1)} MiB downloaded\n`);
    return 0;
  } catch (e) {
    if (e instanceof DownloadError) { process.stderr.write(`phonebuddy model download: ${e.message}\n`); return 1; }
    throw e;
  }
}
