//! Quiescence: at the leaves of the main search, captures and promotions
//! are searched until the position is quiet, so that the evaluation is
//! not taken in the middle of an exchange. Apart from the main search
//! (`alphabeta.rs`) because its moves, its pruning (delta, losing
//! captures, recaptures only) and its depth limit are its own.

use super::alphabeta::{RoyalPaths, decided_score};
use super::ordering::pick;
use super::{Control, MAX_PLY, Searcher};
use crate::rules::position::Position;
use crate::rules::walk::capture_cache::WORDS;

/// Quiescence delta pruning margin.
const DELTA_MARGIN: i32 = 200;
/// Quiescence skips captures that lose more than this when recaptured.
const LOSING_MARGIN: i32 = 50;
/// Quiescence plies beyond the nominal depth: on boards full of long-range
/// pieces capture chains would otherwise run on for dozens of plies. Past
/// `RECAPTURES_ONLY` plies only recaptures on the last move's square count:
/// the reply to the first capture may take anything (a capture that opens
/// a line to another man is answered there), later ones only take back.
const MAX_QUIESCENCE: usize = 12;
const RECAPTURES_ONLY: usize = 2;

impl Searcher {
    /// Could one capture (with a promotion) gain more than `need` here?
    /// The enemy's men are looked at until one is worth enough: mostly the
    /// first, as `need` is below their entries unless the score is far
    /// below alpha.
    fn may_gain_more_than(&self, pos: &Position, need: i32) -> bool {
        let e = &self.eval.as_ref().expect("evaluator set").1;
        let need = need - e.promotion_gain_in(pos);
        match pos.squares_of(pos.side_to_move() ^ 1) {
            [] => need < 0,
            men => men
                .iter()
                .any(|&sq| pos.piece_at(sq).is_some_and(|(k, c)| e.entry(k, c, sq) > need)),
        }
    }

    /// Quiescence: only captures and promotions, until the position is
    /// quiet, so the evaluation is not taken in the middle of an exchange.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiesce(
        &mut self,
        pos: &mut Position,
        control: &Control,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: usize,
        last_to: Option<crate::core::geometry::Square>,
        in_check: Option<bool>,
    ) -> i32 {
        self.nodes += 1;
        self.royal_paths[ply] = RoyalPaths::Untested;
        self.seldepth = self.seldepth.max(ply);
        self.poll(control);
        if self.stopped {
            return 0;
        }
        if let Some(score) = decided_score(pos, ply) {
            return score;
        }
        let stand = self.evaluate(pos);
        if stand >= beta || ply >= MAX_PLY - 1 || qdepth >= MAX_QUIESCENCE {
            return stand;
        }
        alpha = alpha.max(stand);
        // Under royal modes, a royal of a side in extinction mode may be
        // taken, which may end the game: such captures are never pruned
        // for their victim's (nil) material value.
        let hunt = pos.variant().win.royal_modes && !pos.check_rules(pos.side_to_move() ^ 1);
        // Not even taking the opponent's best piece (and promoting) could
        // reach alpha: no capture is worth trying.
        if !hunt && !self.may_gain_more_than(pos, alpha - stand - DELTA_MARGIN) {
            return stand;
        }
        if pos.variant().win.royal_modes {
            self.judges[ply] = pos.move_judge();
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        moves.clear();
        match last_to {
            Some(sq) if qdepth >= RECAPTURES_ONLY => pos.pseudo_legal_captures_onto(sq, &mut moves),
            _ => {
                // Victims too cheap to lift the score to alpha would be
                // skipped below: pieces that could take only those are not
                // walked.
                let e = &self.eval.as_ref().expect("evaluator set").1;
                let floor = alpha - stand - DELTA_MARGIN;
                let them = pos.side_to_move() ^ 1;
                if floor < e.least_entry() {
                    // Every victim may lift it: all of them.
                    pos.pseudo_legal_captures_cached(pos.occupied_by(them), &mut self.captures, &mut moves);
                } else {
                    let words = pos.occupied_by(them).len();
                    let mut targets = std::mem::take(&mut self.targets);
                    // Boards of the capture cache's size (most) mark a
                    // fixed-width set: a fill of variable length is a call
                    // into the browser's runtime in WebAssembly.
                    let mut near = [0; WORDS];
                    let set: &mut [u64] = if words <= WORDS {
                        &mut near
                    } else {
                        targets.fill(0);
                        &mut targets
                    };
                    e.mark_worth_more(pos, them, floor, set);
                    if hunt {
                        for &k in pos.royals(them) {
                            set[k as usize >> 6] |= 1 << (k & 63);
                        }
                    }
                    pos.pseudo_legal_captures_cached(&set[..words], &mut self.captures, &mut moves);
                    self.targets = targets;
                }
            }
        }
        self.score_moves(pos, &moves, &mut scores, None, ply);
        let mut best = stand;
        // Quiescence does not extend checks, but knowing there is none
        // spares most legality tests.
        let mut in_check = in_check;
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let m = moves[i];
            let (gain, risk) = self.eval.as_ref().expect("evaluator set").1.exchange(pos, m);
            let royal_victim = hunt && pos.piece_at(m.to).is_some_and(|(k, _)| pos.variant().pieces[k].royal);
            if !royal_victim && stand + gain + DELTA_MARGIN <= alpha {
                continue;
            }
            // A losing exchange: the piece now on the square is worth more
            // than what was won and can be taken back. Most are known
            // before the move is played (and its legality tested).
            let losing = !royal_victim && risk > gain + LOSING_MARGIN;
            let attacked = if losing {
                pos.attacked_on_landing(m)
            } else {
                Some(false)
            };
            if attacked == Some(true) {
                continue;
            }
            // Only the last move can have given check (the tree holds
            // legal positions): its man's program and the lines through
            // its squares, not every enemy man.
            let checked = *in_check.get_or_insert_with(|| {
                if self.legal_root {
                    pos.in_check_after_last_move()
                } else {
                    pos.in_check()
                }
            });
            if !self.play_if_legal(pos, m, checked, ply) {
                continue;
            }
            if attacked.is_none() && pos.is_attacked(m.to, pos.side_to_move()) {
                pos.undo();
                continue;
            }
            let s = -self.quiesce(pos, control, -beta, -alpha, ply + 1, qdepth + 1, Some(m.to), None);
            pos.undo();
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        self.scores[ply] = scores;
        best
    }
}
