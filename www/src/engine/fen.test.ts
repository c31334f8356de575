import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fenTurn, passTurn } from './fen';

test('passTurn gives the move to the other side and drops en-passant squares', () => {
  assert.equal(passTurn('8/8/8/8/8/8/8/8 w KQkq e3,e4 0 1'), '8/8/8/8/8/8/8/8 b KQkq - 0 1');
  assert.equal(passTurn('8/8 b - - 3 9'), '8/8 w - - 3 9');
  assert.equal(passTurn('8/8 w'), '8/8 b');
  assert.equal(passTurn('8/8'), '8/8');
});

test('fenTurn reads the side to move and the move number', () => {
  assert.deepEqual(fenTurn('k7/8/8/8/8/8/8/K7 w - - 0 1'), { black: false, number: 1 });
  assert.deepEqual(fenTurn('k7/8/8/8/8/8/8/K7 b - - 3 42'), { black: true, number: 42 });
  assert.deepEqual(fenTurn('garbage'), { black: false, number: 1 });
});
