import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildMessages, instructionText } from '../protocol/messages';
import { SYSTEM_PROMPT } from '../protocol/system-prompt';
import { parseModelOutput } from '../protocol/parse';
import type { HistoryStep } from '../protocol/history';
import { ModelHost, ModelStepError } from './host';
import { CLICK_SCRIPT, tempFixture, testScreenshot } from './testing/fixture';

const history: HistoryStep[] = [{ thought: 'Open the app first.', call: { name: 'open_app', args: { app: 'Settings' } } }];

test('the fixture runs through the worker on the real path: load once, 1080×2400 screenshot, streamed tool call, many steps', async () => {
  const fx = tempFixture({ script: CLICK_SCRIPT });
  const host = new ModelHost({ dir: fx.dir, maxPixels: 200_704 });
  try {
    const info = await host.load();
    assert.equal(info.modelType, 'qwen3_5');
    assert.equal(info.dtype, 'fp32');
    const shot = await testScreenshot();
    for (let step = 0; step < 3; step++) {
      const deltas: string[] = [];
      const r = await host.generate({ messages: buildMessages('Open Wi-Fi settings', 'data:image/jpeg;base64,AAAA', step ? history : []), image: shot, onText: (d) => deltas.push(d) });
      assert.equal(r.text, CLICK_SCRIPT);
      assert.equal(deltas.join(''), CLICK_SCRIPT, 'the streamed text adds up to the answer');
      // The worker batches text to one message per 16 ms (text-batcher.ts): at least the first
      // delta alone, then the rest — more pieces when decoding is slower.
      assert.ok(deltas.length >= 2, `streamed, not sent at the end only (${deltas.length} pieces)`);
      assert.equal(r.finishReason, 'tool_call');
      assert.ok(r.imageTokens > 100 && r.imageTokens <= 200_704 / 1024, `capped screenshot tokens: ${r.imageTokens}`);
      assert.ok(r.timings.prefill > 0 && r.timings.visionEncoder > 0 && r.timings.preprocess > 0);
      assert.equal(r.timings.decode.length, r.completionTokens - 1);
      const parsed = parseModelOutput({ content: r.text });
      assert.ok(parsed.ok && parsed.call.name === 'click');
    }
    assert.equal(host.restarts, 0, 'one load served every step');
    assert.ok(host.lastMemory && host.lastMemory.rss > 0, 'memory is reported');
  } finally {
    await host.close();
    fx.cleanup();
  }
});

test('random weights generate exactly N tokens when nothing stops them (max-token limit)', async () => {
  const fx = tempFixture();
  const host = new ModelHost({ dir: fx.dir, maxPixels: 65_536 });
  try {
    const r = await host.generate({ messages: buildMessages('x', 'data:,', []), image: await testScreenshot(400, 800), maxNewTokens: 12, stopAtToolCall: false });
    assert.equal(r.completionTokens, 12);
    assert.equal(r.finishReason, 'length');
  } finally {
    await host.close();
    fx.cleanup();
  }
});

test('cancel stops the decode loop and rejects with the abort reason; the next step still works', async () => {
  const fx = tempFixture();
  const host = new ModelHost({ dir: fx.dir, maxPixels: 65_536 });
  try {
    const shot = await testScreenshot(400, 800);
    const ac = new AbortController();
    let pieces = 0;
    const started = Date.now();
    const p = host.generate({ messages: buildMessages('x', 'data:,', []), image: shot, maxNewTokens: 5000, stopAtToolCall: false, signal: ac.signal, onText: () => { if (++pieces === 5) ac.abort(new Error('stopped by the user')); } });
    await assert.rejects(p, /stopped by the user/);
    assert.ok(pieces < 200, `stopped soon after cancel (${pieces} pieces, ${Date.now() - started} ms)`);
    assert.equal(host.restarts, 0, 'a cooperative cancel needs no restart');
    const r = await host.generate({ messages: buildMessages('x', 'data:,', []), image: shot, maxNewTokens: 3, stopAtToolCall: false });
    assert.equal(r.completionTokens, 3);
  } finally {
    await host.close();
    fx.cleanup();
  }
});

