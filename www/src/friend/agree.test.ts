import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareMoves } from './agree';

test('the same move lists agree', () => {
  assert.deepEqual(compareMoves([], []), { agree: true, common: 0 });
  assert.deepEqual(compareMoves(['b3b7', 'a8b7'], ['b3b7', 'a8b7']), { agree: true, common: 2 });
});

test('a list that is the beginning of the other agrees, on the turns both have', () => {
  assert.deepEqual(compareMoves(['b3b7', 'a8b7', 'j1i1'], ['b3b7', 'a8b7']), { agree: true, common: 2 });
  assert.deepEqual(compareMoves(['b3b7'], ['b3b7', 'a8b7']), { agree: true, common: 1 });
  assert.deepEqual(compareMoves([], ['e1d2+@a1+@h2']), { agree: true, common: 0 });
});

test('lists that differ disagree at the first turn that differs', () => {
  assert.deepEqual(compareMoves(['b3b7', 'a8b7'], ['b3b7', 'j10j9']), { agree: false, at: 1, mine: 'a8b7', theirs: 'j10j9' });
  assert.deepEqual(compareMoves(['e1d2+@a1'], ['e1d2+@a1+@h2', 'e8d7']), { agree: false, at: 0, mine: 'e1d2+@a1', theirs: 'e1d2+@a1+@h2' });
});
