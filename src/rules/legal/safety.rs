//! Legality among men of capture mechanisms without playing every move.
//!
//! Out of check, a move can expose a royal only by changing a square that
//! some enemy man's take of it could depend on: the lines of the move
//! tables (`mark_royal_lines`), the squares the walks of enemy men that
//! take on the way or in chains read now (a walk that reads the same
//! squares finds the same moves), every square on the lines of an enemy
//! man with mechanisms (its path, its landing, the square it withdraws
//! into, the men it leaps: on the line toward a royal, or every line for
//! coordination (when its King shares a rank or file with a royal) and
//! custodial capture; a `{circe}` hopper's lines toward
//! a royal and the royal's rebirth squares), and the squares round each
//! royal when a shooter could need a spotter's open line there.
//!
//! Men whose powers come from elsewhere: an enemy `{orphan}` or `{friend}`
//! man may be lent, after one move, the power of any kind on the board, so
//! the squares each such power would look at from its square are marked,
//! unless one would take a royal now (then no square is safe: a move that
//! lends it exposes the royal). A `{mimic}` man takes a royal only as the
//! royal's kind takes, and a `{jester}` takes only after a capture, which
//! is always tested. An enemy man frozen now is passed over: every move
//! that could unfreeze it (a move of a freezing or `{mimic}` man, a swap
//! with one, a capture of a friend) is played and tested.
//!
//! Moves that do more than change squares (a swap puts an enemy man where
//! the mover stood; a hurdle effect may turn or promote a man; a promotion
//! brings a kind; an aura or a royal moves; a capture that a `{recapture}`
//! or `{jester}` man could answer) are always played and tested.

use crate::betza::{Dir, RING, hurdle, mech};
use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Color, Kind, cell_color, cell_kind};
use crate::rules::legal::legality::mark_paths;
use crate::rules::mechanisms::borrowed;
use crate::rules::mechanisms::hurdle as hurdle_family;
use crate::rules::mechanisms::{Frozen, multiple, within};
use crate::rules::mechanisms::{aura, lines};
use crate::rules::position::Position;
use crate::variant::mechanics::PAWNS_ONLY;
use crate::variant::walks;

/// Is `(dx, dy)` a positive multiple of `v`?
fn on_line(dx: i32, dy: i32, v: Dir) -> bool {
    let n = if v.0 != 0 { dx / v.0 } else { dy / v.1 };
    n >= 1 && dx == n * v.0 && dy == n * v.1
}

impl Position {
    /// The squares whose change could let an enemy man take a royal of the
    /// side to move, as a bitset of `words` words; `None` when no such set
    /// is known (a `{circe}` power lent to a borrower, a borrower that
    /// could take a royal now were the right power lent to it, a royal of
    /// a kind with mechanisms facing a `{mimic}` man).
    pub(crate) fn sensitive_squares(&mut self) -> Option<Vec<u64>> {
        let them = self.side ^ 1;
        let us = self.side;
        // An enemy man frozen now stays frozen after any move judged here
        // (our freezing men and `{mimic}` men, and every move that could
        // take or swap one of them or move an enemy man, are played and
        // tested): it takes nothing, so nothing it would look at matters.
        let frozen = aura::frozen_squares(self, them);
        let stays_frozen = |s: Square| frozen.as_ref().is_some_and(|f| f.has(s));
        self.mark_royal_lines_but(false, false, stays_frozen);
        let mut marks = self.marks.clone();
        let t = &self.variant.tables;
        if self.special_men[them] > 0 {
            // Men that take on the way or in chains: the squares their
            // walks read now.
            for &s in &self.list[them] {
                let kind = cell_kind(self.board[s as usize]);
                if !self.variant.special_attacks[kind]
                    || self.variant.pieces[kind].mechanics.recapture_only
                    || stays_frozen(s)
                {
                    continue;
                }
                let pi = t.program_index(kind, them, s);
                for &k in &self.royals[us] {
                    if t.may_take(pi, k) && self.special_reads(s, kind, them, k, &mut marks) {
                        return None;
                    }
                }
            }
        }
        let mut circe = false;
        let mut shooters = false;
        let mut borrowers = false;
        let royals = self.royals[us].clone();
        for &s in &self.list[them] {
            if stays_frozen(s) {
                continue;
            }
            let kind = cell_kind(self.board[s as usize]);
            let km = &self.variant.pieces[kind].mechanics;
            borrowers |= km.borrows();
            if km.mimic {
                // A `{mimic}` man takes a royal only the way the royal's
                // kind takes: the paths of that kind from its square.
                for &k in &royals {
                    let royal = cell_kind(self.board[k as usize]);
                    if self.variant.walks[royal] != 0 || !self.mark_power(s, royal, them, &[k], &mut marks) {
                        return None;
                    }
                }
                continue;
            }
            if km.bits == 0 && km.hurdle & hurdle::CIRCE == 0 {
                continue;
            }
            circe |= km.hurdle & hurdle::CIRCE != 0;
            shooters |= km.bits & mech::SHOOT != 0;
            self.mark_mechanism_lines(s, kind, them, &mut marks);
        }
        if borrowers {
            match self.mark_lent_powers(&royals, frozen.as_ref(), &mut marks) {
                Some(shoot) => shooters |= shoot,
                None => return None,
            }
        }
        let mut mark = |sq: Square| marks[sq as usize >> 6] |= 1 << (sq & 63);
        let g = self.variant.geometry;
        // A `{circe}` hop over a royal captures it when its rebirth square
        // is taken, and a hop over the hopper's own royal is no move then:
        // the squares every royal could be reborn on (its home squares,
        // else its rebirth rank; `crate::rules::mechanisms::hurdle`).
        if circe {
            let antis = [self.anti_royals(us), self.anti_royals(them)].concat();
            for &k in self.royals[us].iter().chain(&self.royals[them]).chain(&antis) {
                let c = self.board[k as usize];
                let mut homed = false;
                for (sq, &h) in self.home.iter().enumerate() {
                    if h == c {
                        homed = true;
                        mark(sq as Square);
                    }
                }
                if !homed {
                    let rank = hurdle_family::rebirth_rank(self, c);
                    for f in 0..g.width as i32 {
                        mark(g.square(f, rank).expect("a rank of the board"));
                    }
                }
            }
        }
        // A shot from afar needs a spotter next to the royal or two squares
        // from it over an empty square next to it.
        if shooters {
            for &k in &self.royals[us] {
                for &(dx, dy) in &RING {
                    if let Some(sq) = g.offset(k, dx, dy) {
                        mark(sq);
                    }
                }
            }
        }
        Some(marks)
    }

