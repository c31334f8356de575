//! How a game ends: checkmate, a royal on the far rank, stalemate,
//! repetition and the move-count rule; and replaying a game's move list,
//! which must stop where the game ended.

use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;
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

impl Outcome {
    /// The result in words for a player: `checkmate, White wins`,
    /// `threefold repetition`, `the 50-move rule`.
    pub fn describe(&self, variant: &Variant) -> String {
        let why = match self.reason {
            Reason::Checkmate => "checkmate".to_string(),
            Reason::RoyalFarRank => "a royal piece reached the far rank".to_string(),
            Reason::Stalemate => "stalemate".to_string(),
            Reason::Repetition => match variant.repetition {
                2 => "twofold repetition".to_string(),
                3 => "threefold repetition".to_string(),
                n => format!("{n}-fold repetition"),
            },
            Reason::MoveRule => format!("the {}-move rule", variant.move_rule),
        };
        match self.winner {
            Some(c) => format!("{why}, {} wins", ["White", "Black"][c]),
            None => why,
        }
    }
}

/// A move of a list that cannot be played: its place in the list (from 1),
/// its text and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub index: usize,
    pub text: String,
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
                text: crate::echo::echo(text),
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

    /// Can `color` still win by the variant's rules with what it has? A side
    /// left with royal pieces alone cannot checkmate; it may still win
    /// where a royal reaching the far rank wins. Used when a flag falls: the
    /// opponent of the side out of time wins only if it can.
    pub fn can_win(&self, color: Color) -> bool {
        let v = &self.variant;
        v.win.royal_far_rank
            || self.list[color].iter().any(|&sq| {
                let (kind, _) = self.piece_at(sq).expect("listed square holds a piece");
                !v.pieces[kind].royal
            })
    }

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

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::variant::builtin;

    #[test]
    fn a_bare_king_cannot_win_except_by_the_far_rank() {
        let flee = builtin("flee").unwrap();
        // Flee kings see each other along open lines: not on one file.
        let fen = "3k12/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K2Q8 w - - 0 1";
        let pos = Position::from_fen(flee, fen).unwrap();
        assert!(pos.can_win(0));
        assert!(!pos.can_win(1));
        let xhess = builtin("xhess").unwrap();
        let pos = Position::from_fen(xhess, "4k5/10/10/10/10/10/10/10/10/4K4Q w - - 0 1").unwrap();
        assert!(pos.can_win(1), "a bare Xhess king can still walk to the far rank");
    }
}
