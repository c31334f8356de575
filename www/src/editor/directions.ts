// XBetza direction letters (f b l r v s h) for a set of leaps or slides of
// one atom: what a string of letters selects, read as the engine reads it
// (src/betza/direction.rs, NOTATION.md "Directions"), and the shortest
// string that selects exactly a given set. The piece editor writes its
// strings with this; the engine reads them back, and the end-to-end tests
// check that every set comes back as it was written.

/** A vector (file step, rank step) from White's side. */
export type Vec2 = readonly [number, number];

const VERTICAL = 'fbv';
const HORIZONTAL = 'lrs';

/** Whether letters a then b are read as one token (a pair). */
export function pairs(a: string, b: string): boolean {
  if (a === b) return false;
  // Only f, b, l and r open a pair: `sbK` is s + b.
  const opens = 'fblr'.includes(a);
  return (
    (opens && VERTICAL.includes(a) && HORIZONTAL.includes(b)) ||
    (opens && HORIZONTAL.includes(a) && VERTICAL.includes(b)) ||
    a === 'h' ||
    b === 'h'
  );
}

/** Splits direction letters into tokens, as the engine does: `ffs` is f + fs. */
export function tokenize(letters: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < letters.length) {
    const a = letters[i]!;
    const b = letters[i + 1];
    if (b !== undefined && pairs(a, b)) {
      out.push(a + b);
      i += 2;
    } else {
      out.push(a);
      i += 1;
    }
  }
  return out;
}

/** The eight unit directions, clockwise from straight ahead. */
export const RING: readonly Vec2[] = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];

/** Every image of atom (x, y) under rotation and reflection, in the engine's order. */
export function images(atom: Vec2): Vec2[] {
  const [x, y] = atom;
  const out: Vec2[] = [];
  for (const [a, b] of [[x, y], [y, x]] as const) {
    for (const sa of [1, -1]) {
      for (const sb of [1, -1]) {
        const d: Vec2 = [a * sa + 0, b * sb + 0];
        if (!out.some((o) => o[0] === d[0] && o[1] === d[1])) out.push(d);
      }
    }
  }
  return out;
}

/** An atom's class: which reading its letters get. */
export type AtomClass = 'orthogonal' | 'diagonal' | 'oblique' | 'king';

export function atomClass(atom: Vec2, king: boolean): AtomClass {
  if (king) return 'king';
  if (atom[0] === atom[1]) return 'diagonal';
  return atom[0] === 0 ? 'orthogonal' : 'oblique';
}

/** The directions an atom has: the eight king directions, or the atom's images. */
export function allDirections(atom: Vec2, king: boolean): Vec2[] {
  return king ? [...RING] : images(atom);
}

function simple(letter: string, d: Vec2): boolean | null {
  switch (letter) {
    case 'f': return d[1] > 0;
    case 'b': return d[1] < 0;
    case 'l': return d[0] < 0;
    case 'r': return d[0] > 0;
    case 'v': return d[0] === 0 || Math.abs(d[0]) === Math.abs(d[1]);
    case 's': return d[1] === 0 || Math.abs(d[0]) === Math.abs(d[1]);
    default: return null;
  }
}

/** On orthogonal atoms v and s are the vertical and sideways pairs. */
function simpleStrict(letter: string, d: Vec2, diagonal: boolean): boolean | null {
  if (!diagonal && letter === 'v') return d[0] === 0;
  if (!diagonal && letter === 's') return d[1] === 0;
  return simple(letter, d);
}

function oblique(letter: string, d: Vec2): boolean | null {
  const narrow = Math.abs(d[1]) > Math.abs(d[0]);
  switch (letter) {
    case 'f': return d[1] > 0 && narrow;
    case 'b': return d[1] < 0 && narrow;
    case 'l': return d[0] < 0 && !narrow;
    case 'r': return d[0] > 0 && !narrow;
    case 'v': return narrow;
    case 's': return !narrow;
    default: return null;
  }
}

function obliquePair(a: string, b: string, d: Vec2): boolean | null {
  const narrow = Math.abs(d[1]) > Math.abs(d[0]);
  const [x, y] = d;
  if (a === 'h' || b === 'h') {
    if (a === 'h' && b === 'r') return (x * y > 0) === narrow;
    if (a === 'h' && b === 'l') return (x * y > 0) !== narrow;
    switch (a === 'h' ? b : a) {
      case 'f': return y > 0;
      case 'b': return y < 0;
      case 'l': return x < 0;
      case 'r': return x > 0;
      default: return null;
    }
  }
  const p = a + b;
  if (p === 'fs' || p === 'sf') return y > 0 && !narrow;
  if (p === 'bs' || p === 'sb') return y < 0 && !narrow;
  if (p === 'lv' || p === 'vl') return x < 0 && narrow;
  if (p === 'rv' || p === 'vr') return x > 0 && narrow;
  if ('lr'.includes(a) && 'fb'.includes(b)) return both(oblique(b, d), simple(a, d));
  if ('fb'.includes(a) && 'lr'.includes(b)) return both(oblique(b, d), simple(a, d));
  return null;
}

function both(x: boolean | null, y: boolean | null): boolean | null {
  return x === null || y === null ? null : x && y;
}

