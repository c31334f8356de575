//! Capture generation: the captures and promotions a quiescence search
//! looks at, and the first moves the main search tries, with or without
//! the search's [`CaptureCache`].

use crate::core::geometry::Square;
use crate::core::moves::Move;
use crate::core::pair::Pair;
use crate::core::piece::cell_kind;
use crate::movement::Node;
use crate::rules::position::Position;
use crate::rules::walk::capture_cache::{CaptureCache, Plan, Recorder, WORDS, padded};
use crate::rules::walk::generate::Stage;
use crate::rules::walk::movegen::{Within, dedup_since};

impl Position {
    /// Pseudo-legal captures and promotions: the moves a quiescence search
    /// looks at, and the first ones the main search tries. A piece walks
    /// its program only when some enemy stands where it could ever capture
    /// (a test of bitsets); most pieces have none. (Walking only the
    /// branches towards each such enemy measured slower than one walk.)
    /// Pawns that may promote and en-passant capturers keep their
    /// promotions and en-passant captures from a full walk.
    pub fn pseudo_legal_captures(&self, out: &mut Vec<Move>) {
        self.pseudo_legal_captures_among(self.occupied_by(self.side ^ 1), out);
    }

    /// [`Position::pseudo_legal_captures`] for a caller interested only in
    /// the enemies on `targets` (a bitset of squares): pieces that could
    /// take none of them are not walked (what they could take elsewhere
    /// may still come), and promotions and en-passant captures all come.
    pub fn pseudo_legal_captures_among(&self, targets: &[u64], out: &mut Vec<Move>) {
        self.generate(Stage::Captures(targets), out);
    }

    /// [`Position::pseudo_legal_captures_among`], the same moves in the same
    /// order, with the walks of men whose surroundings did not change since
    /// their last walk replayed from `cache`.
    pub fn pseudo_legal_captures_cached(&self, targets: &[u64], cache: &mut CaptureCache, out: &mut Vec<Move>) {
        self.generate(Stage::CapturesCached(targets, cache), out);
    }

    /// The captures among `targets` from the tables ([`Stage::Captures`];
    /// [`Position::generate`] has made them from the whole list where the
    /// tables do not decide), from `cache` (which is then given) where
    /// `CACHED`. Two instances, so that each loop holds only the code it
    /// runs; the rare cases are calls, so that the loop stays small in the
    /// instruction cache.
    #[inline(always)]
    pub(crate) fn captures_among<const CACHED: bool>(
        &self,
        targets: &[u64],
        mut cache: Option<&mut CaptureCache>,
        out: &mut Vec<Move>,
    ) {
        let us = self.side;
        let t = &self.variant.tables;
        let enemy = targets;
        let keeps_promotions = cache.as_ref().is_some_and(|c| c.keeps_promotions);
        // The cache's fixed-width copies (its boards have at most `WORDS`).
        let [padded_targets] = if CACHED {
            padded::<1>(targets)
        } else {
            [[Pair::ZERO; WORDS / 2]]
        };
        let padded_occupied = if CACHED {
            padded::<2>(&self.occupied)
        } else {
            [[Pair::ZERO; WORDS / 2]; 2]
        };
        // En passant captures are not kept: with rights open, every man
        // that may take so walks.
        let no_ep = self.ep.count == 0;
        for &from in &self.list[us] {
            let cell = self.board[from as usize];
            if CACHED
                && no_ep
                && cache
                    .as_deref_mut()
                    .expect("a cache where CACHED")
                    .none_again(from, cell, &padded_occupied)
            {
                continue;
            }
            let kind = cell_kind(cell);
            if self.variant.has_special && self.variant.special[kind] {
                self.special_tactical_moves(from, kind, out);
                continue;
            }
            let look_up = || {
                let pi = t.program_index(kind, us, from);
                let (p, nodes) = self.program_nodes(pi, kind, us, from);
                let plan = Plan {
                    start: p.start,
                    len: nodes.len() as u16,
                    promoting: self.variant.may_promote[self.variant.index(kind, us, from)],
                    dup: p.dup,
                    ep: p.ep,
                    keeps: keeps_promotions || !self.variant.promotes[kind],
                };
                (plan, t.reach_row(pi))
            };
            let (plan, has_target) = if CACHED {
                let cache = cache.as_deref_mut().expect("a cache where CACHED");
                cache.man(from, cell, &padded_targets, look_up)
            } else {
                let (plan, reach) = look_up();
                (plan, reach.iter().zip(enemy).any(|(r, t)| r & t != 0))
            };
            // The common case, decided before touching the program.
            if !has_target && !plan.promoting && self.ep.count == 0 {
                continue;
            }
            let nodes = &t.nodes[plan.start as usize..plan.start as usize + plan.len as usize];
            if plan.ep && self.ep.count > 0 {
                self.tactical_walk(plan.dup, nodes, from, kind, true, out);
                continue;
            }
            if !has_target && !plan.promoting {
                continue;
            }
            if CACHED {
                // Promotions limited by the men on the board are not kept:
                // such men walk every time.
                let cache = cache.as_deref_mut().expect("a cache where CACHED");
                if plan.keeps && cache.replay(from, cell, &padded_occupied, out) {
                    continue;
                }
                let start = out.len();
                let seen = self.walk_recording(plan.dup, nodes, from, kind, plan.promoting, out);
                if plan.keeps {
                    cache.keep(from, cell, &padded_occupied, &seen, &out[start..]);
                }
            } else if plan.promoting {
                self.tactical_walk(plan.dup, nodes, from, kind, false, out);
            } else {
                let start = out.len();
                self.walk::<false, true, false, _>(nodes, from, kind, out);
                if plan.dup {
                    dedup_since(out, start);
                }
            }
        }
    }

