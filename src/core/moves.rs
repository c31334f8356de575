//! The move type: eight bytes, with side effects (en-passant victim,
//! castling rook) derived when the move is played rather than stored.

use crate::core::geometry::Square;

/// What kind of move this is; future kinds (drops, multi-captures, swaps)
/// extend this list without growing [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum MoveKind {
    /// From one square to another (or back to the same square: a pass),
    /// capturing whatever stands on the target.
    Normal = 0,
    /// Castling; `aux` is the index of the castling rule.
    Castle = 1,
    /// En-passant capture; `aux` is the victim's square.
    EnPassant = 2,
    /// A move that takes one man on a square other than its landing square
    /// (a locust: the Lion's capture on the way, its igui with `to ==
    /// from`), besides whatever stands on `to`; `aux` is that square.
    Locust = 3,
    /// A chain that takes two or more men on the way: `aux` is the ordinal
    /// of its effect among the mover's effects on `to` that take two or more
    /// (see [`crate::rules::walk::special`]); playing it walks the chain again.
    Path = 4,
    /// A move whose mechanisms (`{withdraw}`, `{approach}`, `{overtake}`,
    /// `{coord}`, `{custodial}`) take men or whose hop acts on its screen
    /// (`{andernach}`, `{einstein}`, `{circe}`): the effects are derived
    /// again when it is played (see `crate::rules::mechanisms`,
    /// [`crate::rules::mechanisms::hurdle`]). `aux`: the low byte names the kind a `{jester}`
    /// acts as (plus one; 0 for its own), the high byte the file of a
    /// chosen rebirth square (plus one; 0 for none).
    Effect = 5,
    /// A shot: the man on `to` is taken; the mover stays on `from`.
    Shoot = 6,
    /// The mover and the man on `to` change places.
    Swap = 7,
    /// Mutual destruction: the mover and the enemy on `to` leave the board.
    Destroy = 8,
    /// A frozen man removes itself; `to == from`.
    Remove = 9,
}

/// Where a turn's drops start in [`Move::aux`] in variants with reserves
/// (boards of at most 64 squares): the move's extra (a victim's square, a
/// path's ordinal, a castling rule, an Effect's bits) takes the six bits
/// below, the drops the ten above (see [`crate::rules::reserve::drops`]).
pub const DROPS_SHIFT: u16 = 6;

/// A move. `promotion` is the new kind plus one, 0 for none.
///
/// Moves compare as one number ([`Move::bits`]), the fields in the order
/// they lie in memory: field by field, the WebAssembly build compared five
/// fields with a branch each (LLVM merges such comparisons into one load
/// natively, not for WebAssembly), and the search compares moves with the
/// hash move and the killers at every turn.
#[derive(Clone, Copy, Debug, PartialOrd, Ord)]
#[repr(C)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    pub promotion: u8,
    pub aux: u16,
}

impl PartialEq for Move {
    #[inline(always)]
    fn eq(&self, other: &Move) -> bool {
        self.bits() == other.bits()
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.bits().hash(state);
    }
}

impl Move {
    /// Every field, in one number: equal moves have equal bits.
    #[inline(always)]
    pub fn bits(self) -> u64 {
        u64::from(self.from)
            | u64::from(self.to) << 16
            | u64::from(self.kind as u8) << 32
            | u64::from(self.promotion) << 40
            | u64::from(self.aux) << 48
    }

    pub const fn normal(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
            promotion: 0,
            aux: 0,
        }
    }

    /// The kind the piece becomes, if the move promotes.
    pub const fn promotion_kind(self) -> Option<usize> {
        if self.promotion == 0 {
            None
        } else {
            Some(self.promotion as usize - 1)
        }
    }

    /// A locust move: from `from` to `to`, taking the man on `victim` on
    /// the way.
    pub const fn locust(from: Square, to: Square, victim: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Locust,
            promotion: 0,
            aux: victim,
        }
    }

    /// Moves are equal for perft and move text when (from, to, promotion)
    /// agree, for a hop's rebirth also the square chosen, and for locusts
    /// and chains also the men they take on the way
    /// (en passant is told apart by its squares alone). Castling is never
    /// the king's own step to the same square (Wildebeest's king castles
    /// one square too).
    pub const fn key(self) -> (Square, Square, u8, u32) {
        // A turn's drops are not in the key: moves are compared so while
        // they are generated, before drops are added (`crate::rules::reserve::drops`).
        let extra = match self.kind {
            MoveKind::Locust => 1 << 16 | self.aux as u32,
            MoveKind::Path => 2 << 16 | self.aux as u32,
            MoveKind::Castle => 3 << 16,
            MoveKind::Shoot => 4 << 16,
            MoveKind::Swap => 5 << 16,
            MoveKind::Destroy => 6 << 16,
            MoveKind::Remove => 7 << 16,
            // A rebirth's choice (the square's file, see `crate::rules::mechanisms::hurdle`),
            // not whose powers a `{jester}` uses (the lowest bit).
            MoveKind::Effect if self.aux >> 1 != 0 => 8 << 16 | (self.aux >> 1) as u32,
            _ => 0,
        };
        (self.from, self.to, self.promotion, extra)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn moves_stay_eight_bytes() {
        assert_eq!(std::mem::size_of::<super::Move>(), 8);
    }

    #[test]
    fn moves_are_equal_only_when_every_field_is() {
        use super::{Move, MoveKind};
        let base = Move {
            from: 300,
            to: 17,
            kind: MoveKind::EnPassant,
            promotion: 5,
            aux: 260,
        };
        let others = [
            Move { from: 301, ..base },
            Move { to: 16, ..base },
            Move {
                kind: MoveKind::Locust,
                ..base
            },
            Move { promotion: 6, ..base },
            Move { aux: 4, ..base },
            // Each field at its largest, so that none spills into the next.
            Move {
                from: u16::MAX,
                to: u16::MAX,
                kind: MoveKind::Remove,
                promotion: u8::MAX,
                aux: u16::MAX,
            },
        ];
        assert_eq!(base, Move { ..base });
        for (i, m) in others.iter().enumerate() {
            assert_ne!(base, *m, "field {i}");
            assert_ne!(base.cmp(m), std::cmp::Ordering::Equal, "field {i}");
            for n in &others[i + 1..] {
                assert_ne!(m.bits(), n.bits(), "{m:?} and {n:?}");
            }
        }
    }
}
