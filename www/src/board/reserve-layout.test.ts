import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reserveCell, reserveLayout, reservePlaceAt } from './reserve-layout';

test('UC-170-17: a 29 x 18 grid, files a-h, A-R, S-U, gaps before A and S', () => {
  const l = reserveLayout(8, 8, 162, 9);
  assert.equal(l.cols, 29);
  assert.equal(l.rows, 18);
  assert.deepEqual(l.gaps, [8, 26]);
  assert.equal(l.colNames.join(''), 'abcdefghABCDEFGHIJKLMNOPQRSTU');
});

test('the grid keeps its size for shorter lists (a game from a position text)', () => {
  const l = reserveLayout(8, 8, 2, 1);
  assert.equal(l.cols, 29);
  assert.equal(l.rows, 18);
  assert.deepEqual(reserveCell(l, { side: 1, cls: 'piece', index: 0 }), { col: 8, rank: 17 });
});

test('reserves fill the cells in drop order, White from rank 1 up, Blue from rank 18 down', () => {
  const l = reserveLayout(8, 8, 162, 9);
  const name = (c: { col: number; rank: number }) => `${l.colNames[c.col]}${c.rank + 1}`;
  assert.equal(name(reserveCell(l, { side: 0, cls: 'piece', index: 0 })), 'A1');
  assert.equal(name(reserveCell(l, { side: 0, cls: 'piece', index: 17 })), 'R1');
  assert.equal(name(reserveCell(l, { side: 0, cls: 'piece', index: 18 })), 'A2');
  assert.equal(name(reserveCell(l, { side: 0, cls: 'piece', index: 161 })), 'R9');
  assert.equal(name(reserveCell(l, { side: 1, cls: 'piece', index: 0 })), 'A18');
  assert.equal(name(reserveCell(l, { side: 1, cls: 'piece', index: 161 })), 'R10');
  assert.equal(name(reserveCell(l, { side: 0, cls: 'pawn', index: 0 })), 'S1');
  assert.equal(name(reserveCell(l, { side: 0, cls: 'pawn', index: 4 })), 'T2');
  assert.equal(name(reserveCell(l, { side: 1, cls: 'pawn', index: 3 })), 'S17');
  assert.equal(name(reserveCell(l, { side: 1, cls: 'pawn', index: 8 })), 'U16');
});

test('every reserve cell is found again from its place, and the rest is no reserve', () => {
  const l = reserveLayout(8, 8, 162, 9);
  for (const side of [0, 1] as const) {
    for (const [cls, n] of [['piece', 162], ['pawn', 9]] as const) {
      for (let index = 0; index < n; index++) {
        const c = reserveCell(l, { side, cls, index });
        assert.deepEqual(reservePlaceAt(l, c.col, c.rank), { side, cls, index });
      }
    }
  }
  assert.equal(reservePlaceAt(l, 3, 3), null, 'the play board');
  assert.equal(reservePlaceAt(l, 27, 8), null, 'between the pawn reserves');
});
