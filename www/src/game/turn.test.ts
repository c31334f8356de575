import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OpenTurn } from './turn';
import type { DropOptions, DropTurn } from '../engine/types';

// The engine's drops after e1d2 with a piece and a pawn credit, on a
// board where a piece may go to a1 or b1 and a pawn to a2 or h2; a1 with
// h2 is no legal turn (say, it would leave a royal attacked).
function options(): DropOptions {
  const a1 = 0, b1 = 1, a2 = 8, h2 = 15;
  const turns: DropTurn[] = [
    { piece: a1, pawn: null, text: 'e1d2+@a1' },
    { piece: b1, pawn: null, text: 'e1d2+@b1' },
    { piece: null, pawn: a2, text: 'e1d2+@a2' },
    { piece: null, pawn: h2, text: 'e1d2+@h2' },
    { piece: a1, pawn: a2, text: 'e1d2+@a1+@a2' },
    { piece: b1, pawn: a2, text: 'e1d2+@b1+@a2' },
    { piece: b1, pawn: h2, text: 'e1d2+@b1+@h2' },
  ];
  return { piece: { kind: 3, code: 'R' }, pawn: { kind: 9, code: 'P' }, piece_squares: [a1, b1], pawn_squares: [a2, h2], turns };
}

test('a piece then a pawn: each step offers only squares of legal turns', () => {
  const t = new OpenTurn('e1d2', options());
  assert.equal(t.text, 'e1d2');
  assert.deepEqual(t.pieceTargets(), [0, 1]);
  assert.deepEqual(t.pawnTargets(), [8, 15]);
  assert.equal(t.drop(0), 'e1d2+@a1');
  assert.deepEqual(t.pieceTargets(), []);
  assert.deepEqual(t.pawnTargets(), [8], 'a1 with h2 is no turn');
  assert.equal(t.complete, false);
  assert.equal(t.drop(15), null, 'not offered');
  assert.equal(t.drop(8), 'e1d2+@a1+@a2');
  assert.equal(t.complete, true);
});

test('a pawn first, then a piece', () => {
  const t = new OpenTurn('e1d2', options());
  assert.equal(t.drop(15), 'e1d2+@h2');
  assert.deepEqual(t.pieceTargets(), [1]);
  assert.equal(t.drop(1), 'e1d2+@b1+@h2');
});

test('a picked reserve man narrows the squares; picking it again offers both', () => {
  const t = new OpenTurn('e1d2', options());
  assert.equal(t.pick('pawn'), true);
  assert.equal(t.drop(0), null, 'a piece square while the pawn is picked');
  assert.equal(t.pick('pawn'), true);
  assert.equal(t.picked, null);
  const none = new OpenTurn('e1d2', { ...options(), turns: [] });
  assert.equal(none.pick('piece'), false);
  assert.equal(none.complete, true);
});
