// The red-team corpus: flawed verifiers a careful author might write, each beside its
// corrected version (test/fixtures/flawed-verifiers/, one suite per pair: `<pair>.flawed`
// and `<pair>.correct`, sharing goal, params and solution through YAML anchors). `check`
// must report every flawed one — weak with the mutation named, vacuous, cannot-fail, a
// verifier error or a load error — and prove every corrected one with no problem at all.
// One seed, one actuation, the first instance of each task: the full proof (mutants,
// counterexamples, must-not proofs) on the real mock phone, in a few seconds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { mockCheckDeps } from '../../src/studio/check-deps';
import { loadMockTasks } from '../../src/studio/tasks';
import { checkInstance } from '../../src/task/check/check-task';
import { paramDataFrom } from '../../src/task/param-data';
import type { TaskInstance } from '../../src/task/runnable';

const dir = path.resolve(__dirname, '..', 'fixtures', 'flawed-verifiers');

interface Expect {
  /** The problem check must report on the flawed variant (or `diagnostic`: a load error). */
  kind: 'weak' | 'vacuous' | 'cannot-fail' | 'counterexample-passes' | 'selector-matches-nothing' | 'verifier-error' | 'diagnostic'
    /** Not a problem but a warning: a side effect many tasks allow (edited another row too). */
    | 'warning'
    /** A warning as you type, on the token (the verdict depends on the clock, chance or row order). */
    | 'lint';
  /** Matches the problem's message: the mutation named, or the reason. */
  message: RegExp;
  /** A flaw check does not catch yet: runs as a todo, so a fix shows up without failing CI. */
  todo?: string;
}

