// The model itself, in whichever thread loads it: transformers.js (on onnxruntime-node) with a
// local folder, remote loading off. One load serves any number of steps. The worker
// (worker.ts) wraps this; the benchmark also calls it directly to measure the worker's cost.
import path from 'node:path';
import type { ChatMessage } from '../protocol/messages';
import { inspectModelFolder, ModelFolderError, type ModelFolderInfo } from './folder';
import type { ModelDtype } from './layout';
import { preprocessImage, visionConfigFrom, type PreprocessedImage, type VisionPreprocessorConfig } from './preprocess';

type Transformers = typeof import('@huggingface/transformers');
// Loose views of the library objects this file drives (its own typings are far wider).
interface Tok { (text: string, opts?: object): { input_ids: TensorLike; attention_mask: TensorLike }; decode(ids: bigint[] | number[], opts?: object): string }
interface Proc { tokenizer: Tok; image_processor: { max_pixels: number; (images: unknown): Promise<{ pixel_values: TensorLike; image_grid_thw: TensorLike }> }; apply_chat_template(m: unknown, o: object): string; (text: string, images?: unknown): Promise<Record<string, TensorLike>> }
interface TensorLike { dims: number[]; data: ArrayLike<number | bigint>; tolist(): unknown }
interface Session { run(feeds: unknown, ...rest: unknown[]): Promise<unknown> }
interface Model { sessions: Record<string, Session>; generate(args: object): Promise<unknown>; dispose(): Promise<unknown> }

export interface EngineOptions {
  dir: string;
  /** Which graphs to load (file suffix); 'auto' picks the first complete set of q8, q4, fp32, q4f16, fp16. */
  dtype?: ModelDtype | 'auto';
  /** Cap on the screenshot's resized area (pixels); below the folder's max_pixels it trades accuracy for speed. */
  maxPixels?: number;
  /** onnxruntime intra-op threads (default: the runtime's choice). */
  threads?: number;
  /** 'fast' (sharp + typed arrays, default) or the library's own processor. */
  preprocessor?: 'fast' | 'library';
  /** Wraps every native call (ONNX runs, image decoding); the worker uses it to know when terminating it is safe. */
  guardNative?: <T>(call: () => Promise<T>) => Promise<T>;
}

/** Milliseconds per phase of one generation. */
export interface GenerationTimings {
  preprocess: number;
  visionEncoder: number;
  prefill: number;
  /** One entry per generated token after the first. */
  decode: number[];
  /** Request start → first token. */
  firstToken: number;
  total: number;
}

export type FinishReason = 'stop' | 'tool_call' | 'length' | 'cancelled';

export interface GenerateRequest {
  messages: readonly ChatMessage[];
  /** The screenshot (JPEG/PNG bytes) that the image_url part of the messages stands for. */
  image?: Uint8Array;
  maxNewTokens?: number;
  /** Stop once `</tool_call>` has been emitted (default true): PhoneBuddy acts on the first call. */
  stopAtToolCall?: boolean;
  onText?: (delta: string) => void;
  /** Polled after every token; true ends generation with finishReason 'cancelled'. */
  cancelled?: () => boolean;
}

export interface GenerateResult {
  text: string;
  finishReason: FinishReason;
  promptTokens: number;
  completionTokens: number;
  imageTokens: number;
  image?: { width: number; height: number; resizedWidth: number; resizedHeight: number };
  timings: GenerationTimings;
}

export class PromptTooLongError extends Error {}
export class ModelLoadError extends Error {}

const TOOL_CALL_END = '</tool_call>';

export class ModelEngine {
  private scratch?: Float32Array;
  private phase: { name: 'idle' | 'run'; vision: number; decoderCalls: number[] } = { name: 'idle', vision: 0, decoderCalls: [] };

  private constructor(
    private readonly tf: Transformers,
    private readonly processor: Proc,
    private readonly model: Model,
    readonly folder: ModelFolderInfo,
    readonly vision: VisionPreprocessorConfig,
    private readonly options: EngineOptions,
    readonly loadMs: number,
  ) {
    this.instrument();
  }

