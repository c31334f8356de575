import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Color, MovementSketch, PieceInfo } from '../engine/types';
import { drawToken } from './token';

/** A stand-in canvas context: records the centres of the small filled dots it is asked to draw. */
function recorder() {
  const dots: [number, number][] = [];
  let arc: [number, number, number] | null = null;
  const ctx = new Proxy(
    {},
    {
      get(_, key) {
        if (key === 'arc') return (x: number, y: number, r: number) => (arc = [x, y, r]);
        if (key === 'beginPath') return () => (arc = null);
        if (key === 'fill') return () => {
          if (arc !== null && arc[2] <= 6) dots.push([Math.round(arc[0]), Math.round(arc[1])]);
        };
        return () => {};
      },
      set: () => true,
    },
  ) as CanvasRenderingContext2D;
  return { ctx, dots };
}

const sketch = (dirs: [number, number][]): MovementSketch => ({
  path: 'step',
  atom: [0, 1],
  dirs,
  range: 1,
  moves: true,
  captures: true,
  style: 'normal',
  ski: false,
  lame: false,
  initial: false,
  wrap: false,
  grasshopper: false,
  legs: 1,
  last_atom: [0, 1],
  last_rides: false,
});

const piece = (dirs: [number, number][]): PieceInfo => ({ kind: 3, code: 'X', name: 'Test', moves: '', royal: false, value: null, description: '', sketch: [sketch(dirs)] });

function dotsOf(dirs: [number, number][], color: Color, flipped: boolean): [number, number][] {
  const r = recorder();
  drawToken(r.ctx, piece(dirs), color, flipped);
  return r.dots;
}

test("a step forward is drawn toward the opponent: up for White, down for Black, and the other way on a turned board", () => {
  assert.deepEqual(dotsOf([[0, 1]], 0, false), [[50, 26]]);
  assert.deepEqual(dotsOf([[0, 1]], 1, false), [[50, 74]]);
  assert.deepEqual(dotsOf([[0, 1]], 0, true), [[50, 74]]);
  assert.deepEqual(dotsOf([[0, 1]], 1, true), [[50, 26]]);
});

test('a step to the right (from White) stays on the right for Black, and turns with the board', () => {
  assert.deepEqual(dotsOf([[1, 0]], 0, false), [[74, 50]]);
  assert.deepEqual(dotsOf([[1, 0]], 1, false), [[74, 50]]);
  assert.deepEqual(dotsOf([[1, 0]], 0, true), [[26, 50]]);
});

test('one dot per direction; a piece with no sketch is its code alone', () => {
  assert.equal(dotsOf([[0, 1], [1, 1], [-1, 1]], 0, false).length, 3);
  const r = recorder();
  drawToken(r.ctx, { ...piece([]), sketch: [] }, 0, false);
  assert.deepEqual(r.dots, []);
});
