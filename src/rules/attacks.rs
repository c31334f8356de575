//! Attack detection: does a side have a capture onto a square, is a
//! side in check. An attack test asks only the men standing where some
//! kind could ever capture on the square (`MoveTables::attackers`), and of
//! each only the branches of its program that reach it.

use crate::core::geometry::{BITS, Square};
use crate::core::moves::MoveKind;
use crate::core::piece::{Color, cell_kind};
use crate::movement::{DEST, ENEMY, Node, Program};
use crate::rules::position::Position;
use crate::rules::walk::capture_cache::WORDS;
use crate::rules::walk::movegen::class;

impl Position {
    /// Calls `f` with each square holding a piece of `color` that some kind
    /// could capture on `target` from, until `f` returns true; tells
    /// whether it did.
    #[inline]
    pub(crate) fn for_each_attacker_square(
        &self,
        color: Color,
        target: Square,
        mut f: impl FnMut(Square) -> bool,
    ) -> bool {
        let from = self.variant.tables.attackers_of(color, target);
        let occupied = self.occupied_by(color);
        for w in 0..self.words {
            let mut bits = from[w] & occupied[w];
            while bits != 0 {
                let sq = (w * 64) as Square + bits.trailing_zeros() as Square;
                bits &= bits - 1;
                if f(sq) {
                    return true;
                }
            }
        }
        false
    }

    /// Does a piece of `by` have a capturing move onto `target` (with an
    /// enemy of `by` standing there), or a royal of `by` face it
    /// (`flying_royals`)?
    pub fn is_attacked(&self, target: Square, by: Color) -> bool {
        if self.mechanics_on_board() {
            return self.attacked_with_mechanics(target, by);
        }
        let by_tables = if self.pawns_barred(by) {
            self.table_attack_barred(target, by)
        } else {
            self.table_attack::<false>(target, by)
        };
        by_tables
            || (self.special_men[by] > 0 && self.special_attacks(target, by))
            || (self.variant.win.flying_royals && self.royal_faces(target, by))
    }

    /// The attack test over the men the tables answer for. `BARRED`: pawns
    /// of `by` may not enter their last rank ([`Position::pawns_barred`]),
    /// which a call decides for each pawn found to take. Without it the
    /// loop makes no call: the browser's engine keeps no value in a
    /// register across a call, so one in the loop, however rarely made,
    /// would store the loop's variables at every turn.
    #[inline(always)]
    fn table_attack<const BARRED: bool>(&self, target: Square, by: Color) -> bool {
        let t = &self.variant.tables;
        self.for_each_attacker_square(by, target, |s| {
            let cell = self.board[s as usize];
            let pi = t.program_index_of_cell(cell, s);
            if !t.reaches(pi, target) {
                return false;
            }
            let kind = cell_kind(cell);
            let (p, nodes) = self.program_nodes(pi, kind, by, s);
            self.attacks_along_inline(p, nodes, by, target) && (!BARRED || self.barred_pawn_takes(s, kind, by, target))
        })
    }

    #[inline(never)]
    fn table_attack_barred(&self, target: Square, by: Color) -> bool {
        self.table_attack::<true>(target, by)
    }

    /// Walks one enemy program looking for a capture on `target`. The target
    /// counts as holding an enemy of `by` whatever stands there, so empty
    /// squares (a castling king's path) are tested as if the king stood on
    /// them.
    pub(crate) fn attacks_along(&self, p: &Program, nodes: &[Node], by: Color, target: Square) -> bool {
        self.attacks_along_inline(p, nodes, by, target)
    }

    /// [`Position::attacks_along`] inlined, in [`Position::is_attacked`]'s
    /// loop over the attackers: no call for each.
    #[inline(always)]
    fn attacks_along_inline(&self, p: &Program, nodes: &[Node], by: Color, target: Square) -> bool {
        let t = &self.variant.tables;
        t.attack_roots(p, target)
            .filter(|&r| (r as usize) < nodes.len())
            .any(|r| self.branch_attacks(nodes, r as usize, by, target))
    }

    /// Walks the branch from `root` to its end, looking for a capture on
    /// `target`.
    pub(crate) fn branch_attacks(&self, nodes: &[Node], root: usize, by: Color, target: Square) -> bool {
        self.branch_attacks_visiting(nodes, root, by, target, |_| {})
    }

    /// [`Position::branch_attacks`] marking in `seen` every square the
    /// walk reads (boards of at most `WORDS` words): what it finds depends
    /// on those squares alone.
    pub(crate) fn branch_attacks_seeing(
        &self,
        nodes: &[Node],
        root: usize,
        by: Color,
        target: Square,
        seen: &mut [u64; WORDS],
    ) -> bool {
        self.branch_attacks_visiting(nodes, root, by, target, |sq| {
            seen[(sq as usize >> 6) & (WORDS - 1)] |= BITS[sq as usize & 63];
        })
    }

    #[inline(always)]
    fn branch_attacks_visiting(
        &self,
        nodes: &[Node],
        root: usize,
        by: Color,
        target: Square,
        mut visit: impl FnMut(Square),
    ) -> bool {
        let board = &self.board;
        let end = nodes[root].skip as usize;
        let mut i = root;
        while i < end {
            let n = nodes[i];
            visit(n.sq);
            let cls = if n.sq == target {
                ENEMY
            } else {
                class(board[n.sq as usize], by)
            };
            let f = (n.flags >> cls) & 7;
            if n.sq == target && cls == ENEMY && f & DEST != 0 {
                return true;
            }
            i = n.next(i, f);
        }
        false
    }

    /// Is the side to move in check: a royal of it attacked (under royal
    /// modes, only in check mode)?
    pub fn in_check(&self) -> bool {
        let us = self.side;
        // In extinction mode (`crate::rules::legal::royals`) there is no check.
        if self.variant.win.royal_modes && !self.check_rules(us) {
            return false;
        }
        self.royals[us].iter().any(|&k| self.is_attacked(k, us ^ 1))
    }

    /// Is the side to move in check, given that it was not before the last
    /// move played? Only the piece that moved, and paths through the two
    /// squares the move changed, can attack a royal now: most of the time
    /// one program is walked instead of every enemy piece's. Through the
    /// square it arrived on only where the mover's side has paths that go
    /// on past their own men (`MoveTables::passes_friends`): elsewhere a
    /// man arriving there can only block them.
    pub fn in_check_after_last_move(&self) -> bool {
        let Some(&m) = self.moves_played.last() else {
            return self.in_check();
        };
        let us = self.side;
        let them = us ^ 1;
        if m.kind != MoveKind::Normal
            || !self.tables_decide(them)
            // The mode may have changed with the move (a royal taken).
            || self.variant.win.royal_modes
        {
            return self.in_check();
        }
        let t = &self.variant.tables;
        let kind = cell_kind(self.board[m.to as usize]);
        let pi = t.program_index(kind, them, m.to);
        self.royals[us].iter().any(|&k| {
            if t.on_line_to(them, k, m.from) || (t.passes_friends[them] && t.on_line_to(them, k, m.to)) {
                return self.is_attacked(k, them);
            }
            t.reaches(pi, k) && {
                let (p, nodes) = self.program_nodes(pi, kind, them, m.to);
                self.attacks_along(p, nodes, them, k)
            }
        })
    }

    /// Is any royal of `color` attacked?
    pub fn royal_attacked(&self, color: Color) -> bool {
        self.royals[color].iter().any(|&k| self.is_attacked(k, color ^ 1))
    }
}
