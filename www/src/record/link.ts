// A game link: the variant, start position and moves in the page address's
// fragment (#variant=xhess&moves=e2e4,e9e7), so a game opens the same in
// any browser and two players can correspond by sending links. The
// fragment never reaches a server. The engine judges the moves on opening.

/** What a link holds. */
export interface LinkedGame {
  variant: string;
  /** The start position, or null for the variant's setup. */
  fen: string | null;
  /** Coordinate moves. */
  moves: string[];
  /** The seed of a random setup (then `fen` is null), or absent. */
  seed?: number | null;
}

/** The fragment (with its '#') for a game. */
export function linkFragment(g: LinkedGame): string {
  const p = new URLSearchParams();
  p.set('variant', g.variant);
  if (g.fen !== null) p.set('fen', g.fen);
  if (g.seed !== undefined && g.seed !== null) p.set('seed', String(g.seed));
  if (g.moves.length > 0) p.set('moves', g.moves.join(','));
  return `#${p.toString()}`;
}

/** The game in a fragment ('#...' or ''), or null when it holds none. */
export function readFragment(hash: string): LinkedGame | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const variant = p.get('variant')?.trim() ?? '';
  if (variant === '') return null;
  const fen = p.get('fen')?.trim() ?? '';
  const moves = (p.get('moves') ?? '').split(/[\s,]+/).filter((m) => m !== '');
  const seedText = p.get('seed')?.trim() ?? '';
  const seed = /^[0-9]{1,16}$/.test(seedText) ? Number(seedText) : null;
  return seed === null ? { variant, fen: fen === '' ? null : fen, moves } : { variant, fen: fen === '' ? null : fen, moves, seed };
}
