// A piece as the editor's grid holds it: leaps to single squares and
// slides along rays, each moving, capturing or both, and perhaps only as
// the piece's first move; and the XBetza string that says the same, in
// short form (all eight knight leaps are `N`, the four rook rays `R`, the
// eight king steps `K`). What the string means is the engine's to say: the
// editor reads a string back through it (read.ts).
import { allDirections, shortestLetters, type Vec2 } from './directions';

/** What a marked square or ray allows. */
export type Mode = 'both' | 'move' | 'capture';

export interface Mark {
  mode: Mode;
  /** Only from the piece's starting square (`i`). */
  initial: boolean;
}

export interface SlideMark extends Mark {
  /** At most this many steps; 0 for no limit. */
  range: number;
}

/** Leaps by their vector, slides by their step vector ("x,y" keys, from White's side). */
export interface Design {
  leaps: Map<string, Mark>;
  slides: Map<string, SlideMark>;
}

export function emptyDesign(): Design {
  return { leaps: new Map(), slides: new Map() };
}

export function key(x: number, y: number): string {
  return `${x},${y}`;
}

export function unkey(k: string): Vec2 {
  const [x, y] = k.split(',').map(Number);
  return [x!, y!];
}

/** The atom of a vector: (small, large) of its absolute coordinates. */
export function atomOf(v: Vec2): Vec2 {
  const a = Math.abs(v[0]);
  const b = Math.abs(v[1]);
  return [Math.min(a, b), Math.max(a, b)];
}

const LETTER: Record<string, string> = { '0,1': 'W', '1,1': 'F', '0,2': 'D', '2,2': 'A', '0,3': 'H', '3,3': 'G', '1,2': 'N', '1,3': 'C', '2,3': 'Z' };

/** The atom's letter, or its (x,y) form. */
function atomText(atom: Vec2): string {
  return LETTER[key(atom[0], atom[1])] ?? `(${atom[0]},${atom[1]})`;
}

const MODE_LETTER: Record<Mode, string> = { both: '', move: 'm', capture: 'c' };

/** One component to write: vectors of one atom (or king directions) with one mark. */
interface Group {
  atom: Vec2;
  king: boolean;
  slide: boolean;
  range: number;
  mode: Mode;
  initial: boolean;
  dirs: Vec2[];
}

function groupKey(g: Omit<Group, 'dirs'>): string {
  return [g.atom.join(','), g.king, g.slide, g.range, g.mode, g.initial].join('/');
}

/** The direction letters of a group (null when none select its vectors): the bits of its vectors among the atom's. */
function letters(g: Group): string | null {
  const all = allDirections(g.atom, g.king);
  let want = 0;
  all.forEach((d, i) => {
    if (g.dirs.some((v) => v[0] === d[0] && v[1] === d[1])) want |= 1 << i;
  });
  return shortestLetters(g.atom, g.king, want);
}

/** The component's text; null when no direction letters say it (some sets of king steps). */
function componentText(g: Group): string | null {
  const dirs = letters(g);
  if (dirs === null) return null;
  let atom: string;
  if (g.king) atom = g.slide ? 'Q' : 'K';
  else if (g.slide && key(g.atom[0], g.atom[1]) === '0,1') atom = 'R';
  else if (g.slide && key(g.atom[0], g.atom[1]) === '1,1') atom = 'B';
  else atom = atomText(g.atom);
  let range = '';
  if (g.slide) {
    const named = atom === 'R' || atom === 'B' || atom === 'Q';
    // A letter atom rides as itself doubled (NN); a vector atom takes 0.
    range = g.range > 0 ? String(g.range) : named ? '' : atom.length === 1 ? atom : '0';
  }
  return `${g.initial ? 'i' : ''}${dirs}${MODE_LETTER[g.mode]}${atom}${range}`;
}

/** The design's components, grouped by atom, kind and mark. */
function groups(d: Design): Group[] {
  const out = new Map<string, Group>();
  const add = (v: Vec2, slide: boolean, m: Mark, range: number) => {
    const g = { atom: atomOf(v), king: false, slide, range: slide ? range : 0, mode: m.mode, initial: m.initial };
    const k = groupKey(g);
    const known = out.get(k);
    if (known === undefined) out.set(k, { ...g, dirs: [v] });
    else known.dirs.push(v);
  };
  for (const [k, m] of d.leaps) add(unkey(k), false, m, 0);
  for (const [k, m] of d.slides) add(unkey(k), true, m, m.range);
  return [...out.values()];
}

