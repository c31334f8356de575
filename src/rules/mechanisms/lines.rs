//! The squares and lines the mechanism families read: a step along a
//! line (turned for Black), the ring of eight neighbours, who stands where,
//! a kind's mechanisms, and the kings a `{coord}` man coordinates with.
//! No rule of its own: the family files below call these by path
//! (`lines::toward(pos, sq, v, us)`).

use crate::betza::{Dir, RING};
use crate::core::geometry::Square;
use crate::core::piece::{Color, EMPTY, Kind, cell_color, cell_kind};
use crate::rules::position::Position;
use crate::variant::mechanics::KindMechanics;

/// `n` with `(dx, dy) == n * v`, `n >= 1`, if there is one.
#[inline]
pub(crate) fn multiple(dx: i32, dy: i32, v: Dir) -> Option<i32> {
    // Most lines are a king's directions: no division needed (this test
    // runs for every line of every man in each attack test).
    if v.0.abs() <= 1 && v.1.abs() <= 1 {
        let n = dx.abs().max(dy.abs());
        return (n >= 1 && dx == n * v.0 && dy == n * v.1).then_some(n);
    }
    let n = if v.0 != 0 { dx / v.0 } else { dy / v.1 };
    (n >= 1 && dx == n * v.0 && dy == n * v.1).then_some(n)
}

/// Is `n` squares within a line's `range` (0: no limit)?
pub(crate) fn within(range: u8, n: i32) -> bool {
    range == 0 || n <= range as i32
}

/// The mechanisms of `kind`, as the definition compiled them.
pub(crate) fn mechanics_of(pos: &Position, kind: Kind) -> &KindMechanics {
    &pos.variant.pieces[kind].mechanics
}

/// The square `v` (given for White; turned 180° for Black) away.
#[inline]
pub(crate) fn toward(pos: &Position, sq: Square, v: Dir, color: Color) -> Option<Square> {
    let s = if color == 0 { 1 } else { -1 };
    pos.variant.geometry.offset(sq, v.0 * s, v.1 * s)
}

pub(crate) fn neighbours(pos: &Position, sq: Square) -> impl Iterator<Item = Square> + '_ {
    let g = pos.variant.geometry;
    RING.iter().filter_map(move |&(dx, dy)| g.offset(sq, dx, dy))
}

/// Does a man of `color` stand on `sq`?
#[inline]
pub(crate) fn holds(pos: &Position, sq: Square, color: Color) -> bool {
    let c = pos.board[sq as usize];
    c != EMPTY && cell_color(c) == color
}

/// The kind of the man on `from`, which immunity is judged against
/// whatever kind's moves it makes (a borrowed power, a mimicked one).
#[inline]
pub(crate) fn mover_kind(pos: &Position, from: Square) -> Kind {
    cell_kind(pos.board[from as usize])
}

/// Has `color` a man of one of `kinds` on the board?
#[inline]
pub(crate) fn has_any(pos: &Position, kinds: &[Kind], color: Color) -> bool {
    kinds.iter().any(|&k| pos.count(k, color) > 0)
}

/// The first man of the variant's first royal kind, the king a
/// `{coord}` man coordinates with (UC-170-17: the Standard King).
pub(crate) fn coordinating_kings(pos: &Position, us: Color) -> impl Iterator<Item = Square> + '_ {
    let king = pos.variant.pieces.iter().position(|p| p.royal);
    pos.royals[us]
        .iter()
        .copied()
        .filter(move |&k| Some(cell_kind(pos.board[k as usize])) == king)
}
