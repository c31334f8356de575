//! Royal modes: `[rules] royals = "extinction"` (UC-170-17's rules of
//! several royals, anti-royals and royals that must flee).
//!
//! Each side's mode follows the royals it has on the board, turn by turn:
//!
//! - **check rules** for a side with no anti-royal and exactly one
//!   capturable royal that is not `flee`: it may not leave that royal
//!   attacked; with no legal turn it is checkmated if attacked, else
//!   stalemated (the legality code of `crate::rules::legal::legality`, unchanged);
//! - **extinction** for every other side: its royals may be left attacked
//!   and be captured; it loses when it has no capturable royal and no
//!   anti-royal left ([`crate::rules::outcome::Reason::RoyalsCaptured`]).
//!
//! On top of extinction, in this order: a side with an anti-royal
//! (`royal = "anti"`) must end its turn with every anti-royal attacked if
//! some turn does so; if none does, the anti-royal is mated, and the side
//! loses when it has no capturable royal left
//! ([`crate::rules::outcome::Reason::AntiKingMated`]), otherwise it plays any
//! turn. Then, when a `flee` royal of the side stands attacked as the turn
//! starts, the turn must be a move of such a royal if there is one among
//! those left (it may end on an attacked square).
//!
//! An anti-royal is never captured (an aura of the mechanics, see
//! `crate::rules::mechanisms`); it counts as attacked when an enemy man that is not
//! royal could take it were it not immune (Kings do not attack
//! Anti-Kings), by any mechanism, frozen men excepted, a Shield's cover
//! honoured. A move that would remove the mover's own royal of any kind is
//! never generated (`d` never takes one, a frozen royal does not remove
//! itself, hoppers' effects pass royals by).
//!
//! Without the key none of this runs: a side with several royals may leave
//! none of them attacked, as before.

use crate::core::geometry::Square;
use crate::core::moves::Move;
use crate::core::piece::{Color, cell_kind};
use crate::rules::position::Position;

/// [`Position::anti_probe`] when no anti-royal's attack test is under way.
pub(crate) use crate::rules::state::NO_PROBE;

/// How a side's royals are judged this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoyalMode {
    /// No royal may be left attacked (every variant without royal modes,
    /// and a side with one capturable royal that is not `flee` and no
    /// anti-royal).
    Check,
    /// Royals may be left attacked and captured.
    Extinction,
}

/// How a search that tries moves one at a time judges them in a position
/// ([`Position::move_judge`]). Opaque: the search asks it about a move
/// ([`MoveJudge::verdict`]) and learns nothing of royal modes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveJudge(TurnRule);

/// What a [`MoveJudge`] says of a move it is asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not a legal move here.
    Illegal,
    /// Legal: play it.
    Legal,
    /// Legal when the mover's royals are safe after it
    /// ([`Position::royals_safe_after`]), tested as the caller may.
    Test,
}

impl MoveJudge {
    /// The judge of a side under check rules with nothing to drop: every
    /// move is tested.
    pub const TEST: MoveJudge = MoveJudge(TurnRule::Test);

    /// What this judge says of `m` (a move or a turn with drops of `pos`,
    /// the position it judges).
    #[inline]
    pub fn verdict(&self, pos: &Position, m: Move) -> Verdict {
        match &self.0 {
            TurnRule::Test | TurnRule::Drops { test: true } if pos.drops(m).is_empty() => Verdict::Test,
            TurnRule::Listed(legal) if !legal.contains(&m) => Verdict::Illegal,
            // Turns with drops reach here only from `add_drop_turns`,
            // which keeps the legal ones.
            TurnRule::Test => Verdict::Test,
            TurnRule::Listed(_) | TurnRule::Free | TurnRule::Drops { .. } => Verdict::Legal,
        }
    }

    /// The legal turns, where the judge knows them all (an anti-royal to
    /// keep attacked, a `flee` royal to move): the search takes the turns
    /// with drops from here.
    #[inline]
    pub fn listed(&self) -> Option<&[Move]> {
        match &self.0 {
            TurnRule::Listed(legal) => Some(legal),
            _ => None,
        }
    }

