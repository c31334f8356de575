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

test('a corrupt saved clock is dropped: absurd, negative or impossible numbers', () => {
  const now = 1_700_000_000_000;
  const good = { tc: { baseMs: 300000, incMs: 3000 }, remaining: [280000, 301000], running: 0, since: now - 5000, plies: 4, flag: null };
  const text = (patch: object) => JSON.stringify({ ...good, ...patch });
  assert.deepEqual(decodeClock(text({}), now), good);
  // The reported one: shown as 2.7777777777777776e+301:10:40, with a flag falling at once.
  const reported = '{"tc":{"baseMs":-1,"incMs":1e308},"remaining":[-5,1e308],"running":0,"flag":null,"since":1e308,"plies":-3}';
  assert.equal(decodeClock(reported, now), null);
  for (const patch of [
    { tc: { baseMs: 0, incMs: 0 } },
    { tc: { baseMs: 300000, incMs: -1 } },
    { tc: { baseMs: 25 * 3600 * 1000, incMs: 0 } },
    { tc: { baseMs: 300000, incMs: 2 * 3600 * 1000 } },
    { tc: { baseMs: '300000', incMs: 0 } },
    { remaining: [-5, 300000] },
    { remaining: [280000, 1e308] },
    { remaining: [280000, 300000 + 5 * 3000] },
    { remaining: [280000] },
    { remaining: [280000, null] },
    { running: 2 },
    { flag: 1 },
    { since: -1 },
    { since: now + 3600 * 1000 },
    { plies: -3 },
    { plies: 1.5 },
    { plies: 1e9 },
  ]) {
    assert.equal(decodeClock(text(patch), now), null, JSON.stringify(patch));
  }
  // JSON has no Infinity or NaN, but a hand-edited value may be a huge number or a string.
  assert.equal(decodeClock(text({ since: 'yesterday' }), now), null);
  // A fallen flag is a stopped clock with that side at zero.
  const fallen = { ...good, remaining: [0, 290000], running: null, flag: 0 };
  assert.deepEqual(decodeClock(JSON.stringify(fallen), now), fallen);
});

test('time spent past zero is not kept as negative time', () => {
  const c = newClock({ baseMs: 1000, incMs: 500 }, 0, 0, 0);
  const moved = switchClock(c, 1, 1200, 1);
  assert.deepEqual(moved.remaining, [0, 1000]);
  assert.deepEqual(decodeClock(encodeClock(moved), 1300), moved);
});
