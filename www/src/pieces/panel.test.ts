import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagramWindow } from './panel';

const at = (file: number, rank: number) => rank * 16 + file;

test("a leaper's diagram is cropped to its moves and a square around, at least 5 x 5", () => {
  // A King on h8 of 16 x 16: the 3 x 3 box grows to 5 x 5.
  const from = at(7, 7);
  const moves = [at(6, 6), at(7, 6), at(8, 6), at(6, 7), at(8, 7), at(6, 8), at(7, 8), at(8, 8)];
  assert.deepEqual(diagramWindow({ width: 16, height: 16, from, moves, captures: moves }), {
    file0: 5,
    rank0: 5,
    files: 5,
    ranks: 5,
  });
  // A (2,3) leaper: 7 x 7 plus the margin.
  const zebra = [at(9, 10), at(5, 4), at(10, 9), at(4, 5)];
  assert.deepEqual(diagramWindow({ width: 16, height: 16, from, moves: zebra, captures: [] }), {
    file0: 3,
    rank0: 3,
    files: 9,
    ranks: 9,
  });
});

test("a rider's diagram is the whole board", () => {
  const from = at(7, 7);
  const moves = [at(0, 7), at(15, 7), at(7, 0), at(7, 15)];
  assert.deepEqual(diagramWindow({ width: 16, height: 16, from, moves, captures: moves }), {
    file0: 0,
    rank0: 0,
    files: 16,
    ranks: 16,
  });
});
