import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  cellOrigin,
  fileName,
  gridAt,
  rowRank,
  squareOfCell,
  MIN_SQUARE_CSS,
  fitGeometry,
  moveSquares,
  placeBoard,
  parseSquare,
  squareAt,
  squareCenterCss,
  squareName,
  squareOrigin,
} from './geometry';
import { reserveLayout } from './reserve-layout';

const fit = (files: number, ranks: number, dpr: number, flipped: boolean, w = 800, h = 800) =>
  fitGeometry({ files, ranks, cssWidth: w, cssHeight: h, dpr, flipped });

describe('fitGeometry', () => {
  test('the board fits the space and squares are whole device pixels', () => {
    for (const [files, ranks] of [[8, 8], [10, 10], [16, 16], [29, 18]] as const) {
      for (const dpr of [1, 1.25, 2, 3]) {
        const g = fit(files, ranks, dpr, false, 900, 700);
        assert.ok(Number.isInteger(g.square) && Number.isInteger(g.gutter));
        assert.ok(g.width <= 900 * dpr + 1e-9, `width ${g.width} at dpr ${dpr}`);
        assert.ok(g.height <= 700 * dpr + 1e-9, `height ${g.height} at dpr ${dpr}`);
        assert.equal(g.width, g.gutter + files * g.square);
        assert.equal(g.height, ranks * g.square + g.gutter);
      }
    }
  });

  test('HiDPI: the canvas has dpr times the device pixels of the same CSS size', () => {
    const one = fit(16, 16, 1, false);
    const two = fit(16, 16, 2, false);
    assert.ok(Math.abs(two.square - 2 * one.square) <= 2, `${one.square} vs ${two.square}`);
    assert.ok(Math.abs(two.width / 2 - one.width) <= 32);
  });

  test('a tiny space still gives a usable board', () => {
    const g = fit(16, 16, 1, false, 10, 10);
    assert.ok(g.square >= 12);
  });

  test('64 x 64 in a 600 px column: as small as allowed, larger than the box', () => {
    const g = fit(64, 64, 1, false, 588, 588);
    assert.equal(g.square, MIN_SQUARE_CSS);
    assert.ok(g.width > 588);
    // In 860 px it fits.
    const wide = fit(64, 64, 1, false, 860, 860);
    assert.ok(wide.width <= 860 && wide.square >= MIN_SQUARE_CSS, JSON.stringify(wide));
  });

  test('a bad devicePixelRatio counts as 1', () => {
    assert.equal(fit(8, 8, 0, false).dpr, 1);
    assert.equal(fit(8, 8, Number.NaN, false).dpr, 1);
  });
});

describe('placeBoard', () => {
  test('a board that fits is centred and does not scroll', () => {
    assert.deepEqual(placeBoard(400, 300, 600, 500), { left: 100, top: 100, scrolls: false });
    assert.deepEqual(placeBoard(600, 500, 600, 500), { left: 0, top: 0, scrolls: false });
  });

  test('a larger board starts at the edge it overflows, so scrolling reaches all of it', () => {
    assert.deepEqual(placeBoard(782, 782, 588, 588), { left: 0, top: 0, scrolls: true });
    // Taller than the box only: still centred across.
    assert.deepEqual(placeBoard(782, 782, 1000, 500), { left: 109, top: 0, scrolls: true });
  });
});

describe('square <-> pixel', () => {
  for (const flipped of [false, true]) {
    for (const dpr of [1, 2, 1.5]) {
      test(`every square's centre maps back to it (flipped ${flipped}, dpr ${dpr})`, () => {
        const g = fit(16, 16, dpr, flipped);
        for (let sq = 0; sq < 256; sq++) {
          const c = squareCenterCss(g, sq);
          assert.equal(squareAt(g, c.x, c.y), sq);
        }
      });
    }
  }

  test('a1 is bottom left for White and top right for Black', () => {
    const w = fit(8, 8, 1, false);
    const b = fit(8, 8, 1, true);
    assert.deepEqual(squareOrigin(w, 0), { x: w.gutter, y: 7 * w.square });
    assert.deepEqual(squareOrigin(b, 0), { x: b.gutter + 7 * b.square, y: 0 });
    // h8 (63) is the opposite corner.
    assert.deepEqual(squareOrigin(w, 63), { x: w.gutter + 7 * w.square, y: 0 });
    assert.deepEqual(squareOrigin(b, 63), { x: b.gutter, y: 7 * b.square });
  });

  test('CSS pixels are device pixels divided by dpr', () => {
    const g = fit(10, 10, 2, false);
    const o = squareOrigin(g, 0);
    assert.deepEqual(squareCenterCss(g, 0), { x: (o.x + g.square / 2) / 2, y: (o.y + g.square / 2) / 2 });
  });

  test('points in the gutters or outside are no square', () => {
    const g = fit(8, 8, 1, false);
    assert.equal(squareAt(g, 1, 1), null);
    assert.equal(squareAt(g, g.gutter + 1, g.height - 1), null);
    assert.equal(squareAt(g, -5, 10), null);
    assert.equal(squareAt(g, g.width + 5, 10), null);
  });

  test('non-square boards (29 x 18)', () => {
    for (const flipped of [false, true]) {
      const g = fit(29, 18, 1, flipped, 1200, 800);
      for (let sq = 0; sq < 29 * 18; sq++) {
        const c = squareCenterCss(g, sq);
        assert.equal(squareAt(g, c.x, c.y), sq);
      }
    }
  });
});

