import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PieceInfo } from '../engine/types';
import { readBoard, readFile, readPickUp, readRank, readSquare, type Readable } from './reader';

const piece = (kind: number, code: string, name: string, royal = false): PieceInfo => ({ kind, code, name, moves: '', royal, value: null, description: '' });

// A 4 x 3 board: White King b1, Horseman c2; Black King d3, Rook a3.
const p: Readable = {
  files: 4,
  ranks: 3,
  pieces: [piece(0, 'K', 'King', true), piece(1, 'H', 'Horseman'), piece(2, 'R', 'Rook')],
  cells: [
    { sq: 1, kind: 0, color: 0, code: 'K' },
    { sq: 6, kind: 1, color: 0, code: 'H' },
    { sq: 11, kind: 0, color: 1, code: 'K' },
    { sq: 8, kind: 2, color: 1, code: 'R' },
  ],
};

test('a square says its name and the piece on it', () => {
  assert.equal(readSquare(p, 6), 'c2, White Horseman');
  assert.equal(readSquare(p, 0), 'a1, empty');
  assert.equal(readSquare(p, 11), 'd3, Black King');
});

test("a rank from the a-file, a file from rank 1, the whole board by side, royal pieces first", () => {
  assert.equal(readRank(p, 9), 'Rank 3: Black Rook a3, Black King d3.');
  assert.equal(readRank(p, 4), 'Rank 2: White Horseman c2.');
  assert.equal(readFile(p, 2), 'File c: White Horseman c2.');
  assert.equal(readFile(p, 3), 'File d: Black King d3.');
  assert.equal(readFile(p, 0), 'File a: Black Rook a3.');
  assert.equal(readBoard(p), 'White: King b1, Horseman c2. Black: King d3, Rook a3.');
  assert.equal(readBoard({ ...p, cells: [] }), 'White: nothing. Black: nothing.');
});

test('a piece picked up says where it can go', () => {
  const dests = [
    { to: 2, capture: false, promotions: [], plain: true },
    { to: 8, capture: true, promotions: [], plain: true },
  ];
  assert.equal(readPickUp(p, 6, dests), 'White Horseman on c2 picked up: 2 moves, c1, a3 capturing.');
  assert.equal(readPickUp(p, 6, []), 'White Horseman on c2 picked up: no moves.');
  assert.equal(readPickUp(p, 6, [{ to: 6, capture: false, promotions: [], plain: true }]), 'White Horseman on c2 picked up: 1 move, pass.');
});
