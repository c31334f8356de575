//! Legality: which pseudo-legal moves leave the mover's royals safe.
//!
//! A move is legal when no royal of the mover is attacked afterwards. The
//! enemy men with a path to a royal are found once per position, with the
//! squares of their paths: a move by another man that touches none of them
//! is legal out of check (or leaves a lone check standing), and one that
//! touches some asks only those men, on the board changed in place. Royal
//! moves, locusts and the rest are tested in place or by playing them.

use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Color, EMPTY, cell_kind};
use crate::movement::Node;
use crate::rules::position::Position;
use crate::rules::walk::capture_cache::WORDS;

impl Position {
    /// Marks every square an enemy path to one of our royals crosses, and
    /// (with `test_check`) counts the checks: the (enemy man, royal) pairs
    /// where the man attacks the royal now. Each pair of a man that could
    /// capture on a royal's square is kept in `lines`, with the squares of
    /// its paths there in `line_bits`: a move that touches none of them
    /// cannot change whether that man attacks that royal. A man that takes
    /// on the way or in chains and could ever take on the royal's square
    /// gets a pair too, its squares being every square its moves could
    /// look at (unless `!special_regions`: the caller marks what their
    /// walks read). With exactly one check, `check_path` holds the
    /// checker's square and its path squares.
    pub(crate) fn mark_royal_lines(&mut self, test_check: bool, special_regions: bool) -> u32 {
        self.mark_royal_lines_but(test_check, special_regions, |_| false)
    }

    /// [`Position::mark_royal_lines`] passing over the men on the squares
    /// `skip` names (frozen men the caller knows stay frozen).
    pub(crate) fn mark_royal_lines_but(
        &mut self,
        test_check: bool,
        special_regions: bool,
        skip: impl Fn(Square) -> bool,
    ) -> u32 {
        let us = self.side;
        let them = us ^ 1;
        let t = &self.variant.tables;
        let words = self.words;
        let mut checks = 0;
        let mut marks = std::mem::take(&mut self.marks);
        let mut path = std::mem::take(&mut self.check_path);
        let mut lines = std::mem::take(&mut self.lines);
        let mut bits = std::mem::take(&mut self.line_bits);
        marks.iter_mut().for_each(|w| *w = 0);
        lines.clear();
        bits.clear();
        for &k in &self.royals[us] {
            self.for_each_attacker_square(them, k, |s| {
                let kind = cell_kind(self.board[s as usize]);
                let pi = t.program_index(kind, them, s);
                if !t.reaches(pi, k) || skip(s) {
                    return false;
                }
                let (p, nodes) = self.program_nodes(pi, kind, them, s);
                let parents = &t.parents[p.start as usize..p.start as usize + nodes.len()];
                let at = bits.len();
                bits.resize(at + words, 0);
                let mine = &mut bits[at..];
                let mut checking = false;
                for root in t.attack_roots(p, k) {
                    let root = root as usize;
                    if root >= nodes.len() {
                        continue;
                    }
                    checking = checking || (test_check && self.branch_attacks(nodes, root, them, k));
                    mark_paths(nodes, parents, root, k, mine);
                }
                marks.iter_mut().zip(mine.iter()).for_each(|(m, b)| *m |= b);
                lines.push((s, k, false));
                if checking {
                    checks += 1;
                    if checks == 1 {
                        path.copy_from_slice(mine);
                        path[s as usize >> 6] |= 1 << (s & 63);
                    }
                }
                false
            });
            if self.special_men[them] == 0 || !special_regions {
                continue;
            }
            // Men that take on the way or in chains: their lines are every
            // square their moves could look at.
            for &s in &self.list[them] {
                let kind = cell_kind(self.board[s as usize]);
                let pi = t.program_index(kind, them, s);
                if !self.variant.special_attacks[kind] || !t.may_take(pi, k) {
                    continue;
                }
                let at = bits.len();
                match t.region(pi) {
                    Some(region) => bits.extend_from_slice(region),
                    None => bits.resize(at + words, !0),
                }
                let mine = &mut bits[at..];
                marks.iter_mut().zip(mine.iter()).for_each(|(m, b)| *m |= b);
                lines.push((s, k, true));
                if test_check && self.special_takes(s, kind, them, k) {
                    checks += 1;
                    if checks == 1 {
                        path.copy_from_slice(mine);
                        path[s as usize >> 6] |= 1 << (s & 63);
                    }
                }
            }
        }
        self.marks = marks;
        self.check_path = path;
        self.lines = lines;
        self.line_bits = bits;
        checks
    }

