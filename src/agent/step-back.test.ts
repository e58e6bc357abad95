// One step back, as the debugger and the device panel both choose it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stepBackTarget } from './step-back';

test('a step that has acted is undone itself; one that has not goes back to the step before; at the end the last step', () => {
  assert.equal(stepBackTarget({ step: 3, point: 'before-action' }, 2), 2);
  assert.equal(stepBackTarget({ step: 3, point: 'before-decision' }, 2), 2);
  assert.equal(stepBackTarget({ step: 3, point: 'failure', failure: 'unparsable-output' }, 2), 2);
  assert.equal(stepBackTarget({ step: 3, point: 'step-end' }, 3), 3);
  // The panel's copy went back to step 2 here, leaving step 3's failed action in place.
  assert.equal(stepBackTarget({ step: 3, point: 'failure', failure: 'action-failed' }, 2), 3);
  // The budget failure names the last step (records.length); the panel's copy went one too far.
  assert.equal(stepBackTarget({ step: 5, point: 'failure', failure: 'step-budget-exhausted' }, 5), 5);
  assert.equal(stepBackTarget({ point: 'episode-end' }, 4), 4);
  assert.throws(() => stepBackTarget({ step: 1, point: 'before-action' }, 0), /first step/);
});