/**
 * Steps (W, F) or unit slides (R, B) of one mark written as one king
 * component (K, Q) when that is shorter: `K` for the eight steps, `fmQ`
 * hardly ever.
 */
function joinKing(list: Group[]): Group[] {
  const out: Group[] = [];
  const used = new Set<Group>();
  for (const w of list) {
    if (used.has(w) || w.atom.join() !== '0,1') continue;
    const f = list.find((g) => !used.has(g) && g.atom.join() === '1,1' && g.slide === w.slide && g.range === w.range && g.mode === w.mode && g.initial === w.initial);
    if (f === undefined) continue;
    const k: Group = { ...w, king: true, dirs: [...w.dirs, ...f.dirs] };
    const joined = componentText(k);
    if (joined !== null && joined.length < length(w) + length(f)) {
      used.add(w);
      used.add(f);
      out.push(k);
    }
  }
  return [...out, ...list.filter((g) => !used.has(g))];
}

/** The length of a W, F, R or B group's text (every set of their directions has letters). */
function length(g: Group): number {
  return componentText(g)?.length ?? Infinity;
}

/** Size of an atom, for ordering components: steps before leaps, short before long. */
function order(g: Group): number[] {
  return [g.initial ? 1 : 0, g.slide ? 0 : 1, g.king ? 0 : 1, g.atom[1], g.atom[0], ['both', 'move', 'capture'].indexOf(g.mode)];
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The XBetza string of a design ('' for no move): riders, then leaps, first-move parts last. */
export function writeDesign(d: Design): string {
  return joinKing(groups(d))
    .sort((a, b) => compare(order(a), order(b)))
    .map((g) => componentText(g) ?? '')
    .join('');
}

/**
 * The squares a design reaches on a grid of `radius` squares round the
 * piece, each with what the piece may do there: a square reached by a
 * leap and a slide, or by two marks, moves and captures as both allow, is
 * first-move-only when each of them is, and is a slide's when one is.
 */
export function designCells(d: Design, radius: number): Map<string, Mark & { slide: boolean }> {
  const out = new Map<string, Mark & { slide: boolean }>();
  const put = (k: string, m: Mark, slide: boolean) => {
    const old = out.get(k);
    if (old === undefined) {
      out.set(k, { mode: m.mode, initial: m.initial, slide });
      return;
    }
    if (old.mode !== m.mode) old.mode = 'both';
    old.initial &&= m.initial;
    old.slide ||= slide;
  };
  for (const [k, m] of d.leaps) put(k, m, false);
  for (const [k, m] of d.slides) {
    const [x, y] = unkey(k);
    for (let n = 1; m.range === 0 || n <= m.range; n++) {
      if (Math.abs(x * n) > radius || Math.abs(y * n) > radius) break;
      put(key(x * n, y * n), m, true);
    }
  }
  return out;
}

/** Whether two designs hold the same marks. */
export function sameDesign(a: Design, b: Design): boolean {
  const same = <T extends Mark>(x: Map<string, T>, y: Map<string, T>) =>
    x.size === y.size && [...x].every(([k, m]) => JSON.stringify(y.get(k)) === JSON.stringify(m));
  return same(a.leaps, b.leaps) && same(a.slides, b.slides);
}

/** The next mark of a click's cycle: none, move or capture, move only, capture only, none. */
export function nextMode(m: Mode | undefined): Mode | undefined {
  return m === undefined ? 'both' : m === 'both' ? 'move' : m === 'move' ? 'capture' : undefined;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The step of the ray through (x, y): the vector over its greatest common divisor. */
export function rayStep(x: number, y: number): Vec2 {
  const g = gcd(Math.abs(x), Math.abs(y)) || 1;
  return [x / g, y / g];
}

/**
 * A click on square (x, y): a leap there, or (`slide`) a slide along its
 * ray, goes to the next mark of the cycle, first-move-only as `initial`
 * says, a slide with `range` steps at most (0: no limit).
 */
export function click(d: Design, x: number, y: number, tool: { slide: boolean; initial: boolean; range: number }): void {
  if (x === 0 && y === 0) return;
  if (tool.slide) {
    const [sx, sy] = rayStep(x, y);
    const k = key(sx, sy);
    const mode = nextMode(d.slides.get(k)?.mode);
    if (mode === undefined) d.slides.delete(k);
    else d.slides.set(k, { mode, initial: tool.initial, range: tool.range });
  } else {
    const k = key(x, y);
    const mode = nextMode(d.leaps.get(k)?.mode);
    if (mode === undefined) d.leaps.delete(k);
    else d.leaps.set(k, { mode, initial: tool.initial });
  }
}