test('a crashing worker fails the step with a clear error and is restarted for the next step', async () => {
  const fx = tempFixture({ script: CLICK_SCRIPT });
  const host = new ModelHost({ dir: fx.dir, maxPixels: 65_536, allowTestFaults: true });
  try {
    const shot = await testScreenshot(400, 800);
    await host.load();
    const p = host.generate({ messages: buildMessages('x', 'data:,', []), image: shot, maxNewTokens: 4000, stopAtToolCall: false });
    host.injectFault('exit');
    await assert.rejects(p, (e: unknown) => e instanceof ModelStepError && e.kind === 'crash' && /exited unexpectedly.*restarted/.test(e.message));
    assert.equal(host.restarts, 1);
    const r = await host.generate({ messages: buildMessages('x', 'data:,', []), image: shot });
    assert.equal(r.text, CLICK_SCRIPT, 'the restarted worker answers');
  } finally {
    await host.close();
    fx.cleanup();
  }
});

test('a runaway worker is terminated at the step time limit and restarted', async () => {
  const fx = tempFixture({ script: CLICK_SCRIPT });
  const host = new ModelHost({ dir: fx.dir, maxPixels: 65_536, allowTestFaults: true, stepTimeoutMs: 6000 });
  try {
    const shot = await testScreenshot(400, 800);
    await host.load();
    host.injectFault('hang');
    const started = Date.now();
    await assert.rejects(host.generate({ messages: buildMessages('x', 'data:,', []), image: shot }), (e: unknown) => e instanceof ModelStepError && e.kind === 'timeout' && /longer than 6000 ms/.test(e.message));
    assert.ok(Date.now() - started < 20_000);
    assert.equal(host.restarts, 1);
    const r = await host.generate({ messages: buildMessages('x', 'data:,', []), image: shot });
    assert.equal(r.text, CLICK_SCRIPT);
  } finally {
    await host.close();
    fx.cleanup();
  }
});

test('the step time limit ends a long generation with ONNX runs in flight, and the process survives the restart', async () => {
  const fx = tempFixture();
  const host = new ModelHost({ dir: fx.dir, maxPixels: 65_536, stepTimeoutMs: 1500 });
  try {
    const shot = await testScreenshot(400, 800);
    await host.load();
    await assert.rejects(host.generate({ messages: buildMessages('x', 'data:,', []), image: shot, maxNewTokens: 20_000, stopAtToolCall: false }), (e: unknown) => e instanceof ModelStepError && e.kind === 'timeout');
    const r = await host.generate({ messages: buildMessages('x', 'data:,', []), image: shot, maxNewTokens: 2, stopAtToolCall: false });
    assert.equal(r.completionTokens, 2);
    assert.equal(host.restarts, 1);
  } finally {
    await host.close();
    fx.cleanup();
  }
});

test('the memory limit ends a step that exceeds it, with the figure in the error', async () => {
  const fx = tempFixture({ script: CLICK_SCRIPT });
  const host = new ModelHost({ dir: fx.dir, maxRssMb: 1 });
  try {
    await assert.rejects(host.generate({ messages: buildMessages('x', 'data:,', []), image: await testScreenshot() }), (e: unknown) => e instanceof ModelStepError && e.kind === 'memory' && /MB of memory \(limit 1 MB/.test(e.message));
  } finally {
    await host.close();
    fx.cleanup();
  }
});

test('the rendered prompt holds exactly the protocol text: system prompt, instruction and history', async () => {
  const { ModelEngine } = await import('./engine');
  const fx = tempFixture();
  try {
    const engine = await ModelEngine.load({ dir: fx.dir });
    const messages = buildMessages('Turn on Wi-Fi', 'data:,', history);
    const prompt = engine.renderPrompt(messages);
    const user = `${SYSTEM_PROMPT}<|vision_start|><|image_pad|><|vision_end|>${instructionText('Turn on Wi-Fi', history)}`;
    assert.equal(prompt, `<|im_start|>system\n<|im_end|>\n<|im_start|>user\n${user}<|im_end|>\n<|im_start|>assistant\n<think>\n`);
    assert.ok(prompt.includes('# History of Previous Actions\n- Step 1:\nThought: Open the app first.\nAction: open_app({"app": "Settings"})'));
    await engine.dispose();
  } finally {
    fx.cleanup();
  }
});
