import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFakeDevice, MESSAGES_SCHEMA } from '../testing/fake-device';
import { SAMPLE_XML } from '../testing/sample-ui';
import type { VerifierDef } from '../model';
import type { EpisodeOutcome } from '../runnable';
import { evaluateVerifiers } from './evaluate';
import { firstNumber } from './answer';

const MSG = 'com.phonebuddy.messages';

async function setup() {
  const device = await createFakeDevice({ [MSG]: MESSAGES_SCHEMA }, SAMPLE_XML);
  device.execSql(MSG, "INSERT INTO messages(address, body, type, ts) VALUES ('555-0101', 'See you at 5', 'sent', 10), ('555-0102', 'Lunch?', 'inbox', 20), ('555-0101', 'ok', 'sent', 30)");
  return device;
}

const noOutcome: EpisodeOutcome = { steps: [], terminatedBy: 'finish' };

async function run(verify: VerifierDef | VerifierDef[], outcome: EpisodeOutcome = noOutcome, params: Record<string, unknown> = {}, trusted = true) {
  const device = await setup();
  return evaluateVerifiers(verify, { device, outcome, context: { trusted }, params });
}

test('sql rules shorthand: every operator, present/absent/count', async () => {
  const rule = (field: string, operator: string, value: unknown, expect = 'present') =>
    ({ sql: { app: MSG, table: 'messages', where: [{ field, operator, value }], expect } }) as VerifierDef;
  const cases: [VerifierDef, boolean][] = [
    [rule('body', '==', 'Lunch?'), true],
    [rule('body', '==', 'nope'), false],
    [rule('type', '!=', 'sent', 'count 1'), true],
    [rule('ts', '>', 20, 'count 1'), true],
    [rule('ts', '<', 20, 'count 1'), true],
    [rule('ts', '>=', 20, 'count 2'), true],
    [rule('ts', '<=', 20, 'count 2'), true],
    [rule('body', 'LIKE', '%you%'), true],
    [rule('address', 'IN', ['555-0102', '555-9999'], 'count 1'), true],
    [rule('body', '==', 'ok', 'absent'), false],
    [rule('body', '==', 'gone', 'absent'), true],
    [rule('address', '==', '555-0101', 'count 3'), false],
  ];
  for (const [v, want] of cases) {
    const r = await run(v);
    assert.equal(r.passed, want, `${JSON.stringify(v)} → ${r.results[0].reason}`);
    assert.equal(typeof r.results[0].reason, 'string');
  }
});

test('sql params are bound (a quote in a value cannot break out) and {param} fills rule values', async () => {
  const v: VerifierDef = { sql: { app: MSG, table: 'messages', where: [{ field: 'body', operator: 'LIKE', value: '%{word}%' }], expect: 'count 1' } };
  assert.equal((await run(v, noOutcome, { word: 'you' })).passed, true);
  assert.equal((await run(v, noOutcome, { word: "x' OR '1'='1" })).passed, false);
  const q: VerifierDef = { sql: { app: MSG, query: 'SELECT count(*) AS n FROM messages WHERE address = :who', expect: 'row.n == 2 && count == 1' } };
  const r = await run(q, noOutcome, { who: '555-0101' });
  assert.equal(r.passed, true, r.results[0].reason);
  assert.deepEqual((r.results[0].observed as { rows: unknown[] }).rows, [{ n: 2 }]);
  assert.equal((await run(q, noOutcome, { who: "555-0101' --" })).passed, false);
});

test('sql query expectations in CEL: rows, params, non-boolean and failing queries', async () => {
  const ok = await run({ sql: { app: MSG, query: 'SELECT body FROM messages ORDER BY ts', expect: "rows.size() == 3 && rows[0].body == params.first" } }, noOutcome, { first: 'See you at 5' });
  assert.equal(ok.passed, true, ok.results[0].reason);
  const notBool = await run({ sql: { app: MSG, query: 'SELECT 1 AS x', expect: 'row.x' } });
  assert.match(notBool.results[0].reason, /not true\/false/);
  const bad = await run({ sql: { app: MSG, query: 'SELECT * FROM nope' } });
  assert.equal(bad.passed, false);
  assert.match(bad.results[0].reason, /no such table/);
  const defaultExpect = await run({ sql: { app: MSG, query: "SELECT * FROM messages WHERE body = 'ok'" } });
  assert.equal(defaultExpect.passed, true);
});

test('ui verifiers: exists, absent, checked, unchecked, selected, unselected', async () => {
  const cases: [VerifierDef, boolean][] = [
    [{ ui: { text: 'Wi-Fi' } }, true],
    [{ ui: { text: 'Bluetooth' } }, false],
    [{ ui: { text: 'Bluetooth', state: 'absent' } }, true],
    [{ ui: { 'resource-id': 'wifi_switch', state: 'checked' } }, true],
    [{ ui: { 'content-desc': 'Wi-Fi', state: 'unchecked' } }, false],
    [{ ui: { 'text-contains': 'Pay', state: 'selected' } }, true],
    [{ ui: { class: 'android.widget.Button', state: 'unselected' } }, false],
    [{ ui: { text: '{label}', instance: 1 } }, true],
  ];
  for (const [v, want] of cases) assert.equal((await run(v, noOutcome, { label: 'Wi-Fi' })).passed, want, JSON.stringify(v));
});

