// Fuzzing every validated message kit (src/protocol/validate.ts): webview ↔ host (device
// panel, trajectory viewer), worker ↔ host (model worker, export worker), runner threads,
// the trajectory write thread, bounded SQL, the AndroidWorld server's bodies. A kit answers
// any value with its declared outcome only (a result, or a ProtocolError), and what it
// accepts it accepts again unchanged (parsing is idempotent: nothing half-checked passes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FUZZ_BUDGET_MS, fuzz } from './kit';
import { valuesFor } from './schema-arbitrary';
import { ProtocolError, check, obj, str } from '../../../src/protocol/validate';
import { hostMessages, panelMessages, parseHostMessage, parsePanelMessage } from '../../../src/webview-protocol/device-panel';
import { parseTrajectoryHostMessage, parseViewerMessage, trajectoryHostMessages, viewerMessages } from '../../../src/webview-protocol/trajectory-viewer';
import type { Shapes } from '../../../src/webview-protocol/message-parser';
import * as modelWorker from '../../../src/model/worker-protocol';
import * as runnerThread from '../../../src/agent/runner/thread-messages';
import * as envThread from '../../../src/env/thread-messages';
import * as boundedSql from '../../../src/device/bounded-sql/messages';
import * as writeThread from '../../../src/trajectory/write-thread/messages';
import * as exportWorker from '../../../src/trajectory/export/worker-protocol';
import { AW_ACTION_TYPES, AW_DIRECTIONS, awResponses, validateAwAction } from '../../../src/device/androidworld/api';

const options = { timeout: FUZZ_BUDGET_MS };

/** Messages of a shape table: a known type with mostly fitting fields, or anything at all. */
function tableMessages(shapes: Shapes): fc.Arbitrary<unknown> {
  const known = fc.constantFrom(...Object.keys(shapes)).chain((type) => valuesFor(obj({ ...shapes[type], type: str() })).map((m) => (m && typeof m === 'object' && !Array.isArray(m) ? { ...m, type } : m)));
  return fc.oneof({ weight: 8, arbitrary: known }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) }, { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty') }) });
}

/** The webview kits answer with a result and never throw; what they accept, they accept again unchanged. */
function resultKit(name: string, parse: (raw: unknown) => { ok: true; message: unknown } | { ok: false; error: string }, shapes: Shapes): void {
  let accepted = 0;
  fuzz(name, tableMessages(shapes), (raw) => {
    const r = parse(raw);
    if (!r.ok) { assert.equal(typeof r.error, 'string'); return; }
    accepted++;
    const again = parse(r.message);
    assert.ok(again.ok, again.ok ? '' : again.error);
    assert.deepEqual(again.message, r.message);
  });
  console.log(`  ${name}: ${accepted} accepted`);
  assert.ok(accepted > 0, 'the generator reaches messages the kit accepts');
}

const isProtocolError = (e: unknown): boolean => e instanceof ProtocolError;
/** The runner thread's kit says the direction first: a plain Error 'invalid message to worker: …'. */
const isRunnerError = (e: unknown): boolean => e instanceof Error && /^invalid (worker init data|message (to|from) worker): \S/.test(e.message);
/** The environment service's session-thread kit, likewise. */
const isEnvThreadError = (e: unknown): boolean => e instanceof Error && /^invalid (session thread init data|message (to|from) session thread): \S/.test(e.message);

/** The thread/worker kits throw their declared error (ProtocolError unless said) and nothing else. */
function throwingKit(name: string, parse: (raw: unknown) => unknown, arb: fc.Arbitrary<unknown>, declared = isProtocolError): number {
  let accepted = 0;
  fuzz(name, arb, (raw) => {
    let out: unknown;
    try { out = parse(raw); } catch (e) { if (declared(e)) return; throw e; }
    accepted++;
    assert.deepEqual(parse(out), out);
  });
  console.log(`  ${name}: ${accepted} accepted`);
  return accepted;
}

test('fuzz: device panel messages, both ways', options, () => {
  resultKit('panel → host', parsePanelMessage, panelMessages);
  resultKit('host → panel', parseHostMessage, hostMessages);
});

