// Local model benchmarks (issue #13), all measured side by side in this one run:
// 1. Worker overhead: time-to-first-token and decode tokens/s of the fixture model through the
//    worker thread (ModelHost) vs the same engine called directly in this process, timed the
//    same way from outside, in ABBA pairs, reported as the median of the paired ratios.
// 2. Preprocessing a 1080×2400 screenshot at three max-pixels caps: the fast path (sharp +
//    typed arrays) vs transformers.js's Qwen2VLImageProcessor, as a ratio.
// 3. What 0.8B would do on this CPU: onnxruntime's measured fp32 MatMul throughput (a GEMM
//    graph built with the fixture's ONNX writer) and the measured memory bandwidth, turned
//    into prefill and decode estimates (compute-bound prefill, bandwidth-bound decode).
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { median, report, round, type BenchRow } from './report';
import { ModelEngine, type GenerateResult } from '../src/model/engine';
import { ModelHost } from '../src/model/host';
import { preprocessImage, visionConfigFrom } from '../src/model/preprocess';
import { GraphBuilder } from '../src/model/fixture/onnx-proto';
import { buildMessages } from '../src/protocol/messages';
import { tempFixture, testScreenshot } from '../src/model/testing/fixture';

const TOKENS = 128;
const PAIRS = Number(process.env.MODEL_BENCH_PAIRS ?? 9);

interface Timed { ttft: number; total: number; tokens: number }

/** Times one generation from outside, the same way for both paths: first streamed text, then the result. */
async function timed(run: (onText: () => void) => Promise<{ completionTokens: number }>): Promise<Timed> {
  const started = performance.now();
  let ttft = 0;
  const r = await run(() => { if (!ttft) ttft = performance.now() - started; });
  return { ttft, total: performance.now() - started, tokens: r.completionTokens };
}

async function workerOverhead(dir: string, shot: Uint8Array): Promise<BenchRow[]> {
  const cap = 200_704;
  const engine = await ModelEngine.load({ dir, maxPixels: cap });
  const host = new ModelHost({ dir, maxPixels: cap });
  await host.load();
  const messages = buildMessages('Open the Wi-Fi settings', 'phonebuddy:screenshot', []);
  const req = { messages, image: shot, maxNewTokens: TOKENS, stopAtToolCall: false };
  const runDirect = (): Promise<Timed> => timed((onText) => engine.generate({ ...req, onText }));
  const runWorker = (): Promise<Timed> => timed((onText) => host.generate({ ...req, onText }));
  const direct: Timed[] = [];
  const worker: Timed[] = [];
  const phases: GenerateResult[] = [];
  // Pairs in ABBA order, so drift in the machine's load falls on both paths alike; on a
  // shared 2-core machine the per-pair ratio is far steadier than a ratio of two medians.
  for (let i = 0; i < PAIRS + 2; i++) {
    const order = i % 2 === 0 ? [runDirect, runWorker] : [runWorker, runDirect];
    const [a, b] = [await order[0](), await order[1]()];
    const [d, w] = i % 2 === 0 ? [a, b] : [b, a];
    if (i < 2) continue; // warm-up
    direct.push(d);
    worker.push(w);
  }
  phases.push(await engine.generate(req));
  await host.close();
  await engine.dispose();
  const tps = (r: Timed): number => (r.tokens - 1) / ((r.total - r.ttft) / 1000);
  const ttftRatio = median(worker.map((w, i) => w.ttft / direct[i].ttft));
  const tpsRatio = median(worker.map((w, i) => tps(direct[i]) / tps(w)));
  const p = phases[0];
  return [
    { metric: 'fixture TTFT, direct (in process)', value: median(direct.map((r) => r.ttft)), unit: 'ms', note: `${p.promptTokens}-token prompt, 1080×2400 capped at ${cap} px; ${PAIRS} ABBA pairs` },
    { metric: 'fixture TTFT, through the worker', value: median(worker.map((r) => r.ttft)), unit: 'ms' },
    { metric: 'worker TTFT overhead (median of paired ratios)', value: (ttftRatio - 1) * 100, unit: '%', target: '<= 5 %' },
    { metric: 'fixture decode, direct', value: median(direct.map(tps)), unit: 'tokens/s', note: `${TOKENS} tokens` },
    { metric: 'fixture decode, through the worker', value: median(worker.map(tps)), unit: 'tokens/s', note: 'text batched to one message per 16 ms' },
    { metric: 'worker throughput overhead (median of paired ratios)', value: (tpsRatio - 1) * 100, unit: '%', target: '<= 5 %', note: `of a ${round(median(p.timings.decode))} ms/token toy decode` },
    { metric: 'fixture phases: preprocess / vision / prefill', value: p.timings.preprocess, unit: 'ms', note: `vision ${round(p.timings.visionEncoder)} ms, prefill ${round(p.timings.prefill)} ms, decode ${round(median(p.timings.decode))} ms/token` },
  ];
}

