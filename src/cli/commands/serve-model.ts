// `phonebuddy serve-model`: a local PhoneBuddy ONNX folder behind an OpenAI-compatible API
// (GET /v1/models, POST /v1/chat/completions with streaming) until Ctrl-C.
import path from 'node:path';
import { parseCommandArgs } from '../args';
import { DTYPES, type ModelDtype } from '../../model/layout';

const HELP = `usage: phonebuddy serve-model --model DIR [--port 8000] [--host 127.0.0.1] [--name ID]
                              [--dtype auto|${DTYPES.join('|')}] [--max-pixels N] [--threads N]

Serves the model folder through an OpenAI-compatible API; then e.g.
  phonebuddy run tasks/ --policy openai:http://127.0.0.1:8000/v1

  --model DIR       the model folder (ONNX layout, see docs/model.md)
  --port N          TCP port (default 8000; 0 picks a free one)
  --host ADDR       address to listen on (default 127.0.0.1)
  --name ID         model id to serve (default: the folder's name)
  --dtype D         which graphs to load (default auto)
  --max-pixels N    screenshot pixel cap (default: the folder's max_pixels)
  --threads N       onnxruntime threads
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('serve-model', HELP, { args, strict: true, options: {
    model: { type: 'string' }, port: { type: 'string', default: '8000' }, host: { type: 'string', default: '127.0.0.1' },
    name: { type: 'string' }, dtype: { type: 'string', default: 'auto' }, 'max-pixels': { type: 'string' }, threads: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } });
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  const port = Number(v.port);
  const maxPixels = v['max-pixels'] === undefined ? undefined : Number(v['max-pixels']);
  const threads = v.threads === undefined ? undefined : Number(v.threads);
  const problems = [
    !v.model ? '--model DIR is required' : '',
    !Number.isInteger(port) || port < 0 || port > 65535 ? `--port must be 0–65535, got '${v.port}'` : '',
    v.dtype !== 'auto' && !(DTYPES as string[]).includes(v.dtype!) ? `--dtype must be auto or one of ${DTYPES.join(', ')}` : '',
    maxPixels !== undefined && !(Number.isInteger(maxPixels) && maxPixels >= 1024) ? '--max-pixels must be an integer ≥ 1024' : '',
    threads !== undefined && !(Number.isInteger(threads) && threads >= 1) ? '--threads must be a positive integer' : '',
  ].filter(Boolean);
  if (problems.length) { process.stderr.write(`phonebuddy serve-model: ${problems.join('; ')}\n`); return 2; }

  const { ModelHost } = await import('../../model/host');
  const { serveModel } = await import('../../model/serve');
  const host = new ModelHost({ dir: path.resolve(v.model!), dtype: v.dtype as ModelDtype | 'auto', maxPixels, threads });
  try {
    const info = await host.load();
    process.stderr.write(`loaded ${path.resolve(v.model!)} (${info.modelType}, ${info.dtype}, context ${info.contextLength}, max pixels ${info.maxPixels}) in ${Math.round(info.loadMs)} ms\n`);
  } catch (e) {
    process.stderr.write(`phonebuddy serve-model: ${(e as Error).message}\n`);
    await host.close();
    return 1;
  }
  let server;
  try {
    server = await serveModel({ host, modelId: v.name ?? path.basename(path.resolve(v.model!)), port, hostname: v.host });
  } catch (e) {
    process.stderr.write(`phonebuddy serve-model: cannot listen on ${v.host}:${port}: ${(e as Error).message}\n`);
    await host.close();
    return 1;
  }
  process.stdout.write(`serving ${v.name ?? path.basename(path.resolve(v.model!))} at ${server.url}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  await host.close();
  return 0;
}