    /// In check: the squares of one check on a royal of the side to move
    /// that the move tables answer for, the checker's own square and the
    /// squares of its path, as a bitset; a move that changes none of them
    /// leaves that check standing. `None` when no such check is found (the
    /// checks come from mechanisms, special walks or borrowed powers).
    pub(crate) fn check_squares(&self) -> Option<Vec<u64>> {
        let us = self.side;
        let them = us ^ 1;
        let t = &self.variant.tables;
        let barred = self.pawns_barred(them);
        let mut frozen = None;
        for &k in &self.royals[us] {
            let c = self.board[k as usize];
            let pawns_only = self.variant.auras[cell_kind(c)] & PAWNS_ONLY != 0;
            let mut found = None;
            self.for_each_attacker_square(them, k, |s| {
                let kind = cell_kind(self.board[s as usize]);
                let pi = t.program_index(kind, them, s);
                // As the attack test counts a check, by a man whose takes
                // are all in the tables (a borrower's may come from its
                // powers, a walker's from its walk, whatever its table
                // route): not a frozen man's, nor a pawn kind's capture
                // onto a last rank it may not enter, the royal's immunity
                // honoured.
                let counts = t.reaches(pi, k)
                    && self.variant.walks[kind] == 0
                    && (!pawns_only || self.variant.pawn[kind])
                    && (!barred || self.barred_pawn_takes(s, kind, them, k))
                    && {
                        let (p, nodes) = self.program_nodes(pi, kind, them, s);
                        self.attacks_along(p, nodes, them, k)
                    }
                    && !frozen
                        .get_or_insert_with(|| aura::frozen_squares(self, them))
                        .as_ref()
                        .is_some_and(|f| f.has(s));
                if counts {
                    found = Some((s, kind, pi));
                }
                counts
            });
            if let Some((s, kind, pi)) = found {
                let mut marks = vec![0u64; self.words];
                marks[s as usize >> 6] |= 1 << (s & 63);
                let (p, nodes) = self.program_nodes(pi, kind, them, s);
                let parents = &t.parents[p.start as usize..p.start as usize + nodes.len()];
                for root in t.attack_roots(p, k) {
                    if (root as usize) < nodes.len() {
                        mark_paths(nodes, parents, root as usize, k, &mut marks);
                    }
                }
                return Some(marks);
            }
        }
        None
    }

