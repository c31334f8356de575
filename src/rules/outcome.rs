//! How a game ends: checkmate, a royal on the far rank, a goal square, a
//! bare king, the royals captured or an anti-royal mated (royal modes),
//! stalemate, repetition and the move-count rule, each scored as the
//! variant says.

use crate::core::piece::{Color, cell_kind};
use crate::rules::position::Position;
use crate::variant::{Variant, Verdict};
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// A royal reached the far rank (`royal_far_rank`).
    RoyalFarRank,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The same position came back often enough.
    Repetition,
    /// Too many moves without a capture or pawn move.
    MoveRule,
    /// A side's royal pieces stand alone (`bare_king`).
    BareKing,
    /// A piece reached (or held) a goal square.
    Goal,
    /// Royal modes: the loser has no capturable royal and no anti-royal
    /// left (`crate::rules::legal::royals`).
    RoyalsCaptured,
    /// Royal modes: the loser's anti-royal could not be kept attacked and
    /// it has no capturable royal left.
    AntiKingMated,
    /// The winner gave check the variant's number of times (`checks`).
    Checks,
}

/// A finished game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The side that won, `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
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
            Reason::BareKing => "bare king",
            Reason::Goal => "goal square",
            Reason::RoyalsCaptured => "royals captured",
            Reason::AntiKingMated => "anti-king mated",
            Reason::Checks => "checks given",
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
            Reason::BareKing if self.winner.is_none() => "bare kings".to_string(),
            Reason::BareKing => "bare king".to_string(),
            Reason::Goal if variant.win.goals.iter().all(|g| g.hold) => "a piece held its goal square".to_string(),
            Reason::Goal => "a piece reached its goal square".to_string(),
            Reason::RoyalsCaptured => "every royal piece captured".to_string(),
            Reason::AntiKingMated => "the anti-king mated".to_string(),
            Reason::Checks if variant.win.checks == 1 => "gave check".to_string(),
            Reason::Checks => format!("gave check {} times", variant.win.checks),
        };
        match self.winner {
            Some(c) => format!("{why}, {} wins", variant.sides[c]),
            None => why,
        }
    }
}

impl Position {
    /// Can `color` still win by the variant's rules with what it has? A side
    /// left with royal pieces alone cannot checkmate; it may still win
    /// where a royal reaching the far rank wins, or by a goal a royal may
    /// reach. Used when a flag falls: the opponent of the side out of time
    /// wins only if it can.
    pub fn can_win(&self, color: Color) -> bool {
        let v = &self.variant;
        v.win.royal_far_rank
            || self.list[color].iter().any(|&sq| {
                let kind = cell_kind(self.board[sq as usize]);
                !v.pieces[kind].any_royal() || v.win.goals.iter().any(|g| g.kinds[kind])
            })
    }

    /// The result, if a rule has ended the game before any move is
    /// generated: a royal on the far rank, a goal, a bare king, a side's
    /// royals all captured, the checks counted. A finished game has no legal moves.
    #[inline]
    pub fn decided(&self) -> Option<Outcome> {
        if let Some(c) = self.royal_on_far_rank() {
            return Some(Outcome {
                winner: Some(c),
                reason: Reason::RoyalFarRank,
            });
        }
        if !self.variant.win.early {
            return None;
        }
        self.decided_by_rules()
    }

    /// [`Position::decided`] for the bare-king rule, goals and royal
    /// modes.
    #[inline(never)]
    fn decided_by_rules(&self) -> Option<Outcome> {
        let v = &self.variant;
        let us = self.side;
        let them = us ^ 1;
        // Royal modes: a side without royals has lost (the side that moved
        // cannot have lost its own by a move; a position text may say so).
        if let Some(loser) = [us, them].into_iter().find(|&c| self.royals_gone(c)) {
            return Some(Outcome {
                winner: Some(loser ^ 1),
                reason: Reason::RoyalsCaptured,
            });
        }
        if let Some(winner) = self.checks_winner() {
            return Some(Outcome {
                winner: Some(winner),
                reason: Reason::Checks,
            });
        }
        if v.win.bare_king {
            // Men besides the royals; a side with no royal is never bare.
            let men = |c: Color| self.list[c].len() - self.royals[c].len();
            let bare = |c: Color| !self.royals[c].is_empty() && men(c) == 0;
            let over = |winner| {
                Some(Outcome {
                    winner,
                    reason: Reason::BareKing,
                })
            };
            // The side that just moved was bared and could not bare us in
            // reply: we win. Both bare: a draw. We are bare against two or
            // more men: no move of ours can bare them in turn, we lose.
            // Against one man we play on, and taking it draws.
            match (bare(them), bare(us)) {
                (true, false) => return over(Some(us)),
                (true, true) => return over(None),
                (false, true) if men(them) >= 2 => return over(Some(them)),
                _ => {}
            }
        }
        // A goal held through the opponent's reply wins for the side to
        // move; one reached by the last move, where reaching it is enough,
        // for the side that moved.
        for (color, hold) in [(us, true), (them, false)] {
            let reached = v.win.goals.iter().any(|g| {
                g.hold == hold
                    && self.list[color]
                        .iter()
                        .any(|&sq| g.kinds[cell_kind(self.board[sq as usize])] && g.region.contains(color, sq))
            });
            if reached {
                return Some(Outcome {
                    winner: Some(color),
                    reason: Reason::Goal,
                });
            }
        }
        None
    }

    /// The result of a position where the side to move has no legal move,
    /// by the variant's scoring of checkmate and stalemate; under royal
    /// modes, a side left with an anti-royal alone that has no legal turn
    /// has lost (its anti-royal mated), and one in extinction mode is
    /// stalemated (`in_check` is false for it).
    pub fn no_move_outcome(&self, in_check: bool) -> Outcome {
        if self.anti_royal_only() {
            return Outcome {
                winner: Some(self.side ^ 1),
                reason: Reason::AntiKingMated,
            };
        }
        let (verdict, reason) = if in_check {
            (self.variant.win.checkmate, Reason::Checkmate)
        } else {
            (self.variant.win.stalemate, Reason::Stalemate)
        };
        Outcome {
            winner: verdict_winner(verdict, self.side ^ 1),
            reason,
        }
    }

    /// The result when the position repeats (the side that just moved
    /// repeated it).
    pub fn repetition_outcome(&self) -> Outcome {
        Outcome {
            winner: verdict_winner(self.variant.win.repetition, self.side ^ 1),
            reason: Reason::Repetition,
        }
    }

    /// The result if the game is over, by the variant's rules.
    pub fn outcome(&mut self) -> Option<Outcome> {
        if let Some(o) = self.decided() {
            return Some(o);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            let in_check = self.in_check();
            return Some(self.no_move_outcome(in_check));
        }
        let v = &self.variant;
        if v.repetition >= 2 && self.repetitions() + 1 >= v.repetition {
            return Some(self.repetition_outcome());
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

/// The winner when `verdict` is the result for `player`.
fn verdict_winner(verdict: Verdict, player: Color) -> Option<Color> {
    match verdict {
        Verdict::Win => Some(player),
        Verdict::Draw => None,
        Verdict::Loss => Some(player ^ 1),
    }
}