async function preprocessing(dir: string, shot: Uint8Array): Promise<BenchRow[]> {
  const tf = await import('@huggingface/transformers');
  tf.env.allowRemoteModels = false;
  const proc = (await tf.AutoProcessor.from_pretrained(dir)) as unknown as { image_processor: { max_pixels: number; (img: unknown): Promise<unknown> } };
  const folderCfg = JSON.parse(fs.readFileSync(path.join(dir, 'preprocessor_config.json'), 'utf8')) as Record<string, unknown>;
  const rows: BenchRow[] = [];
  for (const cap of [200_704, 1_003_520, 16_777_216]) {
    const cfg = visionConfigFrom(folderCfg, cap);
    let scratch: Float32Array | undefined;
    const fast: number[] = [];
    const lib: number[] = [];
    const runs = cap > 2_000_000 ? 3 : 5;
    for (let i = 0; i < runs + 1; i++) {
      let t = performance.now();
      const p = await preprocessImage(shot, cfg, scratch);
      scratch = p.pixelValues;
      const f = performance.now() - t;
      proc.image_processor.max_pixels = cap;
      t = performance.now();
      await proc.image_processor(await tf.RawImage.fromBlob(new Blob([new Uint8Array(shot)])));
      const l = performance.now() - t;
      if (i === 0) continue;
      fast.push(f);
      lib.push(l);
    }
    const tokens = (await preprocessImage(shot, cfg)).imageTokens;
    rows.push(
      { metric: `preprocess 1080×2400 cap ${cap}: fast path`, value: median(fast), unit: 'ms', target: cap > 2_000_000 ? '<= 150 ms' : undefined, note: `${tokens} visual tokens` },
      { metric: `preprocess 1080×2400 cap ${cap}: library`, value: median(lib), unit: 'ms' },
      { metric: `preprocess cap ${cap}: library / fast`, value: median(lib) / median(fast), unit: 'x' },
    );
  }
  return rows;
}

/** fp32 GEMM throughput of onnxruntime on this machine (GFLOP/s) and memory read bandwidth (GB/s). */
async function machine(): Promise<{ gflops: number; gbps: number }> {
  const ort = await import('onnxruntime-node');
  const M = 512, K = 2048, N = 2048;
  const g = new GraphBuilder('gemm');
  g.input('x', 'float32', [M, K]);
  const w = g.init('w', 'float32', [K, N], new Float32Array(K * N).fill(0.001));
  g.op('MatMul', ['x', w], {}, 'y');
  g.output('y', 'float32', [M, N]);
  const session = await ort.InferenceSession.create(g.model());
  const x = new ort.Tensor('float32', new Float32Array(M * K).fill(1), [M, K]);
  const times: number[] = [];
  for (let i = 0; i < 8; i++) {
    const t = performance.now();
    await session.run({ x });
    if (i >= 2) times.push(performance.now() - t);
  }
  await session.release();
  const gflops = (2 * M * K * N) / (median(times) / 1000) / 1e9;
  const big = new Float32Array(64 * 1024 * 1024).fill(1); // 256 MiB
  const reads: number[] = [];
  for (let r = 0; r < 4; r++) {
    const t = performance.now();
    let s = 0;
    for (let i = 0; i < big.length; i += 4) s += big[i] + big[i + 1] + big[i + 2] + big[i + 3];
    if (s < 0) console.log(s);
    reads.push(performance.now() - t);
  }
  return { gflops, gbps: big.byteLength / (median(reads) / 1000) / 1e9 };
}

async function extrapolation(): Promise<BenchRow[]> {
  const { gflops, gbps } = await machine();
  // PhoneBuddy-0.8B (Qwen3.5-0.8B): ≈0.8 B parameters in total; the language model does
  // 2 FLOPs per parameter per token; a q4 export reads ≈0.55 bytes per parameter per decoded
  // token (4-bit weights + scales, embeddings in 8 bit), a q8 export ≈1.1.
  const params = 0.8e9;
  const prefillTps = (gflops * 1e9) / (2 * params);
  const visual = 980; // a 1080×2400 screenshot capped at 1,003,520 px
  const promptTokens = visual + 1200; // system prompt ≈1.1 k real-tokenizer tokens + instruction/history
  const thoughtTokens = 150;
  const decodeQ4 = (gbps * 1e9) / (params * 0.55);
  const decodeQ8 = (gbps * 1e9) / (params * 1.1);
  const stepQ4 = promptTokens / prefillTps + thoughtTokens / decodeQ4;
  return [
    { metric: 'onnxruntime fp32 MatMul throughput (this CPU)', value: gflops, unit: 'GFLOP/s', note: `${os.cpus().length} cores` },
    { metric: 'memory read bandwidth (this CPU, one thread)', value: gbps, unit: 'GB/s' },
    { metric: '0.8B estimate: prefill (compute-bound)', value: prefillTps, unit: 'tokens/s', note: 'upper bound: real kernels for quantised weights run below fp32 GEMM peak' },
    { metric: '0.8B estimate: decode q4 (bandwidth-bound)', value: decodeQ4, unit: 'tokens/s', note: `q8: ${round(decodeQ8)} tokens/s` },
    { metric: '0.8B estimate: one step (2.2k prompt + 150 tokens, q4)', value: stepQ4, unit: 's', note: '4B: ×5 (prefill) to ×5 (decode)' },
  ];
}

async function main(): Promise<void> {
  const load = os.loadavg().map((x) => round(x)).join(' ');
  const fx = tempFixture();
  try {
    const shot = await testScreenshot(1080, 2400);
    const rows = [...await workerOverhead(fx.dir, shot), ...await preprocessing(fx.dir, shot), ...await extrapolation()];
    rows.push({ metric: 'load average during the run (1/5/15 min)', value: os.loadavg()[0], unit: '', note: `at start ${load}, end ${os.loadavg().map((x) => round(x)).join(' ')}` });
    report('model', rows);
  } finally {
    fx.cleanup();
  }
}

void main();