  static async load(options: EngineOptions): Promise<ModelEngine> {
    const started = performance.now();
    const folder = inspectModelFolder(options.dir, options.dtype ?? 'auto');
    const tf = (await import('@huggingface/transformers')) as Transformers;
    tf.env.allowRemoteModels = false;
    tf.env.allowLocalModels = true;
    // A relative path would be read as a hub id; the folder check returns an absolute one.
    tf.env.localModelPath = path.dirname(folder.dir);
    tf.env.logLevel = tf.LogLevel?.ERROR ?? tf.env.logLevel;
    let processor: Proc;
    let model: Model;
    try {
      processor = (await tf.AutoProcessor.from_pretrained(folder.dir)) as unknown as Proc;
      if (!processor.tokenizer) throw new ModelFolderError(`${path.join(folder.dir, 'preprocessor_config.json')}: processor_class must be a Qwen VL processor (e.g. Qwen3VLProcessor); the loaded processor has no tokenizer`);
    } catch (e) {
      throw e instanceof ModelFolderError ? e : new ModelLoadError(`cannot load the tokenizer/processor of ${folder.dir}: ${(e as Error).message} (check tokenizer.json and tokenizer_config.json)`);
    }
    try {
      model = (await tf.AutoModelForImageTextToText.from_pretrained(folder.dir, {
        dtype: folder.dtype,
        device: 'cpu',
        local_files_only: true,
        ...(options.threads ? { session_options: { intraOpNumThreads: options.threads, interOpNumThreads: 1 } } : {}),
      })) as unknown as Model;
    } catch (e) {
      const msg = (e as Error).message ?? String(e);
      const file = Object.values(folder.files).find((f) => msg.includes(path.basename(f)));
      throw new ModelLoadError(file
        ? `${file} could not be loaded by onnxruntime (${msg.split('\n')[0]}): the file is damaged or from an incompatible export — download or export it again`
        : `cannot load the ONNX graphs of ${folder.dir} (${folder.dtype}): ${msg.split('\n')[0]}`);
    }
    const vision = visionConfigFrom(folder.preprocessor, options.maxPixels);
    return new ModelEngine(tf, processor, model, folder, vision, options, performance.now() - started);
  }

  /** Times each session call: vision_encoder, and decoder calls (the first is the prefill). */
  private instrument(): void {
    for (const [name, session] of Object.entries(this.model.sessions)) {
      const run = session.run.bind(session);
      const guard = this.options.guardNative ?? ((call) => call());
      session.run = async (...args: unknown[]) => {
        const t = performance.now();
        try {
          return await guard(() => run(...(args as [unknown])));
        } finally {
          const ms = performance.now() - t;
          if (name === 'vision_encoder') this.phase.vision += ms;
          else if (name.startsWith('decoder')) this.phase.decoderCalls.push(ms);
        }
      };
    }
  }

  /** The prompt text the folder's chat template renders for these messages (before image-token expansion). */
  renderPrompt(messages: readonly ChatMessage[]): string {
    return this.processor.apply_chat_template(messages, { add_generation_prompt: true });
  }

  async preprocess(image: Uint8Array): Promise<PreprocessedImage> {
    const guard = this.options.guardNative ?? ((call) => call());
    const p = await guard(() => preprocessImage(image, this.vision, this.scratch));
    this.scratch = p.pixelValues;
    return p;
  }

