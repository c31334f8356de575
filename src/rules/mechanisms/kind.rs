//! A kind's own moves with its capture mechanisms and hurdle effects: the
//! moves a man of a kind makes by that kind's movement alone. The meta
//! families (`{jester}`, `{mimic}`, borrowers) call this file for the
//! lender's moves, never the dispatcher in `mod.rs` (a power is the lender
//! kind's own movement with its capture mechanisms:
//! `crate::rules::mechanisms::borrowed`).
//!
//! Rows of the family contract (docs/architecture.md, "The family
//! contract"): the moves of one kind, for every family that lends them.

use crate::betza::mech;
use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Color, EMPTY, Kind};
use crate::rules::mechanisms::hurdle;
use crate::rules::mechanisms::{capture, lines};
use crate::rules::position::Position;

/// The moves a man of `kind` and `us` on `from` makes by the movement
/// and mechanisms of `kind` itself: effects of the moves to empty
/// squares, overtaking, shots, swaps and destruction.
pub(crate) fn moves(pos: &Position, from: Square, kind: Kind, us: Color, out: &mut Vec<Move>) {
    moves_with(pos, from, kind, us, true, out);
}

/// [`moves`], with the hops' effects on their screens
/// when `hurdles` (a power lent to an `{orphan}` or `{friend}` man
/// hops without them).
pub(crate) fn moves_with(pos: &Position, from: Square, kind: Kind, us: Color, hurdles: bool, out: &mut Vec<Move>) {
    let start = out.len();
    pos.man_moves(from, kind, out);
    let km = lines::mechanics_of(pos, kind);
    if km.bits & mech::MOVING != 0 {
        for m in &mut out[start..] {
            if m.kind == MoveKind::Normal && m.from != m.to && pos.board[m.to as usize] == EMPTY {
                m.kind = capture::moving(pos, from, m.to, kind, us).kind;
            }
        }
    }
    if km.hurdle != 0 && hurdles {
        hurdle::add_hurdle_effects(pos, from, kind, us, start, out);
    }
    if km.bits & mech::OVERTAKE != 0 {
        capture::overtake_landings(pos, from, kind, us, |to| {
            let m = capture::moving(pos, from, to, kind, us);
            if !out[start..].contains(&m) {
                out.push(m);
            }
        });
    }
    if km.bits & (mech::SHOOT | mech::SWAP | mech::DESTROY) != 0 {
        capture::actions(pos, from, kind, us, out);
    }
}
