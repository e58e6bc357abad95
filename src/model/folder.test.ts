import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { inspectModelFolder, ModelFolderError } from './folder';
import { ModelHost, ModelStepError } from './host';
import { buildMessages } from '../protocol/messages';
import { tempFixture, testScreenshot } from './testing/fixture';
import { writeFixture } from './fixture/write';

const fails = (fn: () => unknown, file: RegExp, hint: RegExp): void => {
  assert.throws(fn, (e: unknown) => e instanceof ModelFolderError && file.test(e.message) && hint.test(e.message));
};

test('the fixture is written in seconds, in the export layout, byte for byte the same each time', () => {
  const a = tempFixture({ script: 'hi', dtypes: ['fp32', 'q4'] });
  const b = tempFixture({ script: 'hi', dtypes: ['fp32', 'q4'] });
  try {
    const list = (d: string): string[] => fs.readdirSync(d, { recursive: true }).map(String).sort();
    assert.deepEqual(list(a.dir), ['chat_template.jinja', 'config.json', 'generation_config.json', 'onnx', 'onnx/decoder_model_merged.onnx', 'onnx/decoder_model_merged_q4.onnx',
      'onnx/embed_tokens.onnx', 'onnx/embed_tokens_q4.onnx', 'onnx/vision_encoder.onnx', 'onnx/vision_encoder_q4.onnx', 'preprocessor_config.json', 'tokenizer.json', 'tokenizer_config.json']);
    for (const f of list(a.dir).filter((f) => f.includes('.'))) assert.ok(fs.readFileSync(path.join(a.dir, f)).equals(fs.readFileSync(path.join(b.dir, f))), f);
    const tok = JSON.parse(fs.readFileSync(path.join(a.dir, 'tokenizer.json'), 'utf8')) as { added_tokens: { content: string }[] };
    for (const t of ['<tool_call>', '</tool_call>', '<think>', '</think>', '<|image_pad|>', '<|im_end|>']) assert.ok(tok.added_tokens.some((x) => x.content === t), t);
    const info = inspectModelFolder(a.dir, 'auto');
    assert.equal(info.dtype, 'q4', 'auto prefers a quantised set');
    assert.equal(inspectModelFolder(a.dir, 'fp32').dtype, 'fp32');
  } finally {
    a.cleanup();
    b.cleanup();
  }
});

test('bad folders are named with what to do', () => {
  const fx = tempFixture();
  try {
    fails(() => inspectModelFolder(path.join(fx.dir, 'nope')), /nope does not exist/, /phonebuddy\.model\.path/);
    fails(() => inspectModelFolder(path.join(fx.dir, 'config.json')), /is a file, not a model folder/, /config\.json and onnx/);
    fails(() => inspectModelFolder(fx.dir, 'q8'), /decoder_model_merged_quantized\.onnx/, /this folder has: fp32/);

    fs.writeFileSync(path.join(fx.dir, 'onnx', 'vision_encoder.onnx'), 'version https://git-lfs.github.com/spec/v1\n');
    fails(() => inspectModelFolder(fx.dir), /vision_encoder\.onnx is not an ONNX model/, /download or export it again/);
    fs.rmSync(path.join(fx.dir, 'onnx', 'vision_encoder.onnx'));
    fails(() => inspectModelFolder(fx.dir), /no complete set of ONNX graphs/, /missing onnx\/vision_encoder\.onnx/);
    writeFixture({ out: fx.dir });

    const cfg = path.join(fx.dir, 'config.json');
    fs.writeFileSync(cfg, JSON.stringify({ model_type: 'llama' }));
    fails(() => inspectModelFolder(fx.dir), /config\.json: model_type 'llama'/, /qwen3_5/);
    fs.writeFileSync(cfg, '{ "model_type": ');
    fails(() => inspectModelFolder(fx.dir), /config\.json is not valid JSON/, /download it again/);
    writeFixture({ out: fx.dir });
    fs.rmSync(path.join(fx.dir, 'tokenizer.json'));
    fails(() => inspectModelFolder(fx.dir), /tokenizer\.json is missing/, /incomplete/);
  } finally {
    fx.cleanup();
  }
});

test('through the worker: a broken folder, a corrupt graph, an unreadable image and an over-long prompt fail the step with a clear error', async () => {
  const fx = tempFixture({ contextLength: 4500 });
  const missing = new ModelHost({ dir: path.join(fx.dir, 'missing') });
  const corruptDir = writeFixture({ out: path.join(path.dirname(fx.dir), 'corrupt') }).dir;
  const graph = path.join(corruptDir, 'onnx', 'decoder_model_merged.onnx');
  fs.writeFileSync(graph, fs.readFileSync(graph).subarray(0, 2000)); // truncated download
  const corrupt = new ModelHost({ dir: corruptDir });
  const host = new ModelHost({ dir: fx.dir });
  const msgs = buildMessages('x', 'data:,', []);
  try {
    await assert.rejects(missing.generate({ messages: msgs }), (e: unknown) => e instanceof ModelStepError && e.kind === 'folder' && /missing does not exist/.test(e.message));
    await assert.rejects(corrupt.generate({ messages: msgs }), (e: unknown) => e instanceof ModelStepError && /decoder_model_merged\.onnx/.test(e.message) && /again/.test(e.message));
    await assert.rejects(host.generate({ messages: msgs, image: new Uint8Array([1, 2, 3, 4]) }), (e: unknown) => e instanceof ModelStepError && e.kind === 'image' && /not an image the processor can read/.test(e.message));
    await assert.rejects(host.generate({ messages: msgs, image: await testScreenshot() }), (e: unknown) => e instanceof ModelStepError && e.kind === 'prompt-too-long' && /context of 4500/.test(e.message) && /maxPixels/.test(e.message));
    const ok = await host.generate({ messages: buildMessages('x', 'data:,', []).slice(0, 1), maxNewTokens: 2, stopAtToolCall: false });
    assert.equal(ok.completionTokens, 2, 'the worker still serves after bad requests');
    assert.equal(host.restarts, 0);
  } finally {
    await Promise.all([missing.close(), corrupt.close(), host.close()]);
    fx.cleanup();
  }
});