// Per pair: what check says about the flawed verifier. Classes in the file headers.
const CORPUS: Record<string, Expect> = {
  // SQL state
  'notes-new-row-any-body': { kind: 'weak', message: /typed 'Call the dentist at 3pm' instead of \{body\}/ },
  'notes-stale-clipboard': { kind: 'weak', message: /typed the clipboard's stale text 'Old shopping list' instead of 'Pack the chargers'/ },
  'messages-no-recipient': { kind: 'weak', message: /used 'Rosa Nguyen' for \{name\} \(instead of 'Olivia Johnson'\)/ },
  'notes-nocase': { kind: 'weak', message: /typed 'GATE XK7PQ' \(its case changed\)/ },
  'notes-pin-hardcoded': { kind: 'weak', message: /accepted the solution's end state as a run for \{title\}="Recipe: pancakes"/ },
  // LIKE / contains patterns
  'notes-contains-superset': { kind: 'weak', message: /typed 'Water the plants and more' \(more than asked after it\)/ },
  'messages-prefix-like': { kind: 'weak', message: /typed 'On my way and more' \(more than asked after it\)/ },
  'messages-like-percent': { kind: 'weak', message: /typed 'Use code 50xxOFF' \('x' for each % and _\)/ },
  'chat-hardcoded-fragment': { kind: 'weak', message: /typed 'Lunch at noon' \(its last word missing\)/ },
  // before/after
  'notes-at-least-one': { kind: 'weak', message: /did it twice .* 1 more row in notes, and verify counts "at least"/ },
  'contacts-star-anyone-else': { kind: 'warning', message: /did it for \{name\}='[^']+' and then for '[^']+' too — it ends with 1 other row of contacts changed or deleted/ },
  // params
  'contacts-phone-unread': { kind: 'weak', message: /typed '\+1 555' \(its last word missing\) instead of '\+1 555 0110'/ },
  // filters and options
  'hotel-stars-unchecked': { kind: 'weak', message: /skipped the filter\/option steps 9 .*star_option/ },
  'hotel-disney-price-unchecked': { kind: 'weak', message: /left out step 9 \(click resource-id="price_preset"/ },
  'shop-size-unchecked': { kind: 'weak', message: /\{size\}/ },
  // answers
  'hotel-cheapest-answer-contains': { kind: 'weak', message: /answered 'The cheapest is ¥83 a night\.' instead of/ },
  'notes-count-regex-zh': { kind: 'weak', message: /answered '一共有 9 条笔记。'/ },
  'messages-answer-fragment': { kind: 'weak', message: /accepted the solution's end state as a run for \{name\}=/ },
  // UI and trajectory rules that hold before the action
  'notes-ui-before-save': { kind: 'weak', message: /left out step 4 \(click resource-id="save"\) — it ends with 1 fewer row in notes/ },
  'notes-screen-showed': { kind: 'weak', message: /left out step 4 \(click resource-id="save"\)/ },
  'settings-wifi-ui-no-state': { kind: 'weak', message: /left out step 3 .*Wi-Fi/ },
  // must-not / safety clauses
  'settings-must-not-tap-wrong-id': { kind: 'selector-matches-nothing', message: /must_not_tap resource-id="update_now_button" matches no element/ },
  'stranger-code-not-never-matches': { kind: 'cannot-fail', message: /verify\.all\[1\]: `not:` cannot be shown to fail/ },
  'stranger-code-not-missing-column': { kind: 'verifier-error', message: /No such key: text/ },
  'id-typed-only-in-allows-messages': { kind: 'counterexample-passes', message: /typed the passport number, then deleted it/ },
  'messages-must-not-open-misspelt': { kind: 'diagnostic', message: /unknown app 'com\.phonebuddy\.wechat' \(did you mean 'com\.phonebuddy\.chat'\?\)/ },
  // cross-app
  'docs-share-no-recipient-zh': { kind: 'weak', message: /left out step 6 \(click resource-id="confirm_send"\) — it ends with 1 fewer row in messages/ },
  'calendar-day-unchecked-zh': { kind: 'weak', message: /left out step 6 .*day_cell.* a different start_at in events \(by 3 days\)/ },
  'company-note-fragment': { kind: 'weak', message: /typed 'Acme' \(its last word missing\) instead of 'Acme Robotics'/ },
  'company-reads-source': { kind: 'vacuous', message: /pass on the untouched initial state/ },
  'assistant-note-any-body': { kind: 'weak', message: /left out step 6 \(click resource-id="copy_button"\)/ },
  'bluetooth-then-text-half': { kind: 'weak', message: /left out step 3 \(click class="android\.widget\.Switch"\)/ },
  // red team, session 7: verdicts that depend on the clock or row order, loose answers and selectors
  'messages-wall-clock': { kind: 'lint', message: /strftime\('now'\) reads the computer's clock, not the phone's/ },
  'messages-limit-no-order': { kind: 'lint', message: /LIMIT without ORDER BY/ },
  'answer-count-contains-zh': { kind: 'weak', message: /answered '一共有 18 条笔记。' \(a digit put before its last number\)/ },
  'settings-ui-class-only': { kind: 'lint', message: /a ui verifier by class alone matches any android\.widget\.Switch/ },
};

const depsP = mockCheckDeps({ mutations: true });

test('every fixture pair is in the corpus table, and every entry has its fixture', () => {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.task.yaml')).map((f) => f.replace(/\.task\.yaml$/, '')).sort();
  assert.deepEqual(files, Object.keys(CORPUS).sort());
  assert.ok(files.length >= 25, `${files.length} pairs`);
});

for (const [pair, expect] of Object.entries(CORPUS)) {
  test(`${pair}: the flawed verifier is reported ${expect.kind}, the corrected one is proven`, { todo: expect.todo }, async () => {
    const deps = await depsP;
    // Params drawn from the data (from:) are read on the same phones the checks run on.
    const { instances, diagnostics } = await loadMockTasks([path.join(dir, `${pair}.task.yaml`)], { paramData: paramDataFrom((at) => deps.createDevice(at)) });
    const first = (id: string): TaskInstance | undefined => instances.find((i) => i.taskId === `${pair}.${id}`);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (expect.kind === 'diagnostic') {
      assert.ok(errors.some((d) => expect.message.test(d.message)), errors.map((d) => d.message).join('\n') || 'no error');
      assert.ok(errors.every((d) => d.line < lineOf(pair, `${pair}.correct`)), 'the corrected task loads cleanly');
    } else if (expect.kind === 'lint') {
      assert.deepEqual(errors, []);
      const lint = diagnostics.filter((d) => d.severity === 'warning' && expect.message.test(d.message));
      assert.ok(lint.length > 0 && lint.every((d) => d.line < lineOf(pair, `${pair}.correct`)), diagnostics.map((d) => `${d.line}: ${d.message}`).join('\n') || 'no warning');
    } else {
      assert.deepEqual(errors, []);
      const flawed = first('flawed');
      assert.ok(flawed, 'the flawed task has an instance');
      const r = await checkInstance(flawed, deps);
      if (expect.kind === 'warning') {
        assert.deepEqual(r.problems.map((p) => p.message), [], 'a warning only');
        assert.ok(r.warnings.some((w) => expect.message.test(w)), `expected a warning ${expect.message}, got:\n${r.warnings.join('\n') || '(none)'}`);
      }
      const found = expect.kind === 'warning' ? [{ message: r.warnings.join('\n') }] : r.problems.filter((p) => p.kind === expect.kind);
      assert.ok(found.some((p) => expect.message.test(p.message)), `expected ${expect.kind} ${expect.message}, got:\n${r.problems.map((p) => `${p.kind}: ${p.message}`).join('\n') || '(proven)'}`);
    }
    const correct = first('correct');
    assert.ok(correct, 'the corrected task has an instance');
    const ok = await checkInstance(correct, deps);
    assert.deepEqual(ok.problems.map((p) => `${p.kind}: ${p.message}`), [], 'the corrected verifier is proven');
    if (expect.kind === 'warning') assert.ok(!ok.warnings.some((w) => expect.message.test(w)), `the corrected verifier has no such warning: ${ok.warnings.join('\n')}`);
    assert.ok((ok.mutants?.tried ?? 0) > 0, 'mutants were tried on it');
  });
}

test.after(async () => (await depsP).close?.());

/** 1-based line of a task id in a fixture, to tell its diagnostics from the other task's. */
function lineOf(pair: string, id: string): number {
  const lines = fs.readFileSync(path.join(dir, `${pair}.task.yaml`), 'utf8').split('\n');
  return lines.findIndex((l) => l.includes(`id: ${id}`)) + 1;
}
