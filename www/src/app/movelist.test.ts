import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveRows } from './movelist';

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
