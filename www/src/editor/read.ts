// A movement string read back into the editor's grid, from the engine's
// reading of it (wasm `movementPicture`): each plain component's leaps and
// slides become marks; what the grid cannot show (hops, bends, lame leaps,
// tags, leaps beyond the grid) is kept as written, beside it.
import { movementPicture } from 'bigboard-wasm';
import { emptyDesign, key, type Design, type Mode } from './design';

/** One component as the engine reads it. */
export interface PicturePart {
  text: string;
  plain: boolean;
  slide: boolean;
  range: number;
  dirs: [number, number][];
  moves: boolean;
  captures: boolean;
  initial: boolean;
}

/** Cell flags of a picture. */
export const CELL_MOVE = 1;
export const CELL_CAPTURE = 2;
export const CELL_INITIAL = 4;

/** A movement on an editor board: its components and the squares it reaches ([x, y, flags] from the piece). */
export interface Picture {
  parts: PicturePart[];
  cells: [number, number, number][];
}

/** The engine's picture of `text` on a `side` x `side` board; throws the engine's error for a bad string. */
export function picture(text: string, side: number): Picture {
  // A flat list of numbers (src/wasm/editor.rs says how it is laid out).
  const n = movementPicture(text, side);
  let i = 0;
  const next = () => n[i++] ?? 0;
  const parts: PicturePart[] = [];
  for (let count = next(); count > 0; count--) {
    const [start, end, flags, range, dirCount] = [next(), next(), next(), next(), next()];
    const dirs: [number, number][] = [];
    for (let k = 0; k < dirCount; k++) dirs.push([next(), next()]);
    const bit = (b: number) => (flags & (1 << b)) !== 0;
    parts.push({ text: text.slice(start, end), plain: bit(0), slide: bit(1), moves: bit(2), captures: bit(3), initial: bit(4), range, dirs });
  }
  const cells: [number, number, number][] = [];
  while (i < n.length) cells.push([next(), next(), next()]);
  return { parts, cells };
}

/** A string as the grid shows it: the design, and the components kept as written. */
export interface Reading {
  design: Design;
  /** The components the grid cannot show, as written, in order. */
  kept: string[];
}

function modeOf(p: PicturePart): Mode {
  return p.moves && p.captures ? 'both' : p.moves ? 'move' : 'capture';
}

/** Puts a mark on `map`; a square or ray marked twice (`mWcW`) moves and captures. */
function mark<T extends { mode: Mode; initial: boolean }>(map: Map<string, T>, k: string, m: T): void {
  const old = map.get(k);
  if (old === undefined) map.set(k, m);
  else if (old.mode !== m.mode) old.mode = 'both';
}

/** Reads the parts of `pic` into a design for a grid of `radius` squares round the piece. */
export function readPicture(pic: Picture, radius: number): Reading {
  const design = emptyDesign();
  const kept: string[] = [];
  for (const p of pic.parts) {
    const fits = p.dirs.every(([x, y]) => Math.abs(x) <= radius && Math.abs(y) <= radius);
    if (!p.plain || !fits || p.dirs.length === 0) {
      kept.push(p.text);
      continue;
    }
    for (const [x, y] of p.dirs) {
      const m = { mode: modeOf(p), initial: p.initial };
      if (p.slide) mark(design.slides, key(x, y), { ...m, range: p.range });
      else mark(design.leaps, key(x, y), m);
    }
  }
  return { design, kept };
}