    /// The captures and promotions of a special man (see
    /// [`crate::rules::walk::special`]).
    #[inline(never)]
    fn special_tactical_moves(&self, from: Square, kind: usize, out: &mut Vec<Move>) {
        let start = out.len();
        self.special_moves(from, kind, out);
        self.keep_since(out, start, |m| self.is_capture(m) || m.promotion != 0);
    }

    /// The captures and promotions of a man that may promote or take en
    /// passant: from a walk of all its moves.
    #[inline(never)]
    fn tactical_walk(&self, dup: bool, nodes: &[Node], from: Square, kind: usize, with_ep: bool, out: &mut Vec<Move>) {
        let start = out.len();
        if with_ep {
            self.walk::<true, false, false, _>(nodes, from, kind, out);
        } else {
            self.walk::<false, false, false, _>(nodes, from, kind, out);
        }
        self.keep_since(out, start, |m| self.is_capture(m) || m.promotion != 0);
        if dup {
            dedup_since(out, start);
        }
    }

    /// The walk of [`Position::tactical_walk`] (`promoting`) or a capture
    /// walk, noting the squares it looks at, for the cache.
    #[inline(never)]
    fn walk_recording(
        &self,
        dup: bool,
        nodes: &[Node],
        from: Square,
        kind: usize,
        promoting: bool,
        out: &mut Vec<Move>,
    ) -> [u64; WORDS] {
        let start = out.len();
        let seen = if promoting {
            let mut recorder = Recorder {
                out: &mut *out,
                seen: [0; WORDS],
            };
            self.walk::<false, false, false, _>(nodes, from, kind, &mut recorder);
            recorder.seen
        } else if self.variant.promotes[kind] {
            let mut recorder = Recorder {
                out: &mut *out,
                seen: [0; WORDS],
            };
            self.walk::<false, true, false, _>(nodes, from, kind, &mut recorder);
            recorder.seen
        } else {
            // At most one move a node (see `Position::walk_moves`).
            out.reserve(nodes.len());
            let mut recorder = Recorder {
                out: Within(&mut *out),
                seen: [0; WORDS],
            };
            self.walk::<false, true, true, _>(nodes, from, kind, &mut recorder);
            recorder.seen
        };
        if promoting {
            self.keep_since(out, start, |m| self.is_capture(m) || m.promotion != 0);
        }
        if dup {
            dedup_since(out, start);
        }
        seen
    }
}
