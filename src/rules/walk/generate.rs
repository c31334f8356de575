//! One generator entry by stage: [`Position::generate`] makes the moves
//! one stage of a search's move loop asks for (all, quiet checks, quiets,
//! captures onto a square, captures among targets), as Fairy-Stockfish's
//! `generate<Type>` does. Where the tables do not decide generation
//! ([`Position::whole_list_only`]: men with mechanisms, a reserve) every
//! stage is the whole list filtered, written once here; elsewhere each
//! stage walks the tables towards what it asks for (the captures in
//! `crate::rules::walk::captures`). The named generators the search calls
//! are this entry with a stage.

use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{EMPTY, cell_color, cell_kind};
use crate::rules::position::Position;
use crate::rules::walk::capture_cache::CaptureCache;
use crate::rules::walk::movegen::dedup_since;

/// What a call of [`Position::generate`] asks for: the pseudo-legal moves
/// of one stage, in the order the tables walk them.
pub enum Stage<'a> {
    /// Every pseudo-legal move ([`Position::pseudo_legal_moves`]).
    All,
    /// The quiet moves that could give direct check, a superset of the
    /// checks; with `royal_moves`, every quiet move of a royal too
    /// ([`Position::pseudo_legal_quiet_checks`]).
    QuietChecks {
        /// Also every quiet move of a royal.
        royal_moves: bool,
    },
    /// The moves that neither capture nor promote
    /// ([`Position::pseudo_legal_quiets`]).
    Quiets,
    /// The captures of the enemy on this square, none if no enemy stands
    /// there ([`Position::pseudo_legal_captures_onto`]).
    CapturesOnto(Square),
    /// The captures and promotions, walking only the men that could take
    /// an enemy on these squares (a bitset)
    /// ([`Position::pseudo_legal_captures_among`]).
    Captures(&'a [u64]),
    /// [`Stage::Captures`], replaying unchanged walks from the cache
    /// ([`Position::pseudo_legal_captures_cached`]).
    CapturesCached(&'a [u64], &'a mut CaptureCache),
}

impl Position {
    /// The moves of `stage`, pushed onto `out`. The escape to the whole
    /// list is written here once; inlined into each named generator, whose
    /// stage is a constant, the match leaves only that stage's code.
    #[inline(always)]
    pub fn generate(&self, stage: Stage<'_>, out: &mut Vec<Move>) {
        if let Stage::CapturesOnto(target) = stage {
            let c = self.board[target as usize];
            if c == EMPTY || cell_color(c) == self.side {
                return;
            }
        }
        match stage {
            Stage::All => self.pseudo_legal_moves(out),
            Stage::Quiets => self.stage_of_the_list(stage, out),
            _ if self.whole_list_only() => self.stage_of_the_list(stage, out),
            Stage::QuietChecks { royal_moves } => self.quiet_checks_by_tables(royal_moves, out),
            Stage::CapturesOnto(target) => self.captures_onto_by_tables(target, out),
            Stage::Captures(targets) => self.captures_among::<false>(targets, None, out),
            Stage::CapturesCached(targets, cache) => match cache.for_variant(&self.variant, self.words) {
                Some(cache) => self.captures_among::<true>(targets, Some(cache), out),
                None => self.captures_among::<false>(targets, None, out),
            },
        }
    }

    /// The moves of `stage` as the whole list filtered: every move of the
    /// list that is of the stage. Quiet checks are known only by playing
    /// each move here, so every quiet move is offered (a superset, as
    /// [`Stage::QuietChecks`] says).
    #[inline(never)]
    fn stage_of_the_list(&self, stage: Stage<'_>, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_legal_moves(out);
        match stage {
            Stage::All => {}
            Stage::Quiets | Stage::QuietChecks { .. } => {
                self.keep_since(out, start, |m| !(self.is_capture(m) || m.promotion != 0));
            }
            Stage::CapturesOnto(target) => self.keep_since(out, start, |m| self.removes(m, target)),
            Stage::Captures(_) | Stage::CapturesCached(..) => {
                self.keep_since(out, start, |m| self.is_capture(m) || m.promotion != 0);
            }
        }
    }