  /** The library's own image processor (for comparison and as a fallback), at the same max-pixels cap. */
  async preprocessWithLibrary(image: Uint8Array): Promise<{ pixelValues: Float32Array; gridThw: number[] }> {
    const img = await this.tf.RawImage.fromBlob(new Blob([new Uint8Array(image)]));
    this.processor.image_processor.max_pixels = this.vision.maxPixels;
    const out = await this.processor.image_processor(img);
    return { pixelValues: out.pixel_values.data as Float32Array, gridThw: (out.image_grid_thw.tolist() as bigint[][])[0].map(Number) };
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const started = performance.now();
    const hasImagePart = req.messages.some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'));
    if (hasImagePart && !req.image) throw new Error('the messages have an image_url part but no screenshot bytes were sent');
    let prompt = this.renderPrompt(req.messages);
    let pixel: { pixelValues: Float32Array; gridThw: number[]; tokens: number } | undefined;
    let image: GenerateResult['image'];
    if (req.image && hasImagePart) {
      if (this.options.preprocessor === 'library') {
        const lib = await this.preprocessWithLibrary(req.image);
        pixel = { ...lib, tokens: (lib.gridThw[0] * lib.gridThw[1] * lib.gridThw[2]) / this.vision.mergeSize ** 2 };
      } else {
        const p = await this.preprocess(req.image);
        pixel = { pixelValues: p.pixelValues, gridThw: p.gridThw, tokens: p.imageTokens };
        image = { width: p.original.width, height: p.original.height, resizedWidth: p.resized.width, resizedHeight: p.resized.height };
      }
      // What Qwen2VLProcessor does: one <|image_pad|> per merged visual token.
      prompt = prompt.replace('<|image_pad|>', '<|image_pad|>'.repeat(pixel.tokens));
    }
    const preprocessMs = performance.now() - started;
    const inputs = this.processor.tokenizer(prompt, { add_special_tokens: false });
    const promptTokens = inputs.input_ids.dims[1];
    const context = this.folder.contextLength;
    if (promptTokens >= context) {
      throw new PromptTooLongError(`the prompt is ${promptTokens} tokens (${pixel?.tokens ?? 0} for the screenshot at ${image ? `${image.resizedWidth}×${image.resizedHeight}` : 'its size'}) but ${path.join(this.folder.dir, 'config.json')} gives a context of ${context}: lower phonebuddy.model.maxPixels (now ${this.vision.maxPixels}) or shorten the history`);
    }
    const maxNewTokens = Math.max(1, Math.min(req.maxNewTokens ?? 8192, context - promptTokens));

    const generated: bigint[] = [];
    let emitted = '';
    let text = '';
    let finish: FinishReason = 'length';
    let firstToken = 0;
    let seenPrompt = false;
    const stopAtToolCall = req.stopAtToolCall ?? true;
    const streamer = {
      put: (value: bigint[][]) => {
        if (!seenPrompt) { seenPrompt = true; return; } // the first put is the prompt
        if (firstToken === 0) firstToken = performance.now() - started;
        generated.push(...value[0]);
        text = this.processor.tokenizer.decode(generated, { skip_special_tokens: true });
        // Hold back a trailing partial UTF-8 sequence until its last byte arrives.
        const stable = text.endsWith('\uFFFD') ? text.slice(0, text.lastIndexOf('\uFFFD')) : text;
        if (stable.length > emitted.length && stable.startsWith(emitted)) {
          req.onText?.(stable.slice(emitted.length));
          emitted = stable;
        }
      },
      end: () => undefined,
    };
    const stop = (): boolean[] => {
      if (req.cancelled?.()) { finish = 'cancelled'; return [true]; }
      if (stopAtToolCall && text.includes(TOOL_CALL_END)) { finish = 'tool_call'; return [true]; }
      return [false];
    };
    const tf = this.tf;
    const feeds: Record<string, unknown> = { input_ids: inputs.input_ids, attention_mask: inputs.attention_mask };
    if (pixel) {
      feeds.pixel_values = new tf.Tensor('float32', pixel.pixelValues, [pixel.pixelValues.length / (3 * this.vision.temporalPatchSize * this.vision.patchSize ** 2), 3 * this.vision.temporalPatchSize * this.vision.patchSize ** 2]);
      feeds.image_grid_thw = new tf.Tensor('int64', BigInt64Array.from(pixel.gridThw.map(BigInt)), [1, 3]);
    }
    this.phase = { name: 'run', vision: 0, decoderCalls: [] };
    try {
      await this.model.generate({
        ...feeds,
        max_new_tokens: maxNewTokens,
        do_sample: false, // greedy: the reference serves with temperature 0, top_p 1, top_k −1
        repetition_penalty: 1.0,
        streamer,
        stopping_criteria: [stop],
      });
    } finally {
      this.phase.name = 'idle';
    }
    if (finish === 'length') {
      const eos = this.generationEnded(generated);
      if (eos) finish = 'stop';
    }
    if (emitted !== text && text.startsWith(emitted)) req.onText?.(text.slice(emitted.length));
    const [prefill = 0, ...decode] = this.phase.decoderCalls;
    return {
      text,
      finishReason: finish,
      promptTokens,
      completionTokens: generated.length,
      imageTokens: pixel?.tokens ?? 0,
      image,
      timings: { preprocess: preprocessMs, visionEncoder: this.phase.vision, prefill, decode, firstToken, total: performance.now() - started },
    };
  }

  private generationEnded(ids: bigint[]): boolean {
    const last = ids.at(-1);
    if (last === undefined) return false;
    const cfg = this.folder.config as { text_config?: { eos_token_id?: number | number[] }; eos_token_id?: number | number[] };
    const eos = [cfg.text_config?.eos_token_id ?? cfg.eos_token_id ?? []].flat();
    return eos.map(BigInt).includes(last) || this.processor.tokenizer.decode([last], { skip_special_tokens: false }) === '<|im_end|>';
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }
}