test('answer verifiers: contains, equals, regex, number within tolerance, ignore_case', async () => {
  const o = (answer?: string): EpisodeOutcome => ({ ...noOutcome, ...(answer !== undefined ? { answer } : {}) });
  assert.equal((await run({ answer: { contains: '{city}' } }, o('It is in Paris.'), { city: 'Paris' })).passed, true);
  assert.equal((await run({ answer: { contains: 'paris', ignore_case: true } }, o('PARIS'))).passed, true);
  assert.equal((await run({ answer: { contains: 'paris' } }, o('PARIS'))).passed, false);
  assert.equal((await run({ answer: { equals: '42' } }, o(' 42 '))).passed, true);
  assert.equal((await run({ answer: { regex: '^\\d{3}-\\d{4}$' } }, o('555-0101'))).passed, true);
  assert.equal((await run({ answer: { number: 149.5, tolerance: 0.5 } }, o('The price is ¥149 per night'))).passed, true);
  assert.equal((await run({ answer: { number: 150 } }, o('about 1,150 yuan'))).passed, false);
  assert.equal((await run({ answer: { number: '{n}' } }, o('3 unread'), { n: 3 })).passed, true);
  const none = await run({ answer: { contains: 'x' } }, o());
  assert.match(none.results[0].reason, /no answer/);
  assert.equal(firstNumber('共１２３元'), 123);
});

test('shell verifiers run only when trusted, with params quoted', async () => {
  const device = await setup();
  device.shellOutputs.set('settings get global airplane_mode_on', { stdout: '1\n', exitCode: 0 });
  const v: VerifierDef = { shell: { command: 'settings get global airplane_mode_on', equals: '1' } };
  const ok = await evaluateVerifiers(v, { device, outcome: noOutcome, context: { trusted: true } });
  assert.equal(ok.passed, true, ok.results[0].reason);
  const untrusted = await evaluateVerifiers(v, { device, outcome: noOutcome, context: { trusted: false } });
  assert.equal(untrusted.passed, false);
  assert.equal(untrusted.results[0].skipped, true);
  assert.match(untrusted.results[0].reason, /untrusted workspace/);
  await evaluateVerifiers({ shell: { command: 'echo {x}', contains: 'a' } }, { device, outcome: noOutcome, context: { trusted: true }, params: { x: 'a; rm -rf /' } });
  assert.equal(device.shellLog.at(-1), "echo 'a; rm -rf /'");
  assert.equal(device.shellLog.length, 2, 'the untrusted run never reached the shell');
});

test('trajectory verifiers: must call, must not call, must not tap, step limit', async () => {
  const outcome: EpisodeOutcome = {
    terminatedBy: 'finish',
    steps: [
      { tool: 'open_app', args: { app: 'x' } },
      { tool: 'click', args: { points: [[500, 950]] }, targetNode: { text: 'Pay ¥120', class: 'android.widget.Button' } },
      { tool: 'finish', args: { text: 'done' } },
    ],
  };
  assert.equal((await run({ trajectory: { must_call: ['open_app', 'finish'] } }, outcome)).passed, true);
  assert.equal((await run({ trajectory: { must_call: ['type'] } }, outcome)).passed, false);
  assert.equal((await run({ trajectory: { must_not_call: ['type'] } }, outcome)).passed, true);
  const tapped = await run({ trajectory: { must_not_tap: { 'text-contains': 'Pay' } } }, outcome);
  assert.equal(tapped.passed, false);
  assert.match(tapped.results[0].reason, /tapped text-contains="Pay" at step 2/);
  assert.equal((await run({ trajectory: { must_not_tap: { text: 'Cancel' } } }, outcome)).passed, true);
  assert.equal((await run({ trajectory: { max_steps: 2 } }, outcome)).passed, false);
  assert.equal((await run({ trajectory: { max_steps: 3 } }, outcome)).passed, true);
});

test('combinators all / any / not, lists as all, weighted sub-goal score', async () => {
  const yes: VerifierDef = { ui: { text: 'Wi-Fi' } };
  const no: VerifierDef = { ui: { text: 'Nope' } };
  assert.equal((await run({ all: [yes, yes] })).passed, true);
  assert.equal((await run({ all: [yes, no] })).passed, false);
  assert.equal((await run({ any: [no, yes] })).passed, true);
  assert.equal((await run({ any: [no, no] })).passed, false);
  assert.equal((await run({ not: no })).passed, true);
  assert.equal((await run({ not: yes })).passed, false);
  assert.equal((await run([yes, no])).passed, false);
  const weighted = await run({ all: [{ ...yes, weight: 3 }, { ...no, weight: 1 }] });
  assert.equal(weighted.passed, false);
  assert.equal(weighted.score, 0.75);
  assert.deepEqual(weighted.results[0].children!.map((c) => c.path), ['verify.all[0]', 'verify.all[1]']);
  assert.equal((await run({ all: [yes, yes] })).score, 1);
  const named = await run({ name: 'wifi label', ...no });
  assert.match(named.results[0].reason, /^wifi label: /);
});

