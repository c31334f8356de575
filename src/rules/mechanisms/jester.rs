//! `{jester}`: a man that moves as the kind the opponent moved last, and
//! takes only when that move took.
//!
//! Rows of the family contract (docs/architecture.md, "The family
//! contract") it fills: its moves ([`lender`], [`keep_borrowed`]), "could
//! this man remove that one" ([`takes`]: only on its own turn) and the
//! kind whose mechanisms its move uses (`Position::acting_kind`, with
//! `ACTING` in the move's `aux`). Its state is the position's
//! `last_mover` (hashed by `mover_key`, the FEN field `mover`), kept where
//! the variant `reads_last_turn`.

use crate::betza::hurdle;
use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Color, Kind};
use crate::rules::mechanisms::borrowed;
use crate::rules::mechanisms::hurdle as hurdle_family;
use crate::rules::mechanisms::hurdle::ACTING;
use crate::rules::mechanisms::{kind, lines};
use crate::rules::position::{Position, TOOK};

/// The kind a `{jester}` of the side to move acts as: the kind the
/// opponent moved last (and whether that move took), none before any
/// move or when that kind borrows its own moves.
pub(crate) fn lender(pos: &Position) -> Option<(Kind, bool)> {
    if pos.last_mover == 0 {
        return None;
    }
    let kind = (pos.last_mover & !TOOK) as usize - 1;
    (!lines::mechanics_of(pos, kind).jester).then_some((kind, pos.last_mover & TOOK != 0))
}

/// Keeps, of the moves from `start` a man made as `lender`, those it
/// may make: captures only when the lender's move took; of a pawn
/// kind, only its one-square moves, neither promoting nor taking en
/// passant. Effect moves carry [`ACTING`] in `aux`, so that playing
/// them derives the lender's effects.
pub(crate) fn keep_borrowed(pos: &Position, start: usize, lender: Kind, took: bool, out: &mut Vec<Move>) {
    let g = pos.variant.geometry;
    let pawn = pos.variant.pawn[lender];
    if pawn {
        borrowed::plain_pawn_power(start, out);
    }
    let mut keep = start;
    for i in start..out.len() {
        let mut m = out[i];
        if m.kind == MoveKind::Effect {
            m.aux |= ACTING;
        }
        let near = (g.file(m.to) - g.file(m.from)).abs() <= 1 && (g.rank(m.to) - g.rank(m.from)).abs() <= 1;
        let ok = (took || !pos.is_capture(m)) && (!pawn || near);
        if ok {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Could the `{jester}` of `by` on `from` take `target` now? Only on
/// its own turn (its powers come from the opponent's last move), and
/// only when that move took.
pub(crate) fn takes(pos: &Position, from: Square, by: Color, target: Square) -> bool {
    let Some((lender, true)) = lender(pos).filter(|_| by == pos.side) else {
        return false;
    };
    if pos.variant.pawn[lender] {
        // Only the pawn's one-square moves: asked of those moves, as
        // the generator makes them (with their mechanisms' victims).
        let mut moves = Vec::new();
        kind::moves(pos, from, lender, by, &mut moves);
        moves.retain(|m| m.kind != MoveKind::Path);
        keep_borrowed(pos, 0, lender, true, &mut moves);
        return moves.into_iter().any(|m| pos.captures_of(m).contains(&target));
    }
    if lines::mechanics_of(pos, lender).hurdle & hurdle::CIRCE != 0 {
        return hurdle_family::circe_takes(pos, from, lender, by, target);
    }
    borrowed::kind_takes(pos, from, lender, by, target)
}
