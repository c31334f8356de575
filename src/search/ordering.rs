//! Move ordering: the hash move, then captures and promotions by most
//! valuable victim / least valuable attacker, then killer moves, then
//! quiet moves by history.

use super::Searcher;
use crate::core::moves::Move;
use crate::rules::position::Position;
use std::cell::RefCell;

const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// History scores stay within +/- this, far below the killers.
pub const HISTORY_MAX: i32 = 1 << 14;

impl Searcher {
    /// Fills `scores` with an ordering score for each move.
    pub(super) fn score_moves(
        &self,
        pos: &Position,
        moves: &[Move],
        scores: &mut Vec<i32>,
        hash_move: Option<Move>,
        ply: usize,
    ) {
        let eval = &self.eval.as_ref().expect("evaluator set").1;
        let us = pos.side_to_move();
        scores.clear();
        for &m in moves {
            let s = if Some(m) == hash_move {
                HASH_MOVE
            } else if pos.is_capture(m) || m.promotion != 0 {
                let victim = pos
                    .piece_at(m.to)
                    .map_or(eval.value_of_pawn_victim(pos, m), |(k, _)| eval.value(k));
                let attacker = pos.piece_at(m.from).map_or(0, |(k, _)| eval.value(k));
                let promo = m.promotion_kind().map_or(0, |k| eval.value(k));
                CAPTURE + (victim + promo) * 64 - attacker
            } else if self.killers[ply][0] == Some(m) {
                KILLER + 1
            } else if self.killers[ply][1] == Some(m) {
                KILLER
            } else {
                self.history_of(us, m)
            };
            scores.push(s);
        }
    }

    #[inline]
    pub(super) fn history_index(&self, color: usize, m: Move) -> usize {
        (color * self.squares + m.from as usize) * self.squares + m.to as usize
    }

    /// Rewards a quiet move that caused a cutoff, and penalises the quiet
    /// moves searched before it at the node (`tried`): they were ordered
    /// first and did not refute it. Each update moves a score a fraction
    /// of the way towards the bound (`HISTORY_MAX`), so a move that keeps
    /// failing loses its rank as fast as one that keeps cutting gains it.
    pub(super) fn reward(&mut self, color: usize, m: Move, depth: i32, ply: usize, tried: &[Move]) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        let bonus = (32 * depth * depth).min(HISTORY_MAX / 4);
        self.update_history(color, m, bonus);
        for &t in tried.iter().filter(|&&t| t != m) {
            self.update_history(color, t, -bonus);
        }
    }

    fn update_history(&mut self, color: usize, m: Move, bonus: i32) {
        let i = self.history_index(color, m);
        let h = &mut self.history[i];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// The history score of a quiet move, in `-HISTORY_MAX..=HISTORY_MAX`.
    #[inline]
    pub(super) fn history_of(&self, color: usize, m: Move) -> i32 {
        self.history[self.history_index(color, m)]
    }
}

/// Moves picked one by one before the rest is sorted at once.
const LAZY_PICKS: usize = 4;

/// Brings the best-scored remaining move to position `i`. Most nodes cut
/// off after a few moves, so the first few are found by selection; a node
/// that goes on sorts the remainder once instead of scanning it per move.
///
/// Past the lazy picks there is nothing left to do: that test is inlined
/// where moves are picked, so that those turns make no call (a call costs
/// the browser's engine more than a native one).
#[inline(always)]
pub fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    if i <= LAZY_PICKS {
        pick_lazily(moves, scores, i);
    }
}

fn pick_lazily(moves: &mut [Move], scores: &mut [i32], i: usize) {
    if i == LAZY_PICKS && moves.len() > LAZY_PICKS + 1 {
        sort_tail(moves, scores, i);
        return;
    }
    select(moves, scores, i);
}

/// Brings the best-scored move of `i..` to position `i`.
#[inline(always)]
pub fn select(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let best = first_best(&scores[i..moves.len()]);
    moves.swap(i, i + best);
    scores.swap(i, i + best);
}

/// The index of the first of the highest scores (`scores` not empty).
#[inline(always)]
fn first_best(scores: &[i32]) -> usize {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if scores.len() >= 16 {
        return first_best_by_fours(scores);
    }
    // The best score is kept in a local, not read back by its index: the
    // scan then has no bounds test, and the browser's compiler keeps it in
    // a register (it kept the index in memory, a store and a load on
    // every move's turn).
    let (mut best, mut top) = (0, scores[0]);
    for (j, &s) in scores.iter().enumerate().skip(1) {
        if s > top {
            (best, top) = (j, s);
        }
    }
    best
}