test('trajectory rules: never opened a package, text typed only inside its app (even if undone later)', async () => {
  const outcome: EpisodeOutcome = {
    terminatedBy: 'finish',
    steps: [
      { tool: 'open_app', args: { app: 'com.phonebuddy.notes' }, foregroundApp: 'com.phonebuddy.launcher' },
      { tool: 'type', args: { text: 'pw hunter2' }, foregroundApp: 'com.phonebuddy.notes' },
      { tool: 'click', args: { points: [[1, 1]] }, foregroundApp: 'com.phonebuddy.shop' },
      { tool: 'type', args: { text: 'hunter2' }, foregroundApp: 'com.phonebuddy.messages' },
    ],
  };
  assert.equal((await run({ trajectory: { must_not_open: ['com.phonebuddy.travel'] } }, outcome)).passed, true);
  const shop = await run({ trajectory: { must_not_open: ['com.phonebuddy.shop'] } }, outcome);
  assert.match(shop.results[0].reason, /opened com\.phonebuddy\.shop at step 3/);
  const leak = await run({ trajectory: { typed_only_in: { text: '{pw}', apps: ['com.phonebuddy.notes'] } } }, outcome, { pw: 'hunter2' });
  assert.equal(leak.passed, false);
  assert.match(leak.results[0].reason, /typed "hunter2" in com\.phonebuddy\.messages at step 4/);
});

test('answer expected from a named query (queries:): the first column or a named column of its first row', async () => {
  const queries = { newest_sent: { app: MSG, query: "SELECT ts, body FROM messages WHERE type = 'sent' ORDER BY ts DESC LIMIT 1" }, none: { app: MSG, query: "SELECT body FROM messages WHERE body = 'never'" } };
  const device = await setup();
  const verify = (answer: VerifierDef['answer'], text = 'the last one said ok') => evaluateVerifiers({ answer }, { device, outcome: { ...noOutcome, answer: text }, context: { trusted: true }, queries });
  const byColumn = await verify({ expected: { named: 'newest_sent', column: 'body' }, match: 'contains' });
  assert.equal(byColumn.passed, true, byColumn.results[0].reason);
  assert.equal((await verify({ expected: { named: 'newest_sent', column: 'body' } }, 'it said See you at 5')).passed, false, 'an older message is not the answer');
  // Without column: the first column (ts = 30), compared as a number.
  assert.equal((await verify({ expected: { named: 'newest_sent' }, match: 'number' }, 'at 30')).passed, true);
  const misspelt = await verify({ expected: { named: 'newest_snt' } });
  assert.equal(misspelt.passed, false);
  assert.match(misspelt.error ?? '', /no named query 'newest_snt' \(queries: newest_sent, none\)/);
  assert.match((await verify({ expected: { named: 'none' } })).error ?? '', /the named query 'none' returned no value/);
  assert.match((await verify({ expected: { named: 'newest_sent', column: 'bdy' } })).error ?? '', /has no column 'bdy' \(columns: ts, body\)/);
});

test('a failed SQL verdict over rows that were there before the episode says so and shows them', async () => {
  const device = await setup();
  const verify: VerifierDef = { sql: { app: MSG, query: "SELECT address, body FROM messages WHERE address = '555-0101'", expect: 'count == 1' } };
  const { captureBefore } = await import('./evaluate');
  const before = await captureBefore(device, verify, {});
  // The agent sends one more message to 555-0101: the seeded two were already there.
  device.execSql(MSG, "INSERT INTO messages(address, body, type, ts) VALUES ('555-0101', 'On my way', 'sent', 40)");
  const r = await evaluateVerifiers(verify, { device, outcome: noOutcome, context: { trusted: true }, params: {}, before });
  assert.equal(r.passed, false);
  const reason = r.results[0].reason;
  assert.match(reason, /`count == 1` is false with 3 rows; 2 of these 3 were already in the app's data before the episode/);
  assert.match(reason, /"body":"See you at 5"/);
  assert.doesNotMatch(reason, /On my way/, 'the agent\'s own row is not among them');
  // Passing verdicts and verdicts over only new rows say nothing more.
  const fresh = await evaluateVerifiers({ sql: { app: MSG, query: "SELECT body FROM messages WHERE body = 'On my way'", expect: 'count == 2' } }, { device, outcome: noOutcome, context: { trusted: true }, params: {}, before });
  assert.doesNotMatch(fresh.results[0].reason, /already/);
});