    /// Does the search make a legal move's turns with drops itself
    /// (`Position::add_drop_turns`)?
    #[inline]
    pub fn adds_drop_turns(&self) -> bool {
        matches!(self.0, TurnRule::Drops { .. })
    }
}

/// What makes a move legal in a position, for a search that tries moves
/// one at a time: see [`Position::move_judge`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum TurnRule {
    /// The mover's royals must not be attacked afterwards.
    Test,
    /// Every pseudo-legal move is legal.
    Free,
    /// Exactly these moves are legal (an anti-royal to keep attacked, a
    /// `flee` royal to move).
    Listed(Vec<Move>),
    /// A side that may drop: a move alone is judged as [`TurnRule::Test`]
    /// when `test`, as [`TurnRule::Free`] otherwise; the search makes a
    /// legal move's turns with drops itself
    /// (`Position::add_drop_turns`).
    Drops { test: bool },
}

impl Position {
    /// The royal mode of `color` in this position.
    pub fn royal_mode(&self, color: Color) -> RoyalMode {
        if self.check_rules(color) {
            RoyalMode::Check
        } else {
            RoyalMode::Extinction
        }
    }

    /// Does `color` play under check rules (always, without royal modes)?
    #[inline]
    pub(crate) fn check_rules(&self, color: Color) -> bool {
        !self.variant.win.royal_modes || {
            let r = &self.royals[color];
            r.len() == 1
                && !self.variant.pieces[cell_kind(self.board[r[0] as usize])].flee
                && !self.has_anti_royal(color)
        }
    }

    /// Has `color` an anti-royal on the board?
    #[inline]
    pub fn has_anti_royal(&self, color: Color) -> bool {
        self.variant.anti_kinds.iter().any(|&k| self.count(k, color) > 0)
    }

    /// The squares of `color`'s anti-royals.
    pub fn anti_royals(&self, color: Color) -> Vec<Square> {
        if !self.has_anti_royal(color) {
            return Vec::new();
        }
        let v = &self.variant;
        self.list[color]
            .iter()
            .copied()
            .filter(|&s| v.pieces[cell_kind(self.board[s as usize])].anti_royal)
            .collect()
    }

    /// Is the anti-royal on `sq` attacked by `by`: could a man of `by`
    /// that is not royal take it by some move now, were it not immune?
    pub fn anti_royal_attacked(&mut self, sq: Square, by: Color) -> bool {
        self.anti_probe = sq;
        let attacked = self.is_attacked(sq, by);
        self.anti_probe = NO_PROBE;
        attacked
    }

    /// After a turn of `us` that began under check rules has been played:
    /// does it leave `us`'s royals as the mode `us` now plays under
    /// demands? Royal modes are judged on the royals the side has after
    /// the whole turn, promotions and drops included (docs/variants/rule-decisions.md,
    /// rule decision 21): under check rules no royal may stand attacked;
    /// a turn that gave the side a second royal, a `flee` royal or an
    /// anti-royal plays under extinction, where an anti-royal the turn
    /// made must stand attacked, like any other.
    #[inline]
    pub fn royals_safe_after(&mut self, us: Color) -> bool {
        if self.check_rules(us) {
            !self.royal_attacked(us)
        } else {
            !self.has_anti_royal(us) || self.anti_royals_all_attacked(us)
        }
    }

    /// Could a turn of the side to move make it an anti-royal: a promotion
    /// from the reserve (whose last piece it takes) or a piece drop whose
    /// kind is an anti-royal?
    pub(crate) fn may_make_anti_royal(&self) -> bool {
        let v = &self.variant;
        if v.anti_kinds.is_empty() || v.reserve.is_none() {
            return false;
        }
        let pieces = self.reserve(self.side, crate::rules::reserve::reserves::PIECES);
        let anti = |k: Option<&crate::core::piece::Kind>| k.is_some_and(|&k| v.pieces[k].anti_royal);
        anti(pieces.first()) || (v.reserve.is_some_and(|r| r.promote) && anti(pieces.last()))
    }

    /// Could the side to move's next piece drop be of a royal kind (a
    /// turn that drops it plays under extinction after it)?
    pub(crate) fn may_drop_royal(&self) -> bool {
        self.variant.reserve.is_some()
            && self
                .next_drop(crate::rules::reserve::reserves::PIECES)
                .is_some_and(|k| self.variant.pieces[k].any_royal() || self.variant.pieces[k].flee)
    }

