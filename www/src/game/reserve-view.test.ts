import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropSquaresOf } from './reserve-view';

test('the squares a turn drops on, read from its text', () => {
  assert.deepEqual(dropSquaresOf('e1d2+@a1+@h2', 8, 8), [0, 15]);
  assert.deepEqual(dropSquaresOf('c6d5+{AK}@f2', 8, 8), [13]);
  assert.deepEqual(dropSquaresOf('d4f6^e5', 8, 8), []);
  assert.deepEqual(dropSquaresOf('e1e2+@h9', 8, 8), [], 'no such square');
});
