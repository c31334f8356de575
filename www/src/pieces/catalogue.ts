// The piece catalogue's search: each kind found by its name, its number
// (in the variant's list: pieces 1, 2, ..., pawn kinds numbered apart as
// "p1", "p2", ...) or its code, and filtered by what it does, read from
// the engine's sketch of its movement and its traits.
import type { PieceInfo } from '../engine/types';

export const PIECE_FILTERS = ['all', 'leaper', 'rider', 'hopper', 'bent', 'crooked', 'special capture', 'aura', 'borrowed powers', 'royal', 'pawn'] as const;
export type PieceFilter = (typeof PIECE_FILTERS)[number];

/** Each kind's number: pieces counted apart from pawn kinds ("12", "p3"). */
export function pieceNumbers(pieces: readonly PieceInfo[]): string[] {
  let piece = 0;
  let pawn = 0;
  return pieces.map((p) => (p.pawn === true ? `p${++pawn}` : String(++piece)));
}

/** Does `p` do what `filter` names? */
export function hasFeature(p: PieceInfo, filter: PieceFilter): boolean {
  const paths = p.sketch ?? [];
  switch (filter) {
    case 'all':
      return true;
    case 'leaper':
      return paths.some((s) => s.path === 'leap' || (s.path === 'step' && s.range === 1));
    case 'rider':
      return paths.some((s) => s.path === 'slide' || (s.path === 'step' && s.range !== 1));
    case 'hopper':
      return paths.some((s) => s.path === 'hop' || s.path === 'leapfrog' || s.grasshopper);
    case 'bent':
      return paths.some((s) => s.path === 'bent');
    case 'crooked':
      return paths.some((s) => s.path === 'crooked');
    case 'royal':
      return p.royal || (p.traits ?? []).includes('anti-royal');
    case 'pawn':
      return p.pawn === true;
    default:
      return (p.traits ?? []).includes(filter);
  }
}

/**
 * The kinds that answer the search `query` and the filter: those whose
 * code or number is the query, when some are (`LI` is the Lion, not every
 * name with "li" in it), else those whose name holds it.
 */
export function searchPieces(pieces: readonly PieceInfo[], query: string, filter: PieceFilter): Set<number> {
  const numbers = pieceNumbers(pieces);
  const kept = pieces.filter((p) => hasFeature(p, filter));
  const q = query.trim().toLowerCase();
  if (q === '') return new Set(kept.map((p) => p.kind));
  const bare = q.replace(/^(no\.?|#)\s*/, '').replace(/^pawn\s*/, 'p');
  const exact = kept.filter((p) => p.code.toLowerCase() === q || numbers[p.kind] === bare);
  const found = exact.length > 0 ? exact : kept.filter((p) => p.name.toLowerCase().includes(q));
  return new Set(found.map((p) => p.kind));
}