    /// Are all of `color`'s anti-royals attacked (false when it has none)?
    fn anti_royals_all_attacked(&mut self, color: Color) -> bool {
        let antis = self.anti_royals(color);
        !antis.is_empty() && antis.into_iter().all(|s| self.anti_royal_attacked(s, color ^ 1))
    }

    /// Has `color` lost its royals: royal modes on, and no capturable
    /// royal and no anti-royal of it on the board?
    #[inline]
    pub fn royals_gone(&self, color: Color) -> bool {
        self.variant.win.royal_modes && self.royals[color].is_empty() && !self.has_anti_royal(color)
    }

    /// Is the side to move's anti-royal mated with nothing else to lose:
    /// no capturable royal left, and no legal turn (none that keeps its
    /// anti-royal attacked)? Asked where the side has no legal move.
    pub(crate) fn anti_royal_only(&self) -> bool {
        let us = self.side;
        self.variant.win.royal_modes && self.royals[us].is_empty() && self.has_anti_royal(us)
    }

    /// The `flee` royals of the side to move that stand attacked.
    fn fleeing(&self) -> Vec<Square> {
        let us = self.side;
        if self.variant.flee_kinds.is_empty() {
            return Vec::new();
        }
        let v = &self.variant;
        self.royals[us]
            .iter()
            .copied()
            .filter(|&k| v.pieces[cell_kind(self.board[k as usize])].flee && self.is_attacked(k, us ^ 1))
            .collect()
    }

    /// Keeps the legal moves of a list of pseudo-legal ones for a side in
    /// extinction mode: every move may leave royals attacked; then the
    /// anti-royal rule, then the `flee` rule (see the module's text).
    pub(crate) fn retain_by_royal_mode(&mut self, out: &mut Vec<Move>) {
        let us = self.side;
        let had = self.has_anti_royal(us);
        if had && !out.is_empty() {
            let mut kept = Vec::with_capacity(out.len());
            for &m in out.iter() {
                self.play_unchecked(m);
                let attacked = self.anti_royals_all_attacked(us);
                self.undo();
                if attacked {
                    kept.push(m);
                }
            }
            if !kept.is_empty() {
                *out = kept;
            } else if self.royals[us].is_empty() {
                // Mated, with no capturable royal left: the game is lost.
                out.clear();
            }
        } else if self.may_make_anti_royal() {
            // An anti-royal a turn makes (by promotion or drop) must stand
            // attacked after it: without one before, no mate to fall
            // back on.
            out.retain(|&m| {
                self.play_unchecked(m);
                let ok = !self.has_anti_royal(us) || self.anti_royals_all_attacked(us);
                self.undo();
                ok
            });
        }
        let fleeing = self.fleeing();
        if !fleeing.is_empty() && out.iter().any(|m| fleeing.contains(&m.from)) {
            out.retain(|m| fleeing.contains(&m.from));
        }
    }

    /// How the search should judge the moves it tries here, one at a time:
    /// by the royals' safety after each (check rules), not at all
    /// (extinction), or by a list of the legal moves (an anti-royal to keep
    /// attacked or a `flee` royal attacked, where legality depends on the
    /// other moves).
    pub fn move_judge(&mut self) -> MoveJudge {
        MoveJudge(self.turn_rule())
    }

    fn turn_rule(&mut self) -> TurnRule {
        let check = self.check_rules(self.side);
        // Turns that change the side's royal mode by a drop, or make an
        // anti-royal, are judged with the rest of the turns.
        let listed = (!check && (self.has_anti_royal(self.side) || !self.fleeing().is_empty()))
            || self.may_make_anti_royal()
            || (check && self.may_drop_royal() && self.may_drop_this_turn());
        if listed {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            return TurnRule::Listed(moves);
        }
        // Turns that may drop: the search adds a move's turns with drops
        // once it has found the move legal and worth searching (listing
        // every legal turn here would test thousands of turns a node).
        if self.holds_reserve() && self.may_drop_this_turn() {
            return TurnRule::Drops { test: check };
        }
        if check { TurnRule::Test } else { TurnRule::Free }
    }
}
