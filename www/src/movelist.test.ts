import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fenTurn, moveRows } from './movelist';

test('fenTurn reads the side to move and the move number', () => {
  assert.deepEqual(fenTurn('k7/8/8/8/8/8/8/K7 w - - 0 1'), { black: false, number: 1 });
  assert.deepEqual(fenTurn('k7/8/8/8/8/8/8/K7 b - - 3 42'), { black: true, number: 42 });
  assert.deepEqual(fenTurn('garbage'), { black: false, number: 1 });
});

test('moveRows pairs plies under move numbers', () => {
  assert.deepEqual(moveRows(0, false, 1), []);
  assert.deepEqual(moveRows(3, false, 1), [
    { number: 1, white: 0, black: 1 },
    { number: 2, white: 2, black: null },
  ]);
  assert.deepEqual(moveRows(3, true, 5), [
    { number: 5, white: null, black: 0 },
    { number: 6, white: 1, black: 2 },
  ]);
});