    /// Marks the squares on the lines of the mechanisms of `kind` for a man
    /// of `by` on `s`: for custodial capture, the path to each square next
    /// to a royal of the other side and the square beyond it (where a
    /// friend must stand); every line for coordination (it may start
    /// anywhere on them) when a King it coordinates with shares a rank or
    /// file with a royal; else the lines toward a royal (withdrawal next
    /// to it included).
    fn mark_mechanism_lines(&self, s: Square, kind: Kind, by: Color, marks: &mut [u64]) {
        let g = self.variant.geometry;
        let sign = if by == 0 { 1 } else { -1 };
        let mut mark = |sq: Square| marks[sq as usize >> 6] |= 1 << (sq & 63);
        // A kind that may stop only on some squares takes as its moves
        // allow (`mechanism_takes_by_moves`): its lines are marked whole.
        let free = self.variant.pieces[kind].region.is_none();
        // Coordination takes a royal only on a rank or file of a King it
        // coordinates with (`coordinates_on`); the moves judged here move
        // neither that King nor the royals.
        let coordinates = lines::coordinating_kings(self, by).any(|c| {
            self.royals[by ^ 1]
                .iter()
                .any(|&k| g.file(c) == g.file(k) || g.rank(c) == g.rank(k))
        });
        for line in &self.variant.pieces[kind].mechanics.lines {
            let mut bits = line.bits;
            if !coordinates {
                bits &= !mech::COORD;
            }
            if free && bits & mech::CUSTODIAL != 0 {
                bits &= !mech::CUSTODIAL;
                for &k in &self.royals[by ^ 1] {
                    for &u in &line.vectors {
                        let (Some(to), Some(beyond)) =
                            (lines::toward(self, k, (-u.0, -u.1), by), lines::toward(self, k, u, by))
                        else {
                            continue;
                        };
                        let (dx, dy) = ((g.file(to) - g.file(s)) * sign, (g.rank(to) - g.rank(s)) * sign);
                        for &v in &line.vectors {
                            let Some(n) = multiple(dx, dy, v).filter(|&n| within(line.range, n)) else {
                                continue;
                            };
                            mark(beyond);
                            let mut sq = s;
                            for _ in 0..n {
                                sq = lines::toward(self, sq, v, by).expect("between two squares of the board");
                                mark(sq);
                            }
                        }
                    }
                }
            }
            // (A line of hurdle effects alone, a `{circe}` hop's, is
            // marked toward the royals below.)
            if bits == 0 && line.bits != 0 {
                continue;
            }
            let everywhere = bits & (mech::COORD | mech::CUSTODIAL) != 0;
            for &v in &line.vectors {
                let toward = self.royals[by ^ 1].iter().any(|&k| {
                    let (dx, dy) = ((g.file(k) - g.file(s)) * sign, (g.rank(k) - g.rank(s)) * sign);
                    on_line(dx, dy, v) || on_line(-dx, -dy, v)
                });
                if !everywhere && !toward {
                    continue;
                }
                let mut sq = s;
                let mut n = 0;
                while let Some(next) = g.offset(sq, v.0 * sign, v.1 * sign) {
                    n += 1;
                    if line.range != 0 && n > line.range as i32 + 1 {
                        break;
                    }
                    sq = next;
                    mark(sq);
                }
            }
        }
    }

    /// Marks the squares a man of `kind` and `by` on `s` would look at to
    /// take one of `targets`: the paths of its compiled moves to them, the
    /// squares its special walks read, the lines of its mechanisms. False
    /// when no such squares are known (`{circe}` hops, whose takes depend
    /// on rebirth squares) or a special walk takes a target now.
    fn mark_power(&self, s: Square, kind: Kind, by: Color, targets: &[Square], marks: &mut [u64]) -> bool {
        let w = self.variant.walks[kind];
        if w & walks::CIRCE != 0 {
            return false;
        }
        let t = &self.variant.tables;
        let pi = t.program_index(kind, by, s);
        let (p, nodes) = self.program_nodes(pi, kind, by, s);
        let parents = &t.parents[p.start as usize..p.start as usize + nodes.len()];
        for &k in targets {
            if t.reaches(pi, k) {
                for root in t.attack_roots(p, k) {
                    if (root as usize) < nodes.len() {
                        mark_paths(nodes, parents, root as usize, k, marks);
                    }
                }
            }
            if w & walks::SPECIAL != 0
                && !self.variant.pieces[kind].mechanics.recapture_only
                && t.may_take(pi, k)
                && self.special_reads(s, kind, by, k, marks)
            {
                return false;
            }
        }
        if w & walks::MECHANISM != 0 {
            self.mark_mechanism_lines(s, kind, by, marks);
        }
        true
    }

