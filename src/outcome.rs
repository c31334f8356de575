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
        let fen = "4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K2Q8 w - - 0 1";
        let pos = Position::from_fen(flee, fen).unwrap();
        assert!(pos.can_win(0));
        assert!(!pos.can_win(1));
        let xhess = builtin("xhess").unwrap();
        let pos = Position::from_fen(xhess, "4k5/10/10/10/10/10/10/10/10/4K4Q w - - 0 1").unwrap();
        assert!(pos.can_win(1), "a bare Xhess king can still walk to the far rank");
    }
}