    /// Is the plain move `m` of a man other than a royal safe, when at most
    /// one check stands and the move touches its path? Only the (man,
    /// royal) pairs of `lines` whose paths the move touches can change, so
    /// only those men are asked, with the two squares changed in place.
    fn is_safe_by_lines(&mut self, m: Move) -> bool {
        let them = self.side ^ 1;
        let (from, to) = (m.from, m.to);
        let piece = self.board[from as usize];
        let taken = self.board[to as usize];
        self.board[from as usize] = EMPTY;
        self.board[to as usize] = piece;
        let words = self.words;
        let touches =
            |bits: &[u64]| (bits[from as usize >> 6] >> (from & 63) | bits[to as usize >> 6] >> (to & 63)) & 1 != 0;
        let t = &self.variant.tables;
        let exposed = self.lines.iter().enumerate().any(|(i, &(s, k, special))| {
            s != to && touches(&self.line_bits[i * words..(i + 1) * words]) && {
                let kind = cell_kind(self.board[s as usize]);
                if special {
                    self.special_takes(s, kind, them, k)
                } else {
                    let pi = t.program_index(kind, them, s);
                    let (p, nodes) = self.program_nodes(pi, kind, them, s);
                    self.attacks_along(p, nodes, them, k)
                }
            }
        });
        self.board[to as usize] = taken;
        self.board[from as usize] = piece;
        !exposed
    }

    #[inline]
    fn on_check_path(&self, sq: Square) -> bool {
        self.check_path[sq as usize >> 6] >> (sq & 63) & 1 != 0
    }

    #[inline]
    fn marked(&self, sq: Square) -> bool {
        self.marks[sq as usize >> 6] >> (sq & 63) & 1 != 0
    }

    /// Is `m` certainly legal, known without playing it, when the side to
    /// move is not in check? A move by a piece other than a royal that
    /// does not leave a square on any enemy path to a royal
    /// (`MoveTables::lines_to`) cannot expose one, nor can it by entering
    /// such a square unless some enemy path goes on past a man there
    /// (`MoveTables::passes_enemies`: a hopper's screen), where the tables
    /// decide attacks (`Position::tables_decide`). `false` means the
    /// move must be played and tested.
    #[inline]
    pub fn is_safe_unless_in_check(&self, m: Move) -> bool {
        let t = &self.variant.tables;
        let them = self.side ^ 1;
        m.kind == MoveKind::Normal
            && self.tables_decide(them)
            && !self.variant.pieces[cell_kind(self.board[m.from as usize])].royal
            && !self.promotes_to_royal(m)
            && self.royals[self.side]
                .iter()
                .all(|&k| !t.on_line_to(them, k, m.from) && (!t.passes_enemies[them] || !t.on_line_to(them, k, m.to)))
    }

