import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeClock, encodeClock, formatClock, newClock, parseTimeControl, switchClock, timeLeft } from './clock';

test('time controls are read', () => {
  assert.deepEqual(parseTimeControl('5+3'), { baseMs: 300000, incMs: 3000 });
  assert.deepEqual(parseTimeControl('0:02'), { baseMs: 2000, incMs: 0 });
  assert.deepEqual(parseTimeControl(' 30 + 0 '), { baseMs: 1800000, incMs: 0 });
  assert.equal(parseTimeControl('0'), null);
  assert.equal(parseTimeControl('five'), null);
});

test('clocks are shown as m:ss, tenths at the end', () => {
  assert.equal(formatClock(300000), '5:00');
  assert.equal(formatClock(65000), '1:05');
  assert.equal(formatClock(9340), '0:09.3');
  assert.equal(formatClock(-5), '0:00.0');
  assert.equal(formatClock(3723000), '1:02:03');
});

test('the running side is charged, a move earns the increment, the state round-trips', () => {
  let c = newClock({ baseMs: 10000, incMs: 2000 }, 0, 1000, 0);
  assert.equal(timeLeft(c, 0, 4000), 7000);
  assert.equal(timeLeft(c, 1, 4000), 10000);
  c = switchClock(c, 1, 4000, 1);
  assert.deepEqual(c.remaining, [9000, 10000]);
  assert.equal(c.running, 1);
  c = switchClock(c, 0, 5000, 1); // an undo: no increment
  assert.deepEqual(c.remaining, [9000, 9000]);
  assert.deepEqual(decodeClock(encodeClock(c)), c);
  assert.equal(decodeClock('{"tc":1}'), null);
  assert.equal(decodeClock('null'), null);
});
