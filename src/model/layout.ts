// The on-disk layout of a PhoneBuddy ONNX export, as transformers.js v4 loads it for
// image-text-to-text (Qwen3.5): JSON files at the top, three graphs under onnx/ whose file
// suffix names the dtype. Shared by the fixture writer, the folder check and the downloader.

export const DTYPE_SUFFIX = {
  fp32: '',
  fp16: '_fp16',
  q8: '_quantized',
  q4: '_q4',
  q4f16: '_q4f16',
} as const;
export type ModelDtype = keyof typeof DTYPE_SUFFIX;
export const DTYPES = Object.keys(DTYPE_SUFFIX) as ModelDtype[];

export const ONNX_PARTS = ['embed_tokens', 'vision_encoder', 'decoder_model_merged'] as const;
export type OnnxPart = (typeof ONNX_PARTS)[number];

/** Files the loader reads (the chat template lives in tokenizer_config.json). */
export const REQUIRED_JSON = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'preprocessor_config.json'] as const;
export const OPTIONAL_JSON = ['generation_config.json', 'chat_template.jinja', 'chat_template.json'] as const;

/** Model types transformers.js 4.3 runs as an image-text-to-text Qwen VL model. */
export const SUPPORTED_MODEL_TYPES = ['qwen3_5', 'qwen3_vl', 'qwen2_5_vl', 'qwen2_vl'] as const;

export function onnxFile(part: OnnxPart, dtype: ModelDtype): string {
  return `onnx/${part}${DTYPE_SUFFIX[dtype]}.onnx`;
}
