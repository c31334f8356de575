//! How a game ends: checkmate, a royal on the far rank, stalemate,
//! repetition and the move-count rule.

use crate::piece::Color;
use crate::position::Position;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Checkmate,
    RoyalFarRank,
    Stalemate,
    Repetition,
    MoveRule,
}

/// A finished game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Checkmate => "checkmate",
            Reason::RoyalFarRank => "king on the last rank",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::MoveRule => "move limit",
        })
    }
}

impl Position {
    /// The result if the game is over, by the variant's rules.
    pub fn outcome(&mut self) -> Option<Outcome> {
        if let Some(c) = self.royal_on_far_rank() {
            return Some(Outcome {
                winner: Some(c),
                reason: Reason::RoyalFarRank,
            });
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return Some(if self.in_check() {
                Outcome {
                    winner: Some(self.side ^ 1),
                    reason: Reason::Checkmate,
                }
            } else {
                Outcome {
                    winner: None,
                    reason: Reason::Stalemate,
                }
            });
        }
        let v = &self.variant;
        if v.repetition >= 2 && self.repetitions() + 1 >= v.repetition {
            return Some(Outcome {
                winner: None,
                reason: Reason::Repetition,
            });
        }
        if v.move_rule > 0 && self.halfmove >= 2 * v.move_rule {
            return Some(Outcome {
                winner: None,
                reason: Reason::MoveRule,
            });
        }
        None
    }
}
