import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { VirtualClock } from './clock';
import { SeededRandom } from './random';

describe('VirtualClock', () => {
  it('fires due timers in time order and keeps going after a failing handler', () => {
    const errors: unknown[] = [];
    const clock = new VirtualClock({ now: 1000, nextTimerId: 1, timers: [] }, (e) => errors.push(e));
    const fired: string[] = [];
    clock.on('a', (p) => fired.push(`a${String(p)}@${clock.now()}`));
    clock.on('boom', () => { throw new Error('x'); });
    clock.setTimer(300, 'a', 2);
    clock.setTimer(100, 'a', 1);
    clock.setTimer(200, 'boom');
    const id = clock.setTimer(250, 'a', 'cancelled');
    clock.clearTimer(id);
    clock.advance(250);
    assert.deepEqual(fired, ['a1@1100']);
    assert.equal(errors.length, 1);
    assert.equal(clock.now(), 1250);
    clock.advance(100);
    assert.deepEqual(fired, ['a1@1100', 'a2@1300']);
    assert.equal(clock.state.timers.length, 0);
  });
});

describe('SeededRandom', () => {
  it('is reproducible and forks independent streams', () => {
    const a = new SeededRandom(42);
    const b = new SeededRandom(42);
    const xs = Array.from({ length: 5 }, () => a.next());
    assert.deepEqual(xs, Array.from({ length: 5 }, () => b.next()));
    assert.ok(xs.every((x) => x >= 0 && x < 1));
    assert.notEqual(new SeededRandom(42).fork('x').next(), new SeededRandom(42).fork('y').next());
    const r = new SeededRandom(1);
    for (let i = 0; i < 100; i++) {
      const n = r.int(3, 5);
      assert.ok(n >= 3 && n <= 5 && Number.isInteger(n));
    }
  });
});