describe('square names', () => {
  test('as the engine writes them', () => {
    assert.equal(squareName(0, 8), 'a1');
    assert.equal(squareName(255, 16), 'p16');
    assert.equal(squareName(16 * 14 + 4, 16), 'e15');
    assert.equal(fileName(25), 'z');
    assert.equal(fileName(26), 'aa');
    assert.equal(fileName(28), 'ac');
  });

  test('round trip on large boards', () => {
    for (const [files, ranks] of [[16, 16], [29, 18]] as const) {
      for (let sq = 0; sq < files * ranks; sq++) {
        assert.equal(parseSquare(squareName(sq, files), files, ranks), sq);
      }
    }
  });

  test('bad names', () => {
    for (const bad of ['', 'a0', 'q1', 'a17', 'A1', '1a', 'a1x', 'abc1']) {
      assert.equal(parseSquare(bad, 16, 16), null, bad);
    }
  });

  test('move texts', () => {
    assert.deepEqual(moveSquares('e2e4', 8, 8), { from: 12, to: 28 });
    assert.deepEqual(moveSquares('e15e16=W', 16, 16), { from: 228, to: 244 });
    assert.deepEqual(moveSquares('f1f1', 16, 16), { from: 5, to: 5 });
    assert.equal(moveSquares('e2', 8, 8), null);
    // Shots, mutual destruction, swaps and a frozen man's removal have marks of their own.
    assert.deepEqual(moveSquares('a1*a6', 8, 8), { from: 0, to: 40 });
    assert.deepEqual(moveSquares('d4**e5', 8, 8), { from: 27, to: 36 });
    assert.deepEqual(moveSquares('d4<>d6', 8, 8), { from: 27, to: 43 });
    assert.deepEqual(moveSquares('e4-', 8, 8), { from: 28, to: 28 });
    assert.deepEqual(moveSquares('d4<>d6+@c1', 8, 8), { from: 27, to: 43 });
    assert.equal(moveSquares('d4<>', 8, 8), null);
    assert.equal(moveSquares('xyz', 8, 8), null);
  });
});

test('zoomed in, squares are at least the size asked for, and the board grows past its box', () => {
  const fit = fitGeometry({ files: 16, ranks: 16, cssWidth: 390, cssHeight: 390, dpr: 3, flipped: false });
  assert.ok(fit.square / 3 < 40);
  const zoomed = fitGeometry({ files: 16, ranks: 16, cssWidth: 390, cssHeight: 390, dpr: 3, flipped: false, minSquareCss: 44 });
  assert.equal(zoomed.square, 132);
  assert.ok(zoomed.width / 3 > 390);
  // Asking for less than fits changes nothing.
  assert.deepEqual(fitGeometry({ files: 16, ranks: 16, cssWidth: 390, cssHeight: 390, dpr: 3, flipped: false, minSquareCss: 10 }), fit);
});

describe('boxes turned in their places (UC-170-17 flipped)', () => {
  const layout = { ...reserveLayout(8, 8, 162, 9) };
  const g = fitGeometry({ files: 8, ranks: 8, cssWidth: 1200, cssHeight: 800, dpr: 1, flipped: true, layout });
  const straight = fitGeometry({ files: 8, ranks: 8, cssWidth: 1200, cssHeight: 800, dpr: 1, flipped: false, layout });

  test('the play board stays at the bottom left, turned round: h8 where a1 was', () => {
    assert.equal(g.turnBoxes, true);
    assert.deepEqual(squareOrigin(g, 63), squareOrigin(straight, 0));
    assert.deepEqual(squareOrigin(g, 0), squareOrigin(straight, 63));
    // Every square found again where it is drawn.
    for (let sq = 0; sq < 64; sq++) {
      const c = squareCenterCss(g, sq);
      assert.equal(squareAt(g, c.x, c.y), sq);
    }
  });

  test('each reserve turns round in its own box: A18 where R1 was, R9 where A10 was, U1 where S18 was', () => {
    // Piece reserve: files 8-25; pawn reserve 26-28.
    assert.deepEqual(cellOrigin(g, 8, 17), cellOrigin(straight, 25, 0));
    assert.deepEqual(cellOrigin(g, 25, 8), cellOrigin(straight, 8, 9));
    assert.deepEqual(cellOrigin(g, 28, 0), cellOrigin(straight, 26, 17));
    for (let col = 8; col < 29; col++) {
      for (let rank = 0; rank < 18; rank++) {
        const o = cellOrigin(g, col, rank);
        assert.deepEqual(gridAt(g, (o.x + 1) / g.dpr, (o.y + 1) / g.dpr), { col, rank });
      }
    }
  });

  test('the cursor starts on the bottom-left square: h8; the rank gutter names the board\'s ranks beside it', () => {
    assert.equal(squareOfCell(g, 0, g.rows - 1), 63);
    assert.equal(rowRank(g, g.rows - 1), 7, 'rank 8 at the bottom');
    assert.equal(rowRank(g, g.rows - 8), 0, 'rank 1 at the board\'s top');
    assert.equal(rowRank(g, 0), 0, 'the reserves\' rank 1 at the top of the drawing');
    assert.equal(rowRank(straight, 0), 17);
  });
});
