// The editor's string writer: short XBetza for what is marked on the grid,
// and (with the real engine, the wasm module built by ./build.sh, loaded
// in Node) every set of directions written reads back as the same set.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, test } from 'node:test';
import { loadEngine } from '../engine/engine';
import { click, emptyDesign, key, sameDesign, writeDesign, type Design, type Mode } from './design';
import { allDirections, selected, shortestLetters, type Vec2 } from './directions';
import { picture, readPicture } from './read';

const RADIUS = 7;

before(async () => {
  const bytes = await readFile(new URL('../../pkg/bigboard_bg.wasm', import.meta.url)).catch(() => {
    throw new Error('www/pkg/bigboard_bg.wasm is missing: build the wasm first (./build.sh from the repository root)');
  });
  await loadEngine(await WebAssembly.compile(bytes));
});

function leaps(vectors: readonly Vec2[], mode: Mode = 'both', initial = false, d: Design = emptyDesign()): Design {
  for (const [x, y] of vectors) d.leaps.set(key(x, y), { mode, initial });
  return d;
}

function slides(vectors: readonly Vec2[], mode: Mode = 'both', range = 0, initial = false, d: Design = emptyDesign()): Design {
  for (const [x, y] of vectors) d.slides.set(key(x, y), { mode, initial, range });
  return d;
}

const KNIGHT = allDirections([1, 2], false);
const ORTH = allDirections([0, 1], false);
const DIAG = allDirections([1, 1], false);

test('whole sets are written with the bare atom', () => {
  assert.equal(writeDesign(leaps(KNIGHT)), 'N');
  assert.equal(writeDesign(slides(ORTH)), 'R');
  assert.equal(writeDesign(slides(DIAG)), 'B');
  assert.equal(writeDesign(slides([...ORTH, ...DIAG])), 'Q');
  assert.equal(writeDesign(leaps([...ORTH, ...DIAG])), 'K');
  assert.equal(writeDesign(slides(KNIGHT)), 'NN');
  assert.equal(writeDesign(slides(ORTH, 'both', 4)), 'R4');
  assert.equal(writeDesign(slides([...ORTH, ...DIAG], 'move')), 'mQ');
  assert.equal(writeDesign(leaps(KNIGHT, 'both', false, slides(ORTH))), 'RN');
  assert.equal(writeDesign(leaps(allDirections([1, 4], false))), '(1,4)');
  assert.equal(writeDesign(slides(allDirections([1, 4], false))), '(1,4)0');
  assert.equal(writeDesign(emptyDesign()), '');
});

test('directional pieces take direction letters and modes', () => {
  assert.equal(writeDesign(leaps([[0, 1]], 'both', false, leaps([[1, -1], [-1, -1]]))), 'fWbF');
  const pawn = leaps([[0, 1]], 'move', false, leaps([[1, 1], [-1, 1]], 'capture'));
  slides([[0, 1]], 'move', 2, true, pawn);
  assert.equal(writeDesign(pawn), 'fmWfcFifmR2');
  assert.equal(writeDesign(leaps([[0, 1], [1, 0], [-1, 0]])), 'fsW');
  assert.equal(writeDesign(leaps([[1, 2], [-1, 2]])), 'fN');
  assert.equal(writeDesign(leaps([[1, 2]])), 'rfN');
  assert.equal(writeDesign(slides([[0, 1], [0, -1]])), 'vR');
  // Forward-left, forward-right and back-left diagonals: `f` then `bl`; `fl` alone would be one diagonal.
  const three = writeDesign(leaps([[1, 1], [-1, 1], [-1, -1]]));
  assert.equal(three.length, 4);
  assert.deepEqual(selected([1, 1], false, three.slice(0, -1))?.length, 3);
});

test('a click cycles a square through both, move only, capture only and none; a slide marks the ray', () => {
  const d = emptyDesign();
  const tool = { slide: false, initial: false, range: 0 };
  const seen: string[] = [];
  for (let i = 0; i < 4; i++) {
    click(d, 1, 2, tool);
    seen.push(writeDesign(d));
  }
  assert.deepEqual(seen, ['rfN', 'rfmN', 'rfcN', '']);
  click(d, 0, 3, { slide: true, initial: false, range: 0 });
  click(d, 2, 4, { slide: true, initial: true, range: 0 });
  assert.deepEqual([...d.slides.keys()].sort(), ['0,1', '1,2']);
  assert.equal(writeDesign(d), 'fRirfNN');
});

test('the shortest letters select exactly the set asked, for every set of every class', () => {
  for (const [atom, king] of [[[0, 1], false], [[1, 1], false], [[1, 2], false], [[0, 1], true], [[2, 3], false]] as const) {
    const all = allDirections(atom, king);
    for (let want = 1; want < 1 << all.length; want++) {
      const text = shortestLetters(atom, king, want);
      // Only the king's system has sets no letters say ({f, r}: `fr` and `rf` are the diagonal).
      if (text === null && king) continue;
      assert.ok(text !== null, `${JSON.stringify(atom)} ${want} has letters`);
      const got = selected(atom, king, text);
      assert.ok(got !== null, `${text} means something`);
      assert.deepEqual(got, all.filter((_, i) => (want & (1 << i)) !== 0), `${JSON.stringify(atom)} ${king} ${want}: ${text}`);
    }
  }
});

/** A design read back through the engine from the string written for it. */
function roundTrip(d: Design): Design {
  const text = writeDesign(d);
  const r = readPicture(picture(text, 2 * RADIUS + 1), RADIUS);
  assert.deepEqual(r.kept, [], text);
  return r.design;
}

test('the engine reads every written set of directions back as the same set', () => {
  const atoms: [Vec2, boolean][] = [[[0, 1], false], [[1, 1], false], [[1, 2], false], [[0, 2], false], [[1, 3], false]];
  for (const [atom] of atoms) {
    const all = allDirections(atom, false);
    for (let want = 1; want < 1 << all.length; want++) {
      const vectors = all.filter((_, i) => (want & (1 << i)) !== 0);
      for (const d of [leaps(vectors, 'capture'), slides(vectors, 'move', atom[1] === 1 ? 3 : 0, true)]) {
        assert.ok(sameDesign(roundTrip(d), d), writeDesign(d));
      }
    }
  }
  // King steps and queen rays of one mark, joined or not.
  for (let want = 1; want < 256; want++) {
    // Every set of king steps is written, joined as K where letters say it shorter.
    const vectors = allDirections([0, 1], true).filter((_, i) => (want & (1 << i)) !== 0);
    for (const d of [leaps(vectors), slides(vectors, 'capture')]) assert.ok(sameDesign(roundTrip(d), d), writeDesign(d));
  }
});

test('the engine shows the destinations of a written pawn, and keeps a hop as written', () => {
  const pic = picture('fmWfcFifmR2cpR', 15);
  const flags = new Map(pic.cells.map(([x, y, f]) => [key(x, y), f]));
  assert.equal(flags.get('0,1'), 1);
  assert.equal(flags.get('1,1'), 2);
  assert.equal(flags.get('0,2'), 1 | 4);
  const r = readPicture(pic, RADIUS);
  assert.deepEqual(r.kept, ['cpR']);
  assert.equal(writeDesign(r.design), 'fmWfcFifmR2');
  assert.throws(() => picture('fmX', 15), /character 3/);
});
