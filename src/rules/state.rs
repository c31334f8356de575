//! The small state of a position, below the position itself: the fields
//! that change with the moves besides the squares (en-passant rights, the
//! last turn's facts, the swap ban, counted checks, the reserves' cursors
//! and credits), their hash keys, and the record saved before each move
//! for undo. Files above it (the mechanisms, the reserve, the counted
//! checks, the royal modes) name these values; the position holds them
//! and knows nothing of those files (docs/architecture.md).

use crate::core::geometry::Square;
use crate::core::piece::{Cell, Kind};

/// The squares a long first move crossed, open to en-passant capture on the
/// next move only: `count` squares from `first` in steps of `stride`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The first square crossed.
    pub first: Square,
    /// Number of squares crossed, 0 for none.
    pub count: u8,
    /// The step from one crossed square to the next.
    pub stride: i16,
    /// The square of the man an en-passant capture takes.
    pub victim: Square,
}

impl EnPassant {
    /// No square is open to en-passant capture.
    pub const NONE: EnPassant = EnPassant {
        first: 0,
        count: 0,
        stride: 0,
        victim: 0,
    };

    /// The squares open to en-passant capture.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.count as i32).map(move |i| (self.first as i32 + i * self.stride as i32) as Square)
    }

    /// `sq` is open to en-passant capture.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        if self.count == 0 {
            return false;
        }
        let d = sq as i32 - self.first as i32;
        let s = self.stride as i32;
        d % s == 0 && (0..self.count as i32).contains(&(d / s))
    }
}

/// The state fields saved before each move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct State {
    pub(crate) castling: u32,
    pub(crate) ep: EnPassant,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    pub(crate) log_len: u32,
    pub(crate) swap_ban: u32,
    pub(crate) last_capturer: Square,
    pub(crate) last_mover: u16,
    pub(crate) checks: [u16; 2],
    pub(crate) rsv: ReserveState,
}

/// A mixing function gives every (square, cell) pair its hash key without
/// tables, so boards and piece sets of any size cost nothing to set up.
#[inline]
pub(crate) fn key(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[inline]
pub(crate) fn square_key(sq: Square, c: Cell) -> u64 {
    key(((sq as u64) << 16) | c as u64)
}

pub(crate) const SIDE_KEY: u64 = 0x5A5A_1234_9876_F0F0;

pub(crate) fn castling_key(rights: u32) -> u64 {
    if rights == 0 {
        0
    } else {
        key(0xCA57_0000_0000 | rights as u64)
    }
}

pub(crate) fn swap_ban_key(ban: u32) -> u64 {
    if ban == NO_BAN {
        0
    } else {
        key(0x5A9_0000_0000 | ban as u64)
    }
}

/// The bit of `Position::last_mover` telling that the last move took.
pub(crate) const TOOK: u16 = 1 << 15;

/// `Position::last_capturer` when the last move took nothing.
pub(crate) const NO_CAPTURER: Square = Square::MAX;

pub(crate) fn capturer_key(sq: Square) -> u64 {
    if sq == NO_CAPTURER {
        0
    } else {
        key(0xCA9_0000_0000 | sq as u64)
    }
}

pub(crate) fn mover_key(mover: u16) -> u64 {
    if mover == 0 {
        0
    } else {
        key(0x30E_0000_0000 | mover as u64)
    }
}

/// `Position::swap_ban` when no swap back is banned.
pub(crate) const NO_BAN: u32 = u32::MAX;

/// The two squares of a swap between men of opposite sides, lower first:
/// they may not swap back on the next move.
pub(crate) fn swap_pair(a: Square, b: Square) -> u32 {
    (a.min(b) as u32) << 16 | a.max(b) as u32
}

#[inline]
pub(crate) fn ep_key(ep: EnPassant) -> u64 {
    // Most positions have no rights open: no call (a call costs the
    // browser's compiler the registers of its caller).
    if ep.count == 0 { 0 } else { ep_squares_key(ep) }
}

#[inline(never)]
pub(crate) fn ep_squares_key(ep: EnPassant) -> u64 {
    ep.squares().fold(0, |h, sq| h ^ key(0xE9_0000_0000 | sq as u64))
}

/// `Position::anti_probe` when no anti-royal's attack test is under way.
pub(crate) const NO_PROBE: Square = Square::MAX;

/// The hash of the two counts (0 when no check has been given).
pub(crate) fn checks_key(checks: [u16; 2]) -> u64 {
    if checks == [0, 0] {
        0
    } else {
        key(0xC4EC_0000_0000 | (checks[0] as u64) << 16 | checks[1] as u64)
    }
}

/// The class of a reserve man and of a credit: a piece.
pub const PIECES: usize = 0;
/// The class of a pawn kind (`pawn = true`).
pub const PAWNS: usize = 1;

/// The reserve lists of a game, `[color][class]`, in the order the men
/// enter by drops (promotions take from the back).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReserveLists {
    /// The kinds in each list, `[color][class]`.
    pub kinds: [[Vec<Kind>; 2]; 2],
}

/// [`Pending::sq`] when no exchange is open.
pub const NO_PENDING: Square = Square::MAX;

/// An exchange a recapture on the next turn would complete: the square of
/// the man that took on the last turn and how many pieces and pawns it
/// took that no credit has paid for yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The square of the man that took, [`NO_PENDING`] for none.
    pub sq: Square,
    /// The pieces and pawns it took that no credit has paid for.
    pub victims: [u8; 2],
}

/// The part of the reserves that changes with the moves: saved for undo
/// and hashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReserveState {
    /// Per `[color][class]`: the first man still in the list.
    pub front: [[u8; 2]; 2],
    /// Per `[color][class]`: one past the last man still in the list.
    pub back: [[u8; 2]; 2],
    /// Per `[color][class]`: drops the side may still pay for.
    pub credits: [[u8; 2]; 2],
    /// The exchange a recapture would complete.
    pub pending: Pending,
}

impl ReserveState {
    /// Reserves with no men and no credits.
    pub const EMPTY: ReserveState = ReserveState {
        front: [[0; 2]; 2],
        back: [[0; 2]; 2],
        credits: [[0; 2]; 2],
        pending: Pending {
            sq: NO_PENDING,
            victims: [0; 2],
        },
    };

    /// The state of full lists, no credits, no exchange open.
    pub(crate) fn full(lists: &ReserveLists) -> ReserveState {
        let mut s = ReserveState::EMPTY;
        for color in 0..2 {
            for class in 0..2 {
                s.back[color][class] = lists.kinds[color][class].len() as u8;
            }
        }
        s
    }
}

/// The part of the reserves' hash that exchanges change: the credits and
/// the open exchange.
pub(crate) fn exchange_key(s: &ReserveState) -> u64 {
    let mut h = 0;
    for color in 0..2 {
        for class in 0..2 {
            let credits = s.credits[color][class];
            if credits != 0 {
                h ^= key(0xC4ED_0000_0000_0000 | (color as u64) << 44 | (class as u64) << 40 | credits as u64);
            }
        }
    }
    let p = s.pending;
    if p.sq != NO_PENDING {
        h ^= key(0x9E4D_0000_0000_0000 | (p.sq as u64) << 16 | (p.victims[0] as u64) << 8 | p.victims[1] as u64);
    }
    h
}