function king(token: string, d: Vec2): boolean | null {
  const ys = (v: string) => (v === 'f' ? [1] : v === 'b' ? [-1] : v === 'v' ? [1, -1] : null);
  const xs = (h: string) => (h === 'l' ? [-1] : h === 'r' ? [1] : h === 's' ? [1, -1] : null);
  if (token.length === 1) {
    const y = ys(token);
    if (y !== null) return d[0] === 0 && y.includes(d[1]);
    const x = xs(token);
    return x === null ? null : d[1] === 0 && x.includes(d[0]);
  }
  const [a, b] = [token[0]!, token[1]!];
  const [v, h] = VERTICAL.includes(a) ? [a, b] : [b, a];
  const y = ys(v);
  const x = xs(h);
  return y === null || x === null ? null : y.includes(d[1]) && x.includes(d[0]);
}

/** Whether one token selects direction `d` of an atom of class `c`; null when the token means nothing there. */
export function tokenSelects(c: AtomClass, token: string, d: Vec2): boolean | null {
  if (c === 'king') return king(token, d);
  if (c === 'oblique') return token.length === 1 ? oblique(token, d) : obliquePair(token[0]!, token[1]!, d);
  const diagonal = c === 'diagonal';
  if (token.length === 1) return simpleStrict(token, d, diagonal);
  const x = simpleStrict(token[0]!, d, diagonal);
  const y = simpleStrict(token[1]!, d, diagonal);
  if (x === null || y === null) return null;
  return diagonal ? x && y : x || y;
}

/** The directions `letters` select of an atom (all of them for none); null when a letter means nothing there. */
export function selected(atom: Vec2, kingSystem: boolean, letters: string): Vec2[] | null {
  const all = allDirections(atom, kingSystem);
  if (letters === '') return all;
  const c = atomClass(atom, kingSystem);
  const hit = new Set<number>();
  for (const t of tokenize(letters)) {
    for (let i = 0; i < all.length; i++) {
      const s = tokenSelects(c, t, all[i]!);
      if (s === null) return null;
      if (s) hit.add(i);
    }
  }
  return all.filter((_, i) => hit.has(i));
}

const LETTERS = 'fblrvsh';

/** The tokens to try, singles first, each with the bit set it selects (bit i: `all[i]`). */
function tokensOf(c: AtomClass, all: readonly Vec2[]): { token: string; mask: number }[] {
  const out: { token: string; mask: number }[] = [];
  const candidates: string[] = [];
  for (const a of LETTERS) if (a !== 'h') candidates.push(a);
  for (const a of LETTERS) for (const b of LETTERS) if (pairs(a, b)) candidates.push(a + b);
  for (const token of candidates) {
    let mask = 0;
    let meaningful = true;
    all.forEach((d, i) => {
      const s = tokenSelects(c, token, d);
      if (s === null) meaningful = false;
      else if (s) mask |= 1 << i;
    });
    if (meaningful && mask !== 0) out.push({ token, mask });
  }
  return out;
}

const cache = new Map<AtomClass, Map<number, string>>();

/**
 * The shortest letters selecting exactly the directions `want` of an
 * atom (bit i: the i-th of `allDirections`); '' for all of them; null for
 * a set no letters select (a king's forward and right steps: `fr` is the
 * diagonal between them, and so is `rf`). Found
 * once per class of atom for every set: a search over (directions
 * covered, last letter written alone), as a single letter followed by one
 * it pairs with would be read as a pair.
 */
export function shortestLetters(atom: Vec2, kingSystem: boolean, want: number): string | null {
  const all = allDirections(atom, kingSystem);
  const full = (1 << all.length) - 1;
  if (want === full) return '';
  const c = atomClass(atom, kingSystem);
  let table = cache.get(c);
  if (table === undefined) {
    table = buildTable(c, all);
    cache.set(c, table);
  }
  return table.get(want) ?? null;
}

/** For every reachable set of directions, its shortest letters (breadth first by length). */
function buildTable(c: AtomClass, all: readonly Vec2[]): Map<number, string> {
  const tokens = tokensOf(c, all);
  // States: a written string's set, and its last letter when that letter
  // stands alone (it could pair with the next).
  const best = new Map<number, string>();
  const seen = new Set<string>();
  let frontier: { mask: number; text: string; loose: string }[] = [{ mask: 0, text: '', loose: '' }];
  // Lengths grow by one or two letters: keep a queue per length.
  const byLength = new Map<number, typeof frontier>();
  byLength.set(0, frontier);
  for (let len = 0; len <= 16; len++) {
    frontier = byLength.get(len) ?? [];
    for (const s of frontier) {
      const key = `${s.mask}/${s.loose}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (s.mask !== 0 && !best.has(s.mask)) best.set(s.mask, s.text);
      for (const t of tokens) {
        if ((s.mask | t.mask) === s.mask) continue;
        if (s.loose !== '' && pairs(s.loose, t.token[0]!)) continue;
        const next = { mask: s.mask | t.mask, text: s.text + t.token, loose: t.token.length === 1 ? t.token : '' };
        const l = next.text.length;
        const list = byLength.get(l) ?? [];
        list.push(next);
        byLength.set(l, list);
      }
    }
  }
  return best;
}
