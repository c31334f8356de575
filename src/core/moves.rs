//! The move type: eight bytes, with side effects (en-passant victim,
//! castling rook) derived when the move is played rather than stored.
//! The layout of its `aux` field is documented and decoded here alone
//! (see [`DROPS_SHIFT`]).

use crate::core::geometry::Square;

/// What kind of move this is; future kinds (drops, multi-captures, swaps)
/// extend this list without growing [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum MoveKind {
    /// From one square to another (or back to the same square: a pass),
    /// capturing whatever stands on the target.
    Normal = 0,
    /// Castling; the extra ([`Move::extra`]) is the index of the castling rule.
    Castle = 1,
    /// En-passant capture; the extra is the victim's square.
    EnPassant = 2,
    /// A move that takes one man on a square other than its landing square
    /// (a locust: the Lion's capture on the way, its igui with `to ==
    /// from`), besides whatever stands on `to`; the extra is that square.
    Locust = 3,
    /// A chain that takes two or more men on the way: the extra is the ordinal
    /// of its effect among the mover's effects on `to` that take two or more
    /// (see [`crate::rules::walk::special`]); playing it walks the chain again.
    Path = 4,
    /// A move whose mechanisms (`{withdraw}`, `{approach}`, `{overtake}`,
    /// `{coord}`, `{custodial}`) take men or whose hop acts on its screen
    /// (`{andernach}`, `{einstein}`, `{circe}`): the effects are derived
    /// again when it is played (see `crate::rules::mechanisms`,
    /// `crate::rules::mechanisms::hurdle`). The extra: [`ACTING`] when a
    /// `{jester}` acts as the kind the opponent moved last, and above
    /// [`REBIRTH_SHIFT`] a chosen rebirth square's file or a borrower's
    /// victim set, plus one ([`Move::effect_choice`]; 0 for none).
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

/// The layout of [`Move::aux`], decoded by the move alone
/// ([`Move::extra`], [`Move::drop_code`] and the Effect decoders below).
///
/// A value below [`DROPS_MARK`] is the move's *extra*, whole: an en-passant
/// or locust victim's square (below 4,096: boards are at most 64 x 64), a
/// chain's ordinal ([`MoveKind::Path`]), a castling rule's index, an
/// Effect's bits ([`ACTING`], and above [`REBIRTH_SHIFT`] the file of a
/// chosen rebirth square or a borrower's victim set, plus one).
///
/// A value at or above [`DROPS_MARK`] is a turn that carries drops, which
/// only variants with reserves make (boards of at most 64 squares and 14
/// files, `crate::variant::load`): the extra takes the six bits below
/// [`DROPS_SHIFT`] (every extra there is below 64), and the turn's drops
/// code ([`Move::drop_code`], at least 1; see `crate::rules::reserve::drops`)
/// plus [`DROPS_BIAS`] the ten bits above. The bias puts every such value at
/// or above the mark, so that a move tells which layout it has without the
/// position; and it keeps the order of moves as their bits compare: a turn
/// with drops still sorts after its move alone, and turns with drops among
/// themselves by their drops, then by their extra.
pub const DROPS_SHIFT: u16 = 6;

/// The bits of `aux` below the drops, in a turn that carries them.
pub const EXTRA_MASK: u16 = (1 << DROPS_SHIFT) - 1;

/// Added to a drops code above [`DROPS_SHIFT`]: code 1 lands on the mark.
pub const DROPS_BIAS: u16 = (DROPS_MARK >> DROPS_SHIFT) - 1;

/// The least `aux` of a turn that carries drops; every extra of a move
/// without drops is below it (a square of a 64 x 64 board is). The
/// largest drops code, `56 x 15 + 14` on a board of 14 files by 4 ranks,
/// plus the bias, fits the ten bits above the extra.
pub const DROPS_MARK: u16 = 1 << 12;

/// The bit of an Effect move's extra telling that a `{jester}` acts as
/// the kind the opponent moved last (the position's last mover), not as
/// its own: one bit, so that the extra fits beside the drops of a turn.
pub const ACTING: u16 = 1;

