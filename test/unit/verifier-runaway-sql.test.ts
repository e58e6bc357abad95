// A verifier query that never ends (a recursive CTE with no stop) must not hang `check` or
// `run`: the device stops it after the verifier time limit, and the report names the
// verifier as erroring — not a pass, not a failed agent, not a hang.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mockCheckDeps } from '../../src/studio/check-deps';
import { checkFiles } from '../../src/task/check/check-files';
import { timeFactor } from '../vscode/lib/time.mjs';

const TASK = `id: notes.runaway
title: Write a note
category: single-app
device: mock
apps: [com.phonebuddy.notes]
goal: 'Create a new note that says "Buy oat milk".'
verify:
  all:
    - name: the note exists
      sql:
        app: com.phonebuddy.notes
        query: SELECT body FROM notes WHERE body = 'Buy oat milk'
        expect: count == 1
    - name: counts forever
      sql:
        app: com.phonebuddy.notes
        query: |
          WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)
          SELECT count(*) AS c FROM n
        expect: row.c > 0
solution:
  - open_app: com.phonebuddy.notes
  - click: { resource-id: new_note }
  - type: Buy oat milk
  - click: { resource-id: save }
  - finish: Saved.
`;

test('check: a recursive CTE that never stops is a verifier error naming the verifier, within the time limit', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-runaway-'));
  const file = path.join(dir, 'runaway.task.yaml');
  fs.writeFileSync(file, TASK);
  const deps = await mockCheckDeps({ mutations: true });
  const started = performance.now();
  const r = await checkFiles([file], deps, { catalog: deps.catalog }).finally(() => deps.close?.());
  const seconds = (performance.now() - started) / 1000;
  assert.equal(r.ok, false);
  const [c] = r.checks;
  const problem = c.problems.find((p) => p.kind === 'verifier-error');
  assert.ok(problem, JSON.stringify(c.problems));
  assert.match(problem.message, /verify\.all\[1\] \(sql\): counts forever: query failed on com\.phonebuddy\.notes: .*ran longer than 3000 ms and was stopped/);
  // Static check warns before anything runs.
  assert.ok(r.diagnostics.some((d) => d.severity === 'warning' && /recursive CTE without a LIMIT/.test(d.message)), JSON.stringify(r.diagnostics));
  // Two runs reach the verifier (initial state, solution): each is stopped at the limit.
  // Bounded, not hung: 30 s on an idle machine, scaled by the one time factor on a loaded one.
  assert.ok(seconds < 30 * timeFactor(), `check took ${seconds.toFixed(1)} s`);
});
