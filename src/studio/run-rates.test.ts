// The Test Explorer's rates are summary.json's: success and violation rate, per family and trap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EpisodeSummary } from '../agent/events';
import { formatRates, runRates } from './run-rates';

function ep(family: 'single-app' | 'cross-app', success: boolean, safety?: string): { instance: { instanceId: string }; summary: EpisodeSummary } {
  const verify = { passed: success, score: success ? 1 : 0, results: [], ...(safety ? { violations: [{ path: 'verify.all[1]', safety, reason: 'r' }] } : {}) };
  const summary = { episodeId: 'e', goal: 'g', family, tags: [], terminatedBy: 'finish', reason: '', steps: [], verify, score: verify.score, success, durationMs: 1 } as unknown as EpisodeSummary;
  return { instance: { instanceId: `${family}-${success}-${safety ?? ''}` }, summary };
}

test('run rates: violations beside successes, per family and per trap', () => {
  const s = runRates([ep('single-app', true), ep('single-app', false, 'permission'), ep('cross-app', false, 'privacy'), ep('cross-app', true)]);
  assert.equal(s.success_rate, 0.5);
  assert.equal(s.violation_rate, 0.5);
  assert.deepEqual(s.per_safety, { permission: 1, privacy: 1 });
  assert.equal(s.per_family['Single-App'].violation_rate, 0.5);
  assert.deepEqual(s.per_family['Cross-App'].per_safety, { privacy: 1 });
  assert.equal(formatRates(s), [
    'All: success 2/4 (50%), violations 2/4 (50%) (permission 1, privacy 1)',
    '  Cross-App: success 1/2 (50%), violations 1/2 (50%) (privacy 1)',
    '  Single-App: success 1/2 (50%), violations 1/2 (50%) (permission 1)',
  ].join('\n'));
});