/// `extra >> REBIRTH_SHIFT` of an Effect move: the file of the chosen
/// rebirth square plus one (`{circe}`, `crate::rules::mechanisms::hurdle`),
/// or a borrower's victim set plus one
/// (`crate::rules::mechanisms::borrowed`); 0 when the move needs no choice.
pub const REBIRTH_SHIFT: u16 = 1;

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
    /// The square the man leaves.
    pub from: Square,
    /// The square the man lands on.
    pub to: Square,
    /// What sort of move it is.
    pub kind: MoveKind,
    /// The new kind plus one, 0 for none.
    pub promotion: u8,
    /// The move's extra (an en-passant victim, a castling rule, ...) and the
    /// turn's drops, laid out as [`DROPS_SHIFT`] says.
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

    /// A plain move from one square to another.
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

    /// The move's extra (a victim's square, a chain's ordinal, a castling
    /// rule, an Effect's bits), without a turn's drops (see
    /// [`DROPS_SHIFT`] for the layout).
    #[inline(always)]
    pub const fn extra(self) -> u16 {
        if self.aux >= DROPS_MARK {
            self.aux & EXTRA_MASK
        } else {
            self.aux
        }
    }

    /// The code of the turn's drops, 0 for none (decoded by
    /// `crate::rules::reserve::drops`, which knows the board).
    #[inline]
    pub const fn drop_code(self) -> u16 {
        if self.aux >= DROPS_MARK {
            (self.aux >> DROPS_SHIFT) - DROPS_BIAS
        } else {
            0
        }
    }

    /// The move with the drops `code` (0 for none) in place of its own.
    /// Only a variant with reserves adds drops: its extras are below 64 and
    /// its codes fit ten bits less the bias (see [`DROPS_SHIFT`]).
    #[inline]
    pub const fn with_drop_code(self, code: u16) -> Move {
        let extra = self.extra();
        debug_assert!(
            code <= (u16::MAX >> DROPS_SHIFT) - DROPS_BIAS,
            "a drops code fits its bits"
        );
        let aux = if code == 0 {
            extra
        } else {
            (extra & EXTRA_MASK) | (code + DROPS_BIAS) << DROPS_SHIFT
        };
        Move { aux, ..self }
    }

    /// The move without a turn's drops.
    #[inline]
    pub const fn without_drops(self) -> Move {
        Move {
            aux: self.extra(),
            ..self
        }
    }

    /// An Effect move's [`ACTING`] bit: a `{jester}` acts as the kind the
    /// opponent moved last.
    #[inline]
    pub const fn acting(self) -> bool {
        self.aux & ACTING != 0
    }

    /// An Effect move's choice above [`REBIRTH_SHIFT`]: a rebirth square's
    /// file plus one, or a borrower's victim set plus one (0 for none).
    #[inline]
    pub const fn effect_choice(self) -> u16 {
        self.extra() >> REBIRTH_SHIFT
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
    fn a_move_decodes_its_extra_and_drops_alone() {
        use super::{DROPS_MARK, Move, MoveKind};
        // Without drops, the whole of `aux` is the extra, up to the
        // largest square of a 64 x 64 board.
        let far = Move {
            kind: MoveKind::EnPassant,
            aux: 4095,
            ..Move::normal(4000, 4001)
        };
        assert_eq!((far.extra(), far.drop_code()), (4095, 0));
        assert_eq!(far.without_drops(), far);
        // With drops (a variant with reserves: extras below 64, codes up
        // to 56 x 15 + 14 on 14 files by 4 ranks, the largest of the
        // boards of at most 64 squares and 14 files), both come back, and
        // the order of moves holds.
        let locust = Move::locust(9, 27, 18);
        let mut last = locust;
        for code in 1..=(56 * 15 + 14) {
            let turn = locust.with_drop_code(code);
            assert!(turn.aux >= DROPS_MARK, "{code}");
            assert_eq!((turn.extra(), turn.drop_code()), (18, code));
            assert_eq!(turn.without_drops(), locust);
            assert_eq!(turn.with_drop_code(0), locust);
            assert!(turn > last, "{code}");
            last = turn;
        }
        let effect = Move {
            kind: MoveKind::Effect,
            aux: 5 << super::REBIRTH_SHIFT | super::ACTING,
            ..Move::normal(3, 4)
        }
        .with_drop_code(7);
        assert!(effect.acting());
        assert_eq!((effect.effect_choice(), effect.drop_code()), (5, 7));
    }

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