    /// The squares the enemy men's paths towards our royals look at on
    /// the board as it stands, when none of those paths takes a royal:
    /// each path's outcome depends on those squares alone, so a plain
    /// move by a man other than a royal that changes none of them is
    /// legal ([`Position::is_safe_off_paths`]). Sharper than the tables'
    /// lines ([`Position::is_safe_unless_in_check`]): only men standing
    /// now count, and a path's squares end at its first blocker. `None`
    /// where the tables do not decide attacks alone (as there), on boards
    /// larger than `WORDS` words, and in check.
    #[inline(never)]
    pub fn royal_paths_seen(&self) -> Option<[u64; WORDS]> {
        let them = self.side ^ 1;
        if self.words > WORDS || !self.tables_decide(them) {
            return None;
        }
        let t = &self.variant.tables;
        let mut seen = [0; WORDS];
        for &k in &self.royals[self.side] {
            let taken = self.for_each_attacker_square(them, k, |s| {
                let cell = self.board[s as usize];
                let pi = t.program_index_of_cell(cell, s);
                if !t.reaches(pi, k) {
                    return false;
                }
                let (p, nodes) = self.program_nodes(pi, cell_kind(cell), them, s);
                t.attack_roots(p, k)
                    .filter(|&r| (r as usize) < nodes.len())
                    .any(|r| self.branch_attacks_seeing(nodes, r as usize, them, k, &mut seen))
            });
            if taken {
                return None;
            }
        }
        Some(seen)
    }

    /// Is `m` a plain move by a man other than a royal (nor made one by
    /// promotion) that changes none of the squares `seen`
    /// ([`Position::royal_paths_seen`] of this position): a legal move,
    /// known without playing it?
    #[inline]
    pub fn is_safe_off_paths(&self, m: Move, seen: &[u64; WORDS]) -> bool {
        let on = |sq: Square| seen[(sq as usize >> 6) & (WORDS - 1)] >> (sq & 63) & 1 != 0;
        m.kind == MoveKind::Normal
            && !self.variant.pieces[cell_kind(self.board[m.from as usize])].royal
            && !self.promotes_to_royal(m)
            && !on(m.from)
            && !on(m.to)
    }

    /// Does `m` promote to a royal kind of any sort (a royal, an
    /// anti-royal, a `flee` royal): a move that may change the side's
    /// royal mode, judged after it is played?
    #[inline]
    pub(crate) fn promotes_to_royal(&self, m: Move) -> bool {
        m.promotion_kind().is_some_and(|k| {
            let p = &self.variant.pieces[k];
            p.any_royal() || p.flee
        })
    }

    /// Plays `m` and tells whether the mover's royals are safe afterwards,
    /// under the royal mode the side plays under after it
    /// ([`Position::royals_safe_after`]).
    fn is_safe_after(&mut self, m: Move) -> bool {
        let us = self.side;
        self.play_unchecked(m);
        let ok = self.royals_safe_after(us);
        self.undo();
        ok
    }

    /// [`Position::is_safe_after`] for a plain or locust move: the attack test reads
    /// the board and the occupancy bitsets (the piece lists only to find
    /// men checked against the board), so those squares are changed in
    /// place and put back, sparing the hash, the piece lists and the undo
    /// log of a real play.
    fn is_safe_in_place(&mut self, m: Move) -> bool {
        let us = self.side;
        let (from, to) = (m.from, m.to);
        self.in_place(m, |p| {
            p.royals[us]
                .iter()
                .all(|&k| !p.is_attacked(if k == from { to } else { k }, us ^ 1))
        })
    }

    /// Will the opponent attack the square `m` lands on once it is played,
    /// known without playing it? For a plain move where the attack tables
    /// decide attacks (no mechanisms or reserves, no opposing man whose
    /// captures they miss), the board changed in place answers; `None`
    /// otherwise.
    #[inline]
    pub fn attacked_on_landing(&mut self, m: Move) -> Option<bool> {
        let them = self.side ^ 1;
        let known = m.kind == MoveKind::Normal && !self.whole_list_only() && self.special_men[them] == 0;
        known.then(|| self.in_place(m, |p| p.is_attacked(m.to, them)))
    }

