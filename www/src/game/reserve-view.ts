// What the board shows of a game's reserves: the reserves laid out beside
// the board (and as strips for a narrow screen), an open turn's drop
// squares, and the squares a turn's text dropped on.
import { parseSquare } from '../board/geometry';
import { reserveLayout } from '../board/reserve-layout';
import type { DropView, ReserveView } from '../board/reserve-render';
import { stripLayout } from '../board/reserve-strip';
import type { Rules } from '../engine/engine';
import type { Color, SideReserve, Square, VariantInfo } from '../engine/types';
import type { OpenTurn } from './turn';

/** The reserves of the position of `rules`, laid out beside its board, or null in a variant without reserves. */
export function reserveViewOf(rules: Rules, v: VariantInfo): ReserveView | null {
  const sides = rules.reserves();
  if (sides === null) return null;
  const most = (f: (s: SideReserve) => number) => Math.max(f(sides[0]), f(sides[1]));
  const layout = reserveLayout(v.width, v.height, most((s) => s.pieces.length), most((s) => s.pawns.length));
  const names = v.sides ?? ['White', 'Black'];
  return { layout, strip: stripLayout(v.width, v.height), sides, names: [names[0], names[1]] };
}

/** An open turn's drop squares, for `side` (the mover). */
export function dropViewOf(t: OpenTurn, side: Color): DropView {
  const pieces = t.pieceTargets();
  const pawns = t.pawnTargets();
  return {
    side,
    piece: t.options.piece === null || pieces.length === 0 ? null : { kind: t.options.piece.kind, squares: pieces },
    pawn: t.options.pawn === null || pawns.length === 0 ? null : { kind: t.options.pawn.kind, squares: pawns },
    picked: t.picked,
  };
}

/** The squares a turn's text drops on (`e2e4+@c1+@f2`, `+{AK}@f2`). */
export function dropSquaresOf(text: string, files: number, ranks: number): Square[] {
  const out: Square[] = [];
  for (const m of text.matchAll(/@([a-z]{1,2}[0-9]{1,3})/g)) {
    const sq = parseSquare(m[1]!, files, ranks);
    if (sq !== null) out.push(sq);
  }
  return out;
}
