//! May the compiled tables decide? One place for the position-level
//! question every fast path asks before it trusts the move tables
//! (`crate::movement`) alone: for attacks ([`Position::tables_decide`]),
//! for legality by the royals' lines ([`Position::lines_decide`]) and for
//! generation by stage ([`Position::whole_list_only`]).
//!
//! Each answer is read from counters the position keeps as men come and
//! go (`mech_men`, `special_men`) and from the variant's compiled rules,
//! so it costs a few loads. A rule family whose moves or attacks the
//! tables cannot see adds its condition here and nowhere else
//! (docs/architecture.md, "The family contract"). What depends on one
//! move (is it a plain move, is the mover a royal, does it promote to
//! one) stays at the site that asks about that move.

use crate::core::piece::{Color, cell_kind};
use crate::rules::position::Position;

impl Position {
    /// Does a man with capture mechanisms or an aura stand on the board?
    /// While one does, moves come from `crate::rules::mechanisms` and no
    /// table shortcut holds.
    #[inline]
    pub fn mechanics_on_board(&self) -> bool {
        self.mech_men != 0
    }

    /// Do the compiled tables alone decide whether men of `them` attack a
    /// royal of the other side here? True exactly when
    ///
    /// - no man with a capture mechanism or an aura stands on the board
    ///   ([`Position::mechanics_on_board`]): what such a man takes depends
    ///   on the men round it;
    /// - royals do not fly (`[rules] flying_royals`): royals facing each
    ///   other are on no line of the tables;
    /// - no man of `them` whose captures the tables miss could ever take a
    ///   royal of the other side where it stands
    ///   ([`Position::special_threat`]).
    ///
    /// Then a royal is attacked only along the tables' lines, and a plain
    /// move by a man that is no royal (nor becomes one) and leaves none of
    /// those lines cannot expose one. Royal modes are not part of it: the
    /// sites that need them ask `check_rules` for the side concerned.
    #[inline]
    pub(crate) fn tables_decide(&self, them: Color) -> bool {
        !self.mechanics_on_board() && !self.variant.win.flying_royals && !self.special_threat(them)
    }

    /// Do the royals' lines (`Position::mark_royal_lines`, which count the
    /// men whose captures the tables miss too) decide which moves of the
    /// side to move leave a royal attacked? True where no man with a
    /// capture mechanism or an aura stands on the board and no pawn
    /// promotes from a reserve (a pawn kind's captures onto a last rank it
    /// may not enter are in the tables). Royals facing each other are on
    /// no line: under `flying_royals` the callers test every move.
    #[inline]
    pub(crate) fn lines_decide(&self) -> bool {
        !self.mechanics_on_board() && !self.variant.reserve.is_some_and(|r| r.promote)
    }

    /// Do the generators by stage make their moves from the whole list
    /// ([`Position::pseudo_legal_moves`]) filtered, instead of walking
    /// the tables towards what the stage asks for? Where men have
    /// mechanisms, or the variant has a reserve (its pawns may promote
    /// from it; a turn may carry drops: `crate::rules::reserve::drops`).
    #[inline]
    pub fn whole_list_only(&self) -> bool {
        self.mechanics_on_board() || self.variant.reserve.is_some()
    }

    /// Could a man of `by` whose captures the attack tables miss ever take
    /// a royal of the other side where it stands, on any board? While none
    /// could, the tables alone decide checks on those royals.
    #[inline]
    pub(crate) fn special_threat(&self, by: Color) -> bool {
        self.special_men[by] > 0 && self.special_threat_walk(by)
    }

    fn special_threat_walk(&self, by: Color) -> bool {
        let t = &self.variant.tables;
        self.list[by].iter().any(|&s| {
            let kind = cell_kind(self.board[s as usize]);
            self.variant.special_attacks[kind] && {
                let pi = t.program_index(kind, by, s);
                self.royals[by ^ 1].iter().any(|&k| t.may_take(pi, k))
            }
        })
    }
}
