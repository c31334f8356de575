//! A position as plain data, between the rules and the text formats (as
//! shakmaty's `Setup`): what a position text carries, field by field, and
//! nothing the rules derive from it (piece lists, hash, the move log).
//! `crate::rules::start` turns a `Setup` into a [`Position`] and back; the
//! text formats (`crate::text::fen`) read and write a `Setup`, so the rules
//! know no text (docs/architecture.md).
//!
//! [`Position`]: crate::rules::position::Position

use crate::core::geometry::Square;
use crate::core::piece::{Cell, Color, Kind};
use crate::rules::state::{EnPassant, NO_PENDING, Pending, ReserveLists};
use std::fmt;
use std::sync::Arc;

/// Everything a position text says: the board and the game's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Cells by square (`crate::core::piece::cell`), `EMPTY` where no man
    /// stands.
    pub board: Vec<Cell>,
    /// The side to move.
    pub side: Color,
    /// Castling rights: bit `2 * i + color` for the variant's castling
    /// rule `i`.
    pub castling: u32,
    /// The squares open to en-passant capture.
    pub ep: EnPassant,
    /// Half-moves since the last capture or pawn move.
    pub halfmove: u32,
    /// The number of the full move.
    pub fullmove: u32,
    /// Checks each side has given (`checks = N`).
    pub checks: [u16; 2],
    /// The kind that moved last and whether it took (`{recapture}`,
    /// `{jester}`), where the variant reads the last turn.
    pub last_mover: Option<(Kind, bool)>,
    /// The square of the man that took on the last move, where the variant
    /// reads the last turn.
    pub last_capturer: Option<Square>,
    /// The two squares of the last move's swap, which may not swap back.
    pub swap_ban: Option<(Square, Square)>,
    /// The home squares that hops rebirth men on (`{circe}`): the
    /// variant's own unless a position says otherwise.
    pub home: Arc<Vec<Cell>>,
    /// The men left in each reserve list, `None` for the lists a position
    /// holds before any is given (all empty).
    pub reserves: Option<ReserveLists>,
    /// Per `[color][class]`: drops the side may still pay for.
    pub credits: [[u8; 2]; 2],
    /// The exchange a recapture on the next turn would complete
    /// (`sq == NO_PENDING` when none is open).
    pub pending: Pending,
}

impl Setup {
    /// An empty board of `len` squares, White to move, move 1, with the
    /// home squares `home`.
    pub fn empty(len: usize, home: Arc<Vec<Cell>>) -> Setup {
        Setup {
            board: vec![crate::core::piece::EMPTY; len],
            side: 0,
            castling: 0,
            ep: EnPassant::NONE,
            halfmove: 0,
            fullmove: 1,
            checks: [0; 2],
            last_mover: None,
            last_capturer: None,
            swap_ban: None,
            home,
            reserves: None,
            credits: [[0; 2]; 2],
            pending: Pending {
                sq: NO_PENDING,
                victims: [0; 2],
            },
        }
    }
}

/// A setup that is no position of its variant: which field and what is
/// wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The part of the setup that is wrong.
    pub field: &'static str,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad setup ({}): {}", self.field, self.message)
    }
}

impl std::error::Error for SetupError {}