    /// Runs `f` on the board and occupancy bitsets as a plain or locust
    /// move `m` leaves them, then puts them back (the rest of the position
    /// stays as before the move).
    fn in_place<T>(&mut self, m: Move, f: impl FnOnce(&Self) -> T) -> T {
        let us = self.side;
        let them = us ^ 1;
        let (from, to) = (m.from, m.to);
        let victim = (m.kind == MoveKind::Locust).then_some(m.extra());
        let piece = self.board[from as usize];
        let at_to = self.board[to as usize];
        let at_victim = victim.map(|v| self.board[v as usize]);
        let w = self.words;
        let word = |color: Color, sq: Square| color * w + (sq as usize >> 6);
        // The occupancy words changed, saved to be put back in reverse.
        let mut saved = [(0usize, 0u64); 4];
        let mut n = 0;
        let mut set = |occ: &mut Vec<u64>, i: usize, bit: u64, on: bool| {
            saved[n] = (i, occ[i]);
            n += 1;
            if on { occ[i] |= bit } else { occ[i] &= !bit }
        };
        if let Some(v) = victim {
            self.board[v as usize] = EMPTY;
            set(&mut self.occupied, word(them, v), 1 << (v & 63), false);
        }
        self.board[from as usize] = EMPTY;
        self.board[to as usize] = piece;
        set(&mut self.occupied, word(us, from), 1 << (from & 63), false);
        set(&mut self.occupied, word(us, to), 1 << (to & 63), true);
        set(&mut self.occupied, word(them, to), 1 << (to & 63), false);
        let answer = f(self);
        for &(i, old) in saved[..n].iter().rev() {
            self.occupied[i] = old;
        }
        self.board[to as usize] = at_to;
        self.board[from as usize] = piece;
        if let (Some(v), Some(c)) = (victim, at_victim) {
            self.board[v as usize] = c;
        }
        answer
    }

