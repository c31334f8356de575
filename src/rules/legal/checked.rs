//! Checked play: a move is played only if it is legal here, and an
//! illegal one is a rules error (no text: a caller that read the move from
//! text adds the text to its message).

use crate::core::moves::Move;
use crate::rules::position::Position;
use std::fmt;

/// A move that is not one of the legal moves of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move that is not legal.
    pub m: Move,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a legal move in this position")
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Plays `m` if it is legal; the position is unchanged otherwise.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove { m })
        }
    }
}
