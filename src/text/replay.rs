//! Replaying a game's move list (coordinate move text): every move must
//! be legal, and none may come after the game has ended by the variant's
//! rules (`crate::rules::outcome`).

use crate::core::echo::echo;
use crate::core::moves::Move;
use crate::rules::position::Position;
use std::fmt;

/// A move of a list that cannot be played: its place in the list (from 1),
/// its text and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The move's place in the list, from 1.
    pub index: usize,
    /// The move's text.
    pub text: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}): {}", self.index, self.text, self.message)
    }
}

impl std::error::Error for ReplayError {}

impl Position {
    /// Plays a game's moves (coordinate text separated by white space) from
    /// this position, calling `before` with each move just before it is
    /// played. Every move must be legal, and none may come after the game
    /// has ended by the variant's rules: a saved or imported game, or a
    /// command line's move list, cannot go on past checkmate or a draw.
    /// On error the moves before the bad one stay played.
    pub fn replay(&mut self, moves: &str, mut before: impl FnMut(&mut Position, Move)) -> Result<(), ReplayError> {
        for (i, text) in moves.split_whitespace().enumerate() {
            let fail = |message: String| ReplayError {
                index: i + 1,
                text: echo(text),
                message,
            };
            if let Some(o) = self.outcome() {
                let v = self.variant.clone();
                return Err(fail(format!("the game is over: {}", o.describe(&v))));
            }
            let m = self.parse_move(text).map_err(|e| fail(e.message))?;
            before(self, m);
            self.play_unchecked(m);
        }
        Ok(())
    }
}