    /// All legal moves. A finished game (checkmate, stalemate, a royal on
    /// its far rank where that wins, a goal, a bare king) has none.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        self.legal_moves_knowing_check(out, None);
    }

    /// [`Position::legal_moves`] for a caller that already knows whether
    /// the side to move is in check (the search does), sparing that test.
    pub fn legal_moves_knowing_check(&mut self, out: &mut Vec<Move>, in_check: Option<bool>) {
        out.clear();
        if self.decided().is_some() {
            return;
        }
        self.pseudo_legal_moves(out);
        if self.holds_reserve() {
            // Turns may carry drops (`crate::rules::reserve::drops`).
            self.legal_turns(out, in_check);
            return;
        }
        self.retain_legal(out, in_check);
    }

    /// Keeps the legal moves of a list of pseudo-legal ones.
    pub fn retain_legal(&mut self, out: &mut Vec<Move>, in_check: Option<bool>) {
        let us = self.side;
        if self.variant.win.royal_modes && !self.check_rules(us) {
            // Extinction mode (`crate::rules::legal::royals`): royals may be left
            // attacked; anti-royals and fleeing royals have rules of their own.
            self.retain_by_royal_mode(out);
            return;
        }
        if self.royals[us].is_empty() || out.is_empty() {
            return;
        }
        // Where the lines do not decide (`Position::lines_decide`: men with
        // mechanisms, or promotion from a reserve), every move is judged as
        // with mechanisms.
        if !self.lines_decide() {
            self.retain_legal_among_mechanisms(out);
            return;
        }
        let checks = match in_check {
            // Royals facing each other are on no line of the tables: every
            // move is tested.
            _ if self.variant.win.flying_royals => u32::MAX,
            Some(false) => self.mark_royal_lines(false, true),
            _ => self.mark_royal_lines(true, true),
        };
        let mut keep = 0;
        let moves = out.as_mut_slice();
        for i in 0..moves.len() {
            let m = moves[i];
            // A man that becomes a royal (Chu Shogi's Drunk Elephant to a
            // Crown Prince) is a royal on its new square: the lines of the
            // royals before the move do not tell.
            let crowned = self.promotes_to_royal(m);
            let royal = self.variant.pieces[cell_kind(self.board[m.from as usize])].royal || crowned;
            let plain = !royal && m.kind == MoveKind::Normal;
            let safe = match checks {
                // Out of check, a move off every enemy line is legal.
                0 if plain && !self.marked(m.from) && !self.marked(m.to) => true,
                // One check stands unless the move touches its path.
                1 if plain && !self.on_check_path(m.from) && !self.on_check_path(m.to) => false,
                0 | 1 if plain => self.is_safe_by_lines(m),
                _ if !crowned && matches!(m.kind, MoveKind::Normal | MoveKind::Locust) => self.is_safe_in_place(m),
                _ => self.is_safe_after(m),
            };
            if safe {
                moves[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// With exactly one check standing, copies its path (the checker's
    /// square and the squares its path crosses) into `path` and says so:
    /// then a plain move by a man other than a royal that touches none of
    /// them leaves the check standing ([`Position::leaves_lone_check`]).
    /// False with no check or more, and where the lines do not tell
    /// (as in [`Position::retain_legal`]: royal modes, mechanisms,
    /// reserves, royals facing each other).
    pub fn lone_check_path(&mut self, path: &mut Vec<u64>) -> bool {
        let us = self.side;
        let v = &self.variant;
        if (v.win.royal_modes && !self.check_rules(us))
            || !self.lines_decide()
            || v.win.flying_royals
            || v.reserve.is_some()
            || self.royals[us].is_empty()
            || self.mark_royal_lines(true, true) != 1
        {
            return false;
        }
        path.clear();
        path.extend_from_slice(&self.check_path);
        true
    }

    /// Is `m` a plain move by a man other than a royal (nor made one by
    /// promotion) that touches no square of the lone check's `path`
    /// ([`Position::lone_check_path`]): an illegal move, known without
    /// playing it?
    #[inline]
    pub fn leaves_lone_check(&self, m: Move, path: &[u64]) -> bool {
        let on_path = |sq: Square| path[sq as usize >> 6] >> (sq & 63) & 1 != 0;
        m.kind == MoveKind::Normal
            && !self.variant.pieces[cell_kind(self.board[m.from as usize])].royal
            && !self.promotes_to_royal(m)
            && !on_path(m.from)
            && !on_path(m.to)
    }

    /// [`Position::retain_legal`] with men of mechanisms on the board (or
    /// promotions from a reserve, whose pawn captures onto a last rank
    /// the tables hold): kept apart from the tables' path, which runs in
    /// every other variant.
    #[inline(never)]
    fn retain_legal_among_mechanisms(&mut self, out: &mut Vec<Move>) {
        let us = self.side;
        // Men with mechanisms take in ways the tables' lines do not
        // show: out of check, a move that changes no square their
        // takes could depend on is legal (`crate::rules::legal::safety`);
        // every other move is played and tested.
        let them = us ^ 1;
        let checked = self.royals[us].iter().any(|&k| self.is_attacked(k, them));
        // In check, a move that leaves the squares of one check alone
        // (as a move out of check leaves those of every possible take)
        // leaves that check standing.
        let sensitive = if checked {
            self.check_squares()
        } else {
            self.sensitive_squares()
        };
        let mut keep = 0;
        for i in 0..out.len() {
            let m = out[i];
            let quiet = sensitive.as_ref().is_some_and(|s| self.leaves_royals_alone(m, s));
            let legal = if self.promotes_to_royal(m) {
                // The royal mode may change with the move: judged after it.
                self.is_safe_after(m)
            } else if checked {
                !quiet && self.is_safe_after(m)
            } else {
                quiet || self.is_safe_after(m)
            };
            if legal {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}

/// Marks the squares crossed by every path of the branch at `root` that
/// reaches `k`.
pub(crate) fn mark_paths(nodes: &[Node], parents: &[u16], root: usize, k: Square, marks: &mut [u64]) {
    for i in root..nodes[root].skip as usize {
        if nodes[i].sq == k {
            let mut j = parents[i];
            while j != u16::MAX {
                let sq = nodes[j as usize].sq as usize;
                marks[sq >> 6] |= 1 << (sq & 63);
                j = parents[j as usize];
            }
        }
    }
}