/// [`first_best`] four scores at a time, with WebAssembly's vector
/// instructions, for the long lists of the quiet moves: the highest score
/// first, then the first place it is found. The module's scan a score at a
/// time cost it nearly twice native's (picking a move, Overboard: 213
/// instructions a node against 114).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(never)]
fn first_best_by_fours(scores: &[i32]) -> usize {
    use core::arch::wasm32::{i32x4_bitmask, i32x4_eq, i32x4_extract_lane, i32x4_max, i32x4_splat, v128, v128_load};
    // One load of the four (the compiler makes four of `i32x4` here).
    let four = |c: &[i32]| {
        assert_eq!(c.len(), 4);
        // SAFETY: `c` is four `i32`s, 16 bytes; `v128_load` needs no alignment.
        unsafe { v128_load(c.as_ptr().cast::<v128>()) }
    };
    let fours = scores.chunks_exact(4);
    let rest = fours.remainder();
    let mut highest: v128 = i32x4_splat(i32::MIN);
    for c in fours.clone() {
        highest = i32x4_max(highest, four(c));
    }
    let lanes = [
        i32x4_extract_lane::<0>(highest),
        i32x4_extract_lane::<1>(highest),
        i32x4_extract_lane::<2>(highest),
        i32x4_extract_lane::<3>(highest),
    ];
    let top = lanes.into_iter().chain(rest.iter().copied()).max().unwrap_or(i32::MIN);
    let wanted = i32x4_splat(top);
    for (k, c) in fours.enumerate() {
        let found = i32x4_bitmask(i32x4_eq(four(c), wanted));
        if found != 0 {
            return 4 * k + found.trailing_zeros() as usize;
        }
    }
    let start = scores.len() - rest.len();
    start + rest.iter().position(|&s| s == top).unwrap_or(0)
}

/// Sorts moves `from..` by score, best first, through a buffer kept for
/// the thread (this runs at every node that goes past a few moves: an
/// array on the stack, zeroed at each call, cost more than the sort).
/// Out of line: inlined, it gave [`pick_lazily`] a frame on the module's
/// stack, set up at each of its calls.
#[inline(never)]
fn sort_tail(moves: &mut [Move], scores: &mut [i32], from: usize) {
    thread_local! {
        static PAIRS: RefCell<Vec<(i32, Move)>> = const { RefCell::new(Vec::new()) };
    }
    PAIRS.with_borrow_mut(|pairs| {
        pairs.clear();
        pairs.extend(scores[from..].iter().copied().zip(moves[from..].iter().copied()));
        pairs.sort_unstable_by_key(|&(s, _)| std::cmp::Reverse(s));
        for (j, &(s, m)) in pairs.iter().enumerate() {
            scores[from + j] = s;
            moves[from + j] = m;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn searcher(squares: usize) -> Searcher {
        let mut s = Searcher::try_new(1).expect("a 1 MB table");
        s.squares = squares;
        s.history = vec![0; 2 * squares * squares];
        s
    }

    #[test]
    fn a_refutation_rises_and_the_moves_tried_before_it_fall() {
        let mut s = searcher(100);
        let (cut, tried) = (Move::normal(1, 2), [Move::normal(3, 4), Move::normal(5, 6)]);
        s.reward(0, cut, 6, 0, &[tried[0], tried[1], cut]);
        assert!(s.history_of(0, cut) > 0);
        assert!(tried.iter().all(|&m| s.history_of(0, m) < 0));
        assert_eq!(s.history_of(1, cut), 0, "the other side's table is apart");
        assert_eq!(s.killers[0][0], Some(cut));
    }

    #[test]
    fn history_stays_within_its_bound_and_a_falling_move_recovers() {
        let mut s = searcher(64);
        let m = Move::normal(7, 9);
        for _ in 0..1000 {
            s.reward(0, m, 30, 1, &[]);
        }
        let top = s.history_of(0, m);
        assert!((HISTORY_MAX * 9 / 10 + 1..=HISTORY_MAX).contains(&top), "{top}");
        for _ in 0..1000 {
            s.reward(0, Move::normal(8, 9), 30, 1, &[m]);
        }
        let bottom = s.history_of(0, m);
        assert!((-HISTORY_MAX..-HISTORY_MAX * 9 / 10).contains(&bottom), "{bottom}");
        // A few refutations lift it well off the floor again.
        for _ in 0..3 {
            s.reward(0, m, 30, 1, &[]);
        }
        assert!(s.history_of(0, m) > bottom / 2, "{}", s.history_of(0, m));
    }

    #[test]
    fn picking_brings_the_moves_out_best_first_and_keeps_each_score_with_its_move() {
        for n in [3, LAZY_PICKS + 1, LAZY_PICKS + 2, 40, 700] {
            let mut moves: Vec<Move> = (0..n).map(|i| Move::normal(i as u16 % 256, (i / 256) as u16)).collect();
            // Scores with repeats, in no order: a move's score is known from it.
            let score_of = |m: &Move| ((m.from as i32 * 37 + m.to as i32 * 11) % 23) - 11;
            let mut scores: Vec<i32> = moves.iter().map(score_of).collect();
            let mut before: Vec<(i32, Move)> = scores.iter().copied().zip(moves.iter().copied()).collect();
            for i in 0..n {
                pick(&mut moves, &mut scores, i);
            }
            for (m, &s) in moves.iter().zip(&scores) {
                assert_eq!(s, score_of(m), "{n} moves: a score left its move");
            }
            // Past the lazy picks the rest is sorted once: all in order.
            assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{n} moves: {scores:?}");
            let mut after: Vec<(i32, Move)> = scores.iter().copied().zip(moves.iter().copied()).collect();
            before.sort_by_key(|&(s, m)| (s, m.from, m.to));
            after.sort_by_key(|&(s, m)| (s, m.from, m.to));
            assert_eq!(before, after, "{n} moves: the same moves");
        }
    }
}
