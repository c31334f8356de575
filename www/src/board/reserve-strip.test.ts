import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellOrigin, fitGeometry } from './geometry';
import { slotMan, stripAt, stripCell, stripLayout, stripSlots } from './reserve-strip';

/** A phone's board with its strips, straight or flipped. */
function phone(flipped: boolean) {
  const l = stripLayout(8, 8);
  const g = fitGeometry({ files: 8, ranks: 8, cssWidth: 390, cssHeight: 2000, dpr: 1, flipped, layout: l });
  return { l, g };
}

test('eight files: three next pieces, two next pawns, the next promotion, then two cells of credits', () => {
  assert.deepEqual(stripSlots(8), [
    { cls: 'piece', ahead: 0 },
    { cls: 'piece', ahead: 1 },
    { cls: 'piece', ahead: 2 },
    { cls: 'pawn', ahead: 0 },
    { cls: 'pawn', ahead: 1 },
    { cls: 'promotion' },
  ]);
  // Narrow boards keep one of each.
  assert.deepEqual(stripSlots(3), [{ cls: 'piece', ahead: 0 }, { cls: 'pawn', ahead: 0 }, { cls: 'promotion' }]);
});

test('the queues show the men in drop order from the next; none past the back of the reserve', () => {
  const l = stripLayout(8, 8);
  const side = {
    pieces: [10, 11, 12, 13],
    piece_codes: [],
    pawns: [20, 21],
    pawn_codes: [],
    piece_front: 2,
    piece_back: 4,
    pawn_front: 1,
    pawn_back: 2,
    next_piece: 2,
    next_pawn: 1,
    promotion: 3,
    credits: [0, 0] as [number, number],
  };
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6].map((slot) => slotMan(l, side, slot)), [
    { cls: 'piece', index: 2 },
    { cls: 'piece', index: 3 },
    null,
    { cls: 'pawn', index: 1 },
    null,
    { cls: 'piece', index: 3 },
    null,
  ]);
});

test('each strip reads from the left, next piece, next pawn, promotion, on either orientation', () => {
  for (const flipped of [false, true]) {
    const { l, g } = phone(flipped);
    for (const side of [0, 1] as const) {
      const xs = ([0, 3, 5] as const).map((slot) => {
        const c = stripCell(l, side, slot, flipped);
        // The cell is found again from where it is drawn.
        assert.deepEqual(stripAt(l, c.col, c.rank, flipped), { side, slot });
        return cellOrigin(g, c.col, c.rank).x;
      });
      assert.ok(xs[0]! < xs[1]! && xs[1]! < xs[2]!, `flipped ${flipped}, side ${side}: ${xs}`);
      assert.equal(xs[0], g.gutter, 'the first slot at the left edge');
    }
    // The player at the bottom has the bottom strip: White straight, Blue flipped.
    const y = (side: 0 | 1) => cellOrigin(g, stripCell(l, side, 0, flipped).col, stripCell(l, side, 0, flipped).rank).y;
    assert.equal(y(0) > y(1), !flipped);
    // The cells right of the men are the credits'.
    const c = stripCell(l, 0, 5, flipped);
    const next = flipped ? c.col - 1 : c.col + 1;
    assert.deepEqual(stripAt(l, next, c.rank, flipped), { side: 0, slot: null });
  }
});
