// Checks a model folder before anything loads it, so a missing file, a wrong model type or a
// damaged graph is reported by name with what to do — instead of the library's stack trace
// from deep inside onnxruntime (or a silent fallback to the network).
import fs from 'node:fs';
import path from 'node:path';
import { DTYPES, ONNX_PARTS, REQUIRED_JSON, SUPPORTED_MODEL_TYPES, onnxFile, type ModelDtype, type OnnxPart } from './layout';

export class ModelFolderError extends Error {
  constructor(message: string, readonly file?: string) {
    super(message);
  }
}

export interface ModelFolderInfo {
  dir: string;
  modelType: string;
  dtype: ModelDtype;
  /** dtypes whose three graphs are all present. */
  availableDtypes: ModelDtype[];
  files: Record<OnnxPart, string>;
  /** text_config.max_position_embeddings (prompt + output must fit). */
  contextLength: number;
  preprocessor: Record<string, unknown>;
  config: Record<string, unknown>;
}

/** Preference when the dtype is 'auto': quantised graphs are what runs acceptably on a CPU. */
const AUTO_ORDER: ModelDtype[] = ['q8', 'q4', 'fp32', 'q4f16', 'fp16'];

function readJson(dir: string, name: string): Record<string, unknown> {
  const file = path.join(dir, name);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ModelFolderError(`${file} is missing: the model folder is incomplete (download it again with "phonebuddy model download", or export it — see docs/model.md)`, file);
  }
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not a JSON object');
    return v as Record<string, unknown>;
  } catch (e) {
    throw new ModelFolderError(`${file} is not valid JSON (${(e as Error).message}): the file is damaged — download it again`, file);
  }
}

/** An ONNX ModelProto starts with field 1 (ir_version, varint): byte 0x08. */
function checkOnnxHeader(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const n = fs.readSync(fd, head, 0, 2, 0);
    if (n < 2 || head[0] !== 0x08) throw new ModelFolderError(`${file} is not an ONNX model (${n === 0 ? 'empty file' : `starts with 0x${head.toString('hex')}`}): the file is damaged or truncated — download or export it again`, file);
  } finally {
    fs.closeSync(fd);
  }
}

export function inspectModelFolder(dir: string, dtype: ModelDtype | 'auto' = 'auto'): ModelFolderInfo {
  const abs = path.resolve(dir);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(abs);
  } catch {
    throw new ModelFolderError(`model folder ${abs} does not exist: set phonebuddy.model.path (or --model / local:<dir>) to a folder in the ONNX layout of docs/model.md`, abs);
  }
  if (!stat.isDirectory()) throw new ModelFolderError(`${abs} is a file, not a model folder: point at the folder that holds config.json and onnx/`, abs);

  const [config, , , preprocessor] = REQUIRED_JSON.map((name) => readJson(abs, name));
  const configFile = path.join(abs, 'config.json');
  const modelType = String(config.model_type ?? '');
  if (!(SUPPORTED_MODEL_TYPES as readonly string[]).includes(modelType)) {
    throw new ModelFolderError(`${configFile}: model_type '${modelType || '(none)'}' is not a Qwen vision-language model; PhoneBuddy exports are 'qwen3_5' (supported: ${SUPPORTED_MODEL_TYPES.join(', ')})`, configFile);
  }
  const text = (config.text_config ?? {}) as Record<string, unknown>;
  if (modelType === 'qwen3_5' && !(Array.isArray(text.layer_types) && text.layer_types.includes('full_attention'))) {
    throw new ModelFolderError(`${configFile}: text_config.layer_types must list the layers (at least one 'full_attention') for a qwen3_5 model`, configFile);
  }
  const ppFile = path.join(abs, 'preprocessor_config.json');
  if (typeof preprocessor.patch_size !== 'number' || typeof preprocessor.merge_size !== 'number') {
    throw new ModelFolderError(`${ppFile}: patch_size and merge_size are required (a Qwen2VLImageProcessor config)`, ppFile);
  }

  const complete = (dt: ModelDtype): boolean => ONNX_PARTS.every((p) => fs.existsSync(path.join(abs, onnxFile(p, dt))));
  const availableDtypes = DTYPES.filter(complete);
  let chosen: ModelDtype;
  if (dtype === 'auto') {
    const found = AUTO_ORDER.find((dt) => availableDtypes.includes(dt));
    if (!found) {
      const missing = ONNX_PARTS.map((p) => onnxFile(p, 'fp32')).filter((f) => !fs.existsSync(path.join(abs, f)));
      throw new ModelFolderError(`${path.join(abs, 'onnx')}: no complete set of ONNX graphs (each dtype needs ${ONNX_PARTS.map((p) => `${p}<suffix>.onnx`).join(', ')}; e.g. missing ${missing.join(', ')})`, path.join(abs, 'onnx'));
    }
    chosen = found;
  } else {
    const missing = ONNX_PARTS.map((p) => onnxFile(p, dtype)).filter((f) => !fs.existsSync(path.join(abs, f)));
    if (missing.length) {
      const alt = availableDtypes.length ? ` (this folder has: ${availableDtypes.join(', ')})` : '';
      throw new ModelFolderError(`dtype ${dtype} needs ${missing.map((f) => path.join(abs, f)).join(', ')}${alt}`, path.join(abs, missing[0]));
    }
    chosen = dtype;
  }
  const files = Object.fromEntries(ONNX_PARTS.map((p) => [p, path.join(abs, onnxFile(p, chosen))])) as Record<OnnxPart, string>;
  for (const f of Object.values(files)) checkOnnxHeader(f);
  const ctx = Number(text.max_position_embeddings ?? config.max_position_embeddings ?? 32_768);
  return { dir: abs, modelType, dtype: chosen, availableDtypes, files, contextLength: Number.isFinite(ctx) && ctx > 0 ? ctx : 32_768, preprocessor, config };
}