    /// All pseudo-legal moves: every move the pieces can make, before
    /// checking that the mover's royals are safe.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        let start = out.len();
        if self.mechanics_on_board() {
            self.moves_with_mechanics(out);
        } else {
            self.piece_moves(out);
            self.castling_moves(out);
        }
        if self.variant.reserve.is_some_and(|r| r.promote) {
            self.reserve_promotions(start, out);
        }
    }

    /// The quiet moves (see [`Position::pseudo_legal_quiets`]) that could
    /// give direct check: those to squares from which the piece could ever
    /// capture on an enemy royal (a superset of the checks). With
    /// `royal_moves`, all quiet moves of royal pieces too. Pieces that
    /// cannot reach such a square are not walked.
    pub fn pseudo_legal_quiet_checks(&self, royal_moves: bool, out: &mut Vec<Move>) {
        self.generate(Stage::QuietChecks { royal_moves }, out);
    }

    /// [`Stage::QuietChecks`] from the tables.
    fn quiet_checks_by_tables(&self, royal_moves: bool, out: &mut Vec<Move>) {
        let us = self.side;
        let t = &self.variant.tables;
        let kings = &self.royals[us ^ 1];
        for &from in &self.list[us] {
            let kind = cell_kind(self.board[from as usize]);
            let royal = royal_moves && self.variant.pieces[kind].royal;
            if self.variant.has_special && self.variant.special[kind] {
                // Its checks are not in the tables: every quiet move may be one.
                let start = out.len();
                self.special_moves(from, kind, out);
                self.keep_since(out, start, |m| !(self.is_capture(m) || m.promotion != 0));
                continue;
            }
            let pi = t.program_index(kind, us, from);
            if !royal && !kings.iter().any(|&k| t.may_move_to_check(kind, us, pi, k)) {
                continue;
            }
            let (p, nodes) = self.program_nodes(pi, kind, us, from);
            let start = out.len();
            self.walk::<false, false, false, _>(nodes, from, kind, out);
            let mut keep = start;
            for i in start..out.len() {
                let m = out[i];
                let checks = || kings.iter().any(|&k| t.reaches(t.program_index(kind, us, m.to), k));
                if !(self.is_capture(m) || m.promotion != 0) && (royal || checks()) {
                    out[keep] = m;
                    keep += 1;
                }
            }
            out.truncate(keep);
            if p.dup {
                dedup_since(out, start);
            }
        }
        let start = out.len();
        self.castling_moves(out);
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            let kind = cell_kind(self.board[m.from as usize]);
            let checks = kings.iter().any(|&k| t.reaches(t.program_index(kind, us, m.to), k));
            if royal_moves || checks {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Pseudo-legal moves that neither capture nor promote: what the main
    /// search tries after the captures.
    pub fn pseudo_legal_quiets(&self, out: &mut Vec<Move>) {
        self.generate(Stage::Quiets, out);
    }

    /// Pseudo-legal captures of the enemy piece on `target` (recaptures in
    /// quiescence): only the pieces that can reach it walk, and only along
    /// the branches that lead there.
    pub fn pseudo_legal_captures_onto(&self, target: Square, out: &mut Vec<Move>) {
        self.generate(Stage::CapturesOnto(target), out);
    }

    /// [`Stage::CapturesOnto`] from the tables, `target` holding an enemy.
    fn captures_onto_by_tables(&self, target: Square, out: &mut Vec<Move>) {
        let us = self.side;
        if self.ep.contains(target) {
            // A hopped pawn's square: captures there are en passant.
            let start = out.len();
            self.pseudo_legal_captures(out);
            self.keep_since(out, start, |m| m.to == target);
            return;
        }
        let t = &self.variant.tables;
        self.for_each_attacker_square(us, target, |from| {
            let kind = cell_kind(self.board[from as usize]);
            let pi = t.program_index(kind, us, from);
            if !t.reaches(pi, target) {
                return false;
            }
            let (p, nodes) = self.program_nodes(pi, kind, us, from);
            let hit = t
                .attack_roots(p, target)
                .filter(|&r| (r as usize) < nodes.len())
                .any(|r| self.branch_attacks(nodes, r as usize, us, target));
            if hit {
                self.emit::<false, _>(from, target, kind, out);
            }
            false
        });
        if self.variant.has_special {
            for &from in &self.list[us] {
                let kind = cell_kind(self.board[from as usize]);
                if self.variant.special[kind] {
                    let start = out.len();
                    self.special_moves(from, kind, out);
                    self.keep_since(out, start, |m| {
                        self.is_capture(m) && (m.to == target || (m.kind == MoveKind::Locust && m.extra() == target))
                    });
                }
            }
        }
    }
}