test('fuzz: trajectory viewer messages, both ways', options, () => {
  resultKit('viewer → host', parseViewerMessage, viewerMessages);
  resultKit('host → viewer', parseTrajectoryHostMessage, trajectoryHostMessages);
});

test('fuzz: model worker, export worker, runner thread, env session thread, write thread and bounded SQL messages', options, () => {
  const kits: [string, (raw: unknown) => unknown, unknown, ((e: unknown) => boolean)?][] = [
    ['host → model worker', modelWorker.checkToWorker, modelWorker.toWorker],
    ['model worker → host', modelWorker.checkFromWorker, modelWorker.fromWorker],
    ['model load options', modelWorker.checkLoadOptions, modelWorker.loadOptions],
    ['host → export worker', exportWorker.checkToExportWorker, exportWorker.toWorker],
    ['export worker → host', exportWorker.checkFromExportWorker, exportWorker.fromWorker],
    ['runner thread init', runnerThread.checkWorkerInit, runnerThread.workerInit, isRunnerError],
    ['host → runner thread', runnerThread.checkToWorker, runnerThread.toWorker, isRunnerError],
    ['runner thread → host', runnerThread.checkFromWorker, runnerThread.fromWorker, isRunnerError],
    ['env session thread init', envThread.checkEnvThreadInit, envThread.envThreadInit, isEnvThreadError],
    ['env server → session thread', envThread.checkToEnvThread, envThread.toEnvThread, isEnvThreadError],
    ['env session thread → server', envThread.checkFromEnvThread, envThread.fromEnvThread, isEnvThreadError],
    ['write thread request', writeThread.checkSyncRequest, writeThread.syncRequest],
    ['write thread response', writeThread.checkSyncResponse, writeThread.syncResponse],
    ['bounded SQL request', boundedSql.checkQueryRequest, boundedSql.queryRequest],
    ['bounded SQL response', boundedSql.checkQueryResponse, boundedSql.queryResponse],
  ];
  for (const [name, parse, schema, declared] of kits) {
    const accepted = throwingKit(name, parse, fc.oneof({ weight: 9, arbitrary: valuesFor(schema) }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) }), declared);
    assert.ok(accepted > 0, `${name}: the generator reaches messages the kit accepts`);
  }
});

test('fuzz: AndroidWorld server bodies (JSONAction requests, responses)', options, () => {
  const nullishOf = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null, freq: 3 });
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.record({
      action_type: fc.oneof(fc.constantFrom(...AW_ACTION_TYPES), fc.string({ maxLength: 6 })),
      index: nullishOf(fc.integer()), x: nullishOf(fc.oneof(fc.integer(), fc.double())), y: nullishOf(fc.integer()), x2: nullishOf(fc.integer()), y2: nullishOf(fc.integer()),
      duration: nullishOf(fc.integer()), text: nullishOf(fc.string({ maxLength: 10 })), direction: nullishOf(fc.constantFrom(...AW_DIRECTIONS, 'sideways')),
      goal_status: nullishOf(fc.string({ maxLength: 5 })), app_name: nullishOf(fc.string({ maxLength: 5 })), keycode: nullishOf(fc.string({ maxLength: 5 })),
      clear_text: nullishOf(fc.oneof(fc.boolean(), fc.constant('yes'))), extra: fc.anything({ maxDepth: 1 }),
    }, { requiredKeys: ['action_type'] }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
  let accepted = 0;
  fuzz('AndroidWorld JSONAction', body, (raw) => {
    const r = validateAwAction(raw);
    if (!r.ok) { assert.match(r.error, /\S/); return; }
    accepted++;
    for (const v of Object.values(r.action)) assert.notEqual(v, null, 'nulls are dropped');
    const again = validateAwAction(r.action);
    assert.ok(again.ok);
    assert.deepEqual(again.action, r.action);
  });
  assert.ok(accepted > 0);
  for (const [name, schema] of Object.entries(awResponses)) {
    fuzz(`AndroidWorld ${name} response`, valuesFor(schema), (raw) => {
      const r = check(schema, raw, name);
      if (r.ok) assert.ok(check(schema, r.value, name).ok);
      else assert.equal(typeof r.error, 'string');
    }, { runs: 2_500 });
  }
});
