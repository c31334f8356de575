import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasFeature, pieceNumbers, searchPieces } from './catalogue';
import type { MovementSketch, PieceInfo } from '../engine/types';

const sketch = (path: MovementSketch['path'], range = 0): MovementSketch => ({
  path, atom: [0, 1], dirs: [], range, moves: true, captures: true, style: 'normal', ski: false, lame: false,
  initial: false, wrap: false, grasshopper: false, legs: 1, last_atom: [0, 1], last_rides: false,
});
const piece = (kind: number, name: string, code: string, extra: Partial<PieceInfo> = {}): PieceInfo => ({
  kind, name, code, moves: '', royal: false, value: null, description: '', ...extra,
});

const list = [
  piece(0, 'King', 'K', { royal: true, sketch: [sketch('step', 1)] }),
  piece(1, 'Queen', 'Q', { sketch: [sketch('slide')] }),
  piece(2, 'Withdrawer', 'WD', { sketch: [sketch('slide')], traits: ['special capture'] }),
  piece(3, 'Pawn', 'P', { pawn: true, sketch: [sketch('step', 1)] }),
  piece(4, 'Berolina Pawn', 'BP', { pawn: true }),
];

test('pieces and pawn kinds are numbered apart', () => {
  assert.deepEqual(pieceNumbers(list), ['1', '2', '3', 'p1', 'p2']);
});

test('found by name, number or code', () => {
  const found = (q: string) => [...searchPieces(list, q, 'all')].map((k) => list[k]!.code);
  assert.deepEqual(found('pawn'), ['P', 'BP']);
  assert.deepEqual(found('p'), ['P'], 'a code met exactly is the answer');
  assert.deepEqual(found('ee'), ['Q'], 'else names holding it');
  assert.deepEqual(found('wd'), ['WD']);
  assert.deepEqual(found('3'), ['WD']);
  assert.deepEqual(found('p2'), ['BP']);
  assert.deepEqual(found('No. 2'), ['Q']);
  assert.deepEqual(found(''), ['K', 'Q', 'WD', 'P', 'BP']);
  assert.deepEqual([...searchPieces(list, 'pawn', 'special capture')], [], 'the filter too');
});

test('filtered by what they do', () => {
  const codes = (f: Parameters<typeof hasFeature>[1]) => list.filter((p) => hasFeature(p, f)).map((p) => p.code);
  assert.deepEqual(codes('rider'), ['Q', 'WD']);
  assert.deepEqual(codes('leaper'), ['K', 'P']);
  assert.deepEqual(codes('special capture'), ['WD']);
  assert.deepEqual(codes('royal'), ['K']);
  assert.deepEqual(codes('pawn'), ['P', 'BP']);
});