    /// Marks, for every enemy borrower, the squares it would look at to
    /// take a royal of the side to move with any power that could be lent
    /// to it after one move: the kind of any man on the board (borrowers
    /// lend on what they borrow, so either side's kinds may reach it).
    /// `Some(shoots)` (whether some such power shoots) when no power takes
    /// a royal now and all can be marked; `None` when one does (a move
    /// that lends it would expose the royal anywhere) or cannot be marked.
    fn mark_lent_powers(&self, royals: &[Square], frozen: Option<&Frozen>, marks: &mut [u64]) -> Option<bool> {
        let them = self.side ^ 1;
        let mut seen = vec![false; self.variant.pieces.len()];
        let mut kinds = Vec::new();
        for &s in self.list[0].iter().chain(&self.list[1]) {
            let kind = cell_kind(self.board[s as usize]);
            let km = &self.variant.pieces[kind].mechanics;
            // `{jester}` and `{mimic}` men lend nothing; a `{recapture}`
            // power takes only the last capturer, never a royal that did
            // not move.
            if !std::mem::replace(&mut seen[kind], true) && !km.jester && !km.mimic && !km.recapture_only {
                kinds.push(kind);
            }
        }
        let mut shoots = false;
        for &s in &self.list[them] {
            if !self.variant.pieces[cell_kind(self.board[s as usize])]
                .mechanics
                .borrows()
                || frozen.is_some_and(|f| f.has(s))
            {
                continue;
            }
            for &kind in &kinds {
                if royals.iter().any(|&k| borrowed::kind_takes(self, s, kind, them, k))
                    || !self.mark_power(s, kind, them, royals, marks)
                {
                    return None;
                }
                shoots |= self.variant.mech_bits[kind] & mech::SHOOT != 0;
            }
        }
        Some(shoots)
    }

    /// Is `m` certain to leave the royals unattacked, out of check, given
    /// the [`Position::sensitive_squares`]?
    pub(crate) fn leaves_royals_alone(&self, m: Move, sensitive: &[u64]) -> bool {
        // A royal, an aura (freezing, shielding: a Shield beside a man on
        // an overtaking line changes what may be taken there), a man
        // taking friends or copying kinds: played and tested.
        let plain = |kind: Kind| {
            let piece = &self.variant.pieces[kind];
            let km = &piece.mechanics;
            !(piece.royal || km.freeze || km.shield || km.friendly || km.mimic)
        };
        if !plain(cell_kind(self.board[m.from as usize])) {
            return false;
        }
        let us = self.side;
        if !matches!(
            m.kind,
            MoveKind::Normal
                | MoveKind::Effect
                | MoveKind::Shoot
                | MoveKind::Destroy
                | MoveKind::Remove
                | MoveKind::EnPassant
                | MoveKind::Locust
                | MoveKind::Path
                | MoveKind::Swap
        ) {
            return false;
        }
        if m.kind == MoveKind::Swap {
            // The man swapped with comes to the mover's square: a friend
            // moves as the mover does (never a royal); an enemy there must
            // be one whose takes are all in the tables and that could never
            // take a royal from there, and no royal (a `{coord}` man takes
            // where its lines cross its King's).
            let c = self.board[m.to as usize];
            let other = cell_kind(c);
            let t = &self.variant.tables;
            let pi = t.program_index(other, us ^ 1, m.from);
            // A friend swapped with moves as the mover does.
            if (cell_color(c) == us && !plain(other))
                || (cell_color(c) != us
                    && (self.variant.walks[other] != 0
                        || self.variant.pieces[other].any_royal()
                        || self.royals[us].iter().any(|&k| t.reaches(pi, k))))
            {
                return false;
            }
        }
        // After a capture an enemy `{jester}` may take as the mover's kind
        // does. (A `{recapture}` man takes only the capturer, never a
        // royal that stood still.)
        if self.variant.reads_last_turn
            && lines::has_any(self, &self.variant.jester_kinds, self.side ^ 1)
            && self.is_capture(m)
        {
            return false;
        }
        // A promotion brings a kind an enemy borrower may not have been
        // thought to borrow, or a new royal.
        if m.promotion != 0 {
            return false;
        }
        let marked = |sq: Square| sensitive[sq as usize >> 6] >> (sq & 63) & 1 != 0;
        if marked(m.from) || marked(m.to) {
            return false;
        }
        match m.kind {
            MoveKind::Effect => {
                // A `{jester}` acts as the kind it borrowed.
                let acting = self.acting_kind(m);
                self.hurdle_effect(m).is_none() && !self.mechanism_victims(m, acting, self.side).into_iter().any(marked)
            }
            MoveKind::EnPassant | MoveKind::Locust => !marked(m.extra()),
            MoveKind::Path => self.path_effect(m).is_some_and(|e| !e.taken.into_iter().any(marked)),
            _ => true,
        }
    }
}
