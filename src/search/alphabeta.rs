//! The recursive search of one node: principal-variation alpha-beta with
//! its pruning, extensions and staged move loop. It ends in quiescence
//! (`quiesce.rs`), reduces late moves by `reduction.rs` and plays a move
//! only if `legality.rs` finds it legal.

use super::ordering::{HISTORY_MAX, pick, select};
use super::reduction::reduction;
use super::tt::{Bound, from_tt, to_tt};
use super::{Control, INFINITY, MATE, MATE_BOUND, MAX_PLY, Searcher};
use crate::core::moves::Move;
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;
use crate::rules::walk::capture_cache::WORDS;

/// Null-move pruning: skip a turn and search shallower; if the side still
/// fails high, the position is good enough. Not in check, not in pawn-only
/// endings (zugzwang).
const NULL_MIN_DEPTH: i32 = 3;
/// Reverse futility: at shallow depth, a static score far above beta is
/// trusted.
const RFP_MAX_DEPTH: i32 = 3;
const RFP_MARGIN: i32 = 110;
/// Futility: at shallow depth, quiet moves cannot lift a hopeless static
/// score to alpha.
const FUTILITY_MAX_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 160;
/// Late-move pruning: at shallow depth only the first quiet moves are
/// searched (big boards have 100+ moves).
const LMP_MAX_DEPTH: i32 = 4;
/// Up to this depth, quiet moves past the late-move limit are not sorted.
const SELECT_MAX_DEPTH: i32 = 2;
/// Late-move reductions shrink by a ply per this much history.
const HISTORY_PER_PLY: i32 = HISTORY_MAX / 2;
/// Internal iterative reduction from this depth.
const IIR_MIN_DEPTH: i32 = 4;
/// Singular extension: from this depth, a hash move whose score no other
/// move comes near (searched to half the depth, against the entry's score
/// less `SINGULAR_MARGIN` a ply) is searched a ply deeper. Forced lines
/// are seen deeper at the depths long thinking reaches; from lower
/// depths, the test costs more than it finds (see docs/performance.md and bench/results/strength-log-to-2026-12.md).
const SINGULAR_MIN_DEPTH: i32 = 8;
const SINGULAR_MARGIN: i32 = 2;
/// A royal's move is kept from pruning and reductions where its far rank
/// wins and it lands this many ranks from it or fewer: a walk that may
/// win soon. Further back, every royal move was (a fifth of the quiet
/// moves in Xhess's middlegames).
const FAR_RANK_WALK: usize = 2;

/// The stages in which a node's moves are generated and tried.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Captures,
    Killers,
    Quiets,
}

/// How many moves' slots [`Searcher::read_ahead`] reads together.
pub(super) const READ_AHEAD: usize = 32;

/// A finished game's score for the side to move at `ply`: a mate score
/// for a win or a loss, 0 for a draw.
pub(super) fn outcome_score(pos: &Position, o: Outcome, ply: usize) -> i32 {
    let mate = MATE - ply as i32;
    match o.winner {
        None => 0,
        Some(w) if w == pos.side_to_move() => mate,
        Some(_) => -mate,
    }
}

/// A game already decided before any move (a royal on its far rank, a
/// goal, a bare king): its score at this ply.
pub(super) fn decided_score(pos: &Position, ply: usize) -> Option<i32> {
    Some(outcome_score(pos, pos.decided()?, ply))
}

/// Drops the hash move and the killers, tried before the quiet stage, from
/// its moves. By hand: `Vec::retain` stays a call in the module, and its
/// loop's values are spilled around it.
#[inline(always)]
fn drop_tried(moves: &mut Vec<Move>, first: Option<Move>, killers: [Option<Move>; 2]) {
    let mut kept = 0;
    for i in 0..moves.len() {
        let m = moves[i];
        if Some(m) != first && !killers.contains(&Some(m)) {
            moves[kept] = m;
            kept += 1;
        }
    }
    moves.truncate(kept);
}

/// A node's knowledge of the squares the enemy's paths to its royals
/// look at ([`Position::royal_paths_seen`]), for the legality of the moves
/// the tables' lines do not clear. Found at the second such move, so that
/// a node that tests one move (most cut-offs) does not pay for them.
#[derive(Clone, Copy)]
pub(super) enum RoyalPaths {
    /// No move of the node has been tested yet.
    Untested,
    /// One has, by playing it.
    Tested,
    /// The squares: a move off them is legal.
    Seen([u64; WORDS]),
    /// Not to be had here (see [`Position::royal_paths_seen`]).
    Unknown,
}

impl Searcher {
    pub(super) fn evaluate(&self, pos: &Position) -> i32 {
        self.eval.as_ref().expect("evaluator set").1.evaluate(pos)
    }

    /// Could `m` give a direct check: can the piece, on its new square,
    /// ever capture on an enemy royal's square?
    fn may_check(&self, pos: &Position, m: Move) -> bool {
        let us = pos.side_to_move();
        let Some((kind, _)) = pos.piece_at(m.from) else {
            return false;
        };
        let kind = m.promotion_kind().unwrap_or(kind);
        let t = &pos.variant().tables;
        let pi = t.program_index(kind, us, m.to);
        pos.royals(us ^ 1).iter().any(|&k| t.reaches(pi, k))
    }

    /// Does `m` bring a piece onto one of its goal squares?
    fn reaches_goal(&self, pos: &Position, m: Move) -> bool {
        let us = pos.side_to_move();
        let Some((kind, _)) = pos.piece_at(m.from) else {
            return false;
        };
        let kind = m.promotion_kind().unwrap_or(kind);
        pos.variant()
            .win
            .goals
            .iter()
            .any(|g| g.kinds[kind] && g.region.contains(us, m.to))
    }

    /// Does `m` walk a royal onto its far rank or near it
    /// ([`FAR_RANK_WALK`] ranks or fewer away), where reaching it wins?
    fn walks_to_far_rank(&self, pos: &Position, m: Move) -> bool {
        let v = pos.variant();
        if !pos.piece_at(m.from).is_some_and(|(k, _)| v.pieces[k].royal) {
            return false;
        }
        let g = v.geometry;
        let rank = m.to as usize / g.width as usize;
        let left = if pos.side_to_move() == 0 {
            g.height as usize - 1 - rank
        } else {
            rank
        };
        left <= FAR_RANK_WALK
    }

    /// Does the side to move have pieces besides pawns and royals?
    fn has_pieces(&self, pos: &Position) -> bool {
        let v = pos.variant();
        pos.squares_of(pos.side_to_move()).iter().any(|&sq| {
            let (k, _) = pos.piece_at(sq).expect("listed square");
            !v.pawn[k] && !v.pieces[k].any_royal()
        })
    }

    /// The principal-variation search of one node. A node in check is
    /// searched one ply deeper (check extension) so that forced lines are
    /// seen through.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn alphabeta(
        &mut self,
        pos: &mut Position,
        control: &Control,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        allow_null: bool,
        check_hint: Option<bool>,
    ) -> i32 {
        self.pv[ply].clear();
        self.poll(control);
        if self.stopped {
            return 0;
        }
        if let Some(score) = decided_score(pos, ply) {
            return score;
        }
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            let v = pos.variant();
            if pos.is_repeated() {
                // A draw, or a win or loss where the variant scores
                // repetition so (for the side that repeated).
                return outcome_score(pos, pos.repetition_outcome(), ply);
            }
            if v.move_rule > 0 && pos.halfmove_clock() >= 2 * v.move_rule {
                return 0;
            }
            alpha = alpha.max(-(MATE - ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = check_hint.unwrap_or_else(|| {
            if ply > 0 && self.legal_root {
                pos.in_check_after_last_move()
            } else {
                pos.in_check()
            }
        });
        if in_check && (ply as i32) < 2 * self.root_depth {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, control, alpha, beta, ply, 0, None, Some(in_check));
        }
        self.nodes += 1;
        self.royal_paths[ply] = RoyalPaths::Untested;
        self.seldepth = self.seldepth.max(ply);
        if pos.variant().win.royal_modes {
            self.judges[ply] = pos.move_judge();
        }

        let hash = pos.hash();
        let entry = self.tt.probe(hash);
        let hash_move = entry.and_then(|e| e.best());
        // A singular-extension test of this node: the table's entry is the
        // whole node's, not this search's without its hash move.
        let excluded = self.excluded[ply];
        if let Some(e) = entry
            && !pv_node
            && excluded.is_none()
            && e.depth as i32 >= depth
        {
            let s = from_tt(e.score as i32, ply);
            match e.bound() {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }

        // Internal iterative reduction: a node without a hash move is
        // probably not worth a full-depth search (it was never searched, or
        // failed low everywhere).
        if depth >= IIR_MIN_DEPTH && hash_move.is_none() && !in_check {
            depth -= 1;
        }
        let static_eval = if in_check { -INFINITY } else { self.evaluate(pos) };
        if !pv_node && !in_check && excluded.is_none() && depth <= RFP_MAX_DEPTH && beta.abs() < MATE_BOUND {
            let margin = RFP_MARGIN * depth;
            if static_eval - margin >= beta {
                return static_eval - margin;
            }
        }
        if allow_null
            && !pv_node
            && !in_check
            && excluded.is_none()
            && depth >= NULL_MIN_DEPTH
            && static_eval >= beta
            && self.has_pieces(pos)
        {
            let r = 2 + depth / 4;
            pos.play_null();
            self.tt.prefetch(pos.hash());
            let s = -self.alphabeta(
                pos,
                control,
                depth - 1 - r,
                ply + 1,
                -beta,
                -beta + 1,
                false,
                Some(false),
            );
            pos.undo_null();
            if self.stopped {
                return 0;
            }
            if s >= beta {
                // Verification: the same reduced search without a pass. In
                // zugzwang (pinned men, a boxed king: common in mating
                // nets) passing would be the best move, and the null move
                // would prune the very line that wins.
                let v = self.alphabeta(pos, control, depth - 1 - r, ply, beta - 1, beta, false, Some(false));
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }

        // In check, most moves leave the check standing: where a lone
        // check's path is known, they are passed over without a play.
        let mut check_path = std::mem::take(&mut self.check_paths[ply]);
        check_path.clear();
        if in_check && !pos.lone_check_path(&mut check_path) {
            check_path.clear();
        }
        // Tested before each call of `illegal`: out of a lone check (nearly
        // every node) no move needs it.
        let lone_check = !check_path.is_empty();
        let illegal = |pos: &Position, m: Move| pos.leaves_lone_check(m, &check_path);
        let us = pos.side_to_move();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move: Option<Move> = None;

        // Where men have mechanisms or reserves, the generators make every
        // move from the whole list (`Position::whole_list_only`): the node
        // makes it once, for the hash move's test and every stage.
        let mut all = std::mem::take(&mut self.all_moves[ply]);
        all.clear();
        let whole = pos.whole_list_only();
        if whole {
            pos.pseudo_legal_moves(&mut all);
        }
        let pseudo_legal = |pos: &Position, all: &[Move], m: Move| {
            if whole {
                all.contains(&m)
            } else {
                pos.is_pseudo_legal(m)
            }
        };

        // The hash move is tried before any move is generated: when it
        // refutes the position, generation is skipped altogether.
        let mut first = hash_move.filter(|&m| {
            Some(m) != excluded
                && self.allowed(ply, m)
                && pseudo_legal(pos, &all, m)
                && !(lone_check && illegal(pos, m))
        });
        let mut extension = 0;
        if let (Some(m), Some(e)) = (first, entry)
            && ply > 0
            && depth >= SINGULAR_MIN_DEPTH
            && excluded.is_none()
            && !in_check
            && e.depth as i32 >= depth - 3
            && e.bound() != Bound::Upper
            && (ply as i32) < 2 * self.root_depth
        {
            let tt_score = from_tt(e.score as i32, ply);
            if tt_score.abs() < MATE_BOUND {
                let singular_beta = tt_score - SINGULAR_MARGIN * depth;
                self.excluded[ply] = Some(m);
                let s = self.alphabeta(
                    pos,
                    control,
                    (depth - 1) / 2,
                    ply,
                    singular_beta - 1,
                    singular_beta,
                    false,
                    Some(false),
                );
                self.excluded[ply] = None;
                // The test's line is not this node's.
                self.pv[ply].clear();
                if self.stopped {
                    self.all_moves[ply] = all;
                    self.check_paths[ply] = check_path;
                    return 0;
                }
                if s < singular_beta {
                    extension = 1;
                } else if !pv_node && singular_beta >= beta {
                    // Multi-cut: besides the hash move, another move holds
                    // beta even at half the depth.
                    self.all_moves[ply] = all;
                    self.check_paths[ply] = check_path;
                    return singular_beta;
                }
            }
        }
        if let Some(m) = first
            && !self.play_if_legal(pos, m, in_check, ply)
        {
            first = None;
        }
        if let Some(m) = first {
            let s = -self.alphabeta(pos, control, depth - 1 + extension, ply + 1, -beta, -alpha, true, None);
            pos.undo();
            if self.stopped {
                self.all_moves[ply] = all;
                self.check_paths[ply] = check_path;
                return 0;
            }
            best = s;
            best_move = Some(m);
            if s > alpha {
                alpha = s;
                self.update_pv(ply, m);
                if s >= beta {
                    if !(pos.is_capture(m) || m.promotion != 0) {
                        self.reward(us, m, depth, ply, &[]);
                    }
                    self.tt
                        .store(hash, best_move, to_tt(best, ply), depth as u32, Bound::Lower);
                    self.all_moves[ply] = all;
                    self.check_paths[ply] = check_path;
                    return best;
                }
            }
        }

        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let mut tried = std::mem::take(&mut self.tried[ply]);
        tried.clear();
        if let Some(m) = first
            && !(pos.is_capture(m) || m.promotion != 0)
        {
            tried.push(m);
        }
        let killers = self.killers[ply];
        let mut quiets = 0;
        let mut searched = usize::from(first.is_some());
        let far_rank = pos.variant().win.royal_far_rank;
        let goals = !pos.variant().win.goals.is_empty();
        // Children from depth 1 probe the hash table, so from depth 2 their
        // slots are read ahead. Under royal modes a move's turns with drops
        // join the list while it is searched: there the moves are put in
        // order one at a time.
        let read_ahead = self.read_ahead && depth >= 2 && !pos.variant().win.royal_modes;
        // Moves come in stages, each generated only when the one before did
        // not refute the position: captures and promotions, the killers,
        // then the other quiet moves. On big boards most nodes are refuted
        // by a capture or a killer, sparing the generation of 100-200 quiet
        // moves. Legality is tested lazily, when a move is about to be
        // searched.
        'stages: for stage in [Stage::Captures, Stage::Killers, Stage::Quiets] {
            // Futility skips the quiet moves that cannot check (or walk a
            // royal to a far-rank win) once a move has been searched.
            let futile =
                !pv_node && !in_check && depth <= FUTILITY_MAX_DEPTH && static_eval + FUTILITY_MARGIN * depth <= alpha;
            moves.clear();
            match stage {
                Stage::Captures if whole => {
                    moves.extend(all.iter().filter(|&&m| pos.is_capture(m) || m.promotion != 0));
                }
                Stage::Captures => {
                    let enemies = pos.occupied_by(pos.side_to_move() ^ 1);
                    pos.pseudo_legal_captures_cached(enemies, &mut self.captures, &mut moves);
                }
                Stage::Killers => moves.extend(killers.iter().flatten().filter(|&&k| {
                    Some(k) != first && !pos.is_capture(k) && k.promotion == 0 && pseudo_legal(pos, &all, k)
                })),
                Stage::Quiets if whole => {
                    // The quiet checks of the whole list are all its quiet
                    // moves (`pseudo_legal_quiet_checks`).
                    moves.extend(all.iter().filter(|&&m| !(pos.is_capture(m) || m.promotion != 0)));
                    drop_tried(&mut moves, first, killers);
                }
                Stage::Quiets => {
                    // Then only the moves that may check are generated
                    // (all of them where a goal square may win).
                    if futile && searched > 0 && best > -MATE_BOUND && !goals {
                        pos.pseudo_legal_quiet_checks(far_rank, &mut moves);
                    } else {
                        pos.pseudo_legal_quiets(&mut moves);
                    }
                    drop_tried(&mut moves, first, killers);
                }
            }
            // Turns with drops (reserves): those of the listed legal turns
            // whose move belongs to this stage.
            if pos.variant().win.royal_modes
                && stage != Stage::Killers
                && let Some(legal) = self.judges[ply].listed()
            {
                for &t in legal.iter().filter(|&&t| !pos.drops(t).is_empty()) {
                    let alone = pos.move_alone(t);
                    let tactical = pos.is_capture(alone) || alone.promotion != 0;
                    if tactical == (stage == Stage::Captures) {
                        moves.push(t);
                    }
                }
            }
            // Where late-move pruning or futility will skip all but a few
            // quiet moves (and those that may check), only those few are
            // put in order (by selection); the rest keep generation order.
            // From depth 3 the whole list is sorted: there the order of
            // the moves that may check, searched past the limit, pays.
            let ordered = match stage {
                Stage::Quiets if futile => 1,
                Stage::Quiets if !pv_node && !in_check && depth <= SELECT_MAX_DEPTH => 4 + 2 * (depth * depth) as usize,
                _ => usize::MAX,
            };
            self.score_moves(pos, &moves, &mut scores, None, ply);
            // Moves are appended while the loop runs: a move's turns with
            // drops, once the move alone is found legal (`MoveJudge::adds_drop_turns`).
            let mut next = 0;
            // Moves `..settled` are in the order they are searched in.
            let mut settled = 0;
            while next < moves.len() {
                let i = next;
                next += 1;
                if i >= settled {
                    // Where the children probe the table, the next few
                    // moves are put in order at once and their slots read
                    // together (the same order as one at a time).
                    let ahead = if read_ahead { READ_AHEAD } else { 1 };
                    let end = (i + ahead).min(moves.len());
                    for j in i..end {
                        if ordered == usize::MAX {
                            pick(&mut moves, &mut scores, j);
                        } else if j < ordered {
                            select(&mut moves, &mut scores, j);
                        }
                    }
                    settled = end;
                    if read_ahead {
                        let mut n = 0;
                        for &m in &moves[i..end] {
                            if let Some(h) = pos.hash_after(m) {
                                self.ahead[n] = h;
                                n += 1;
                            }
                        }
                        self.tt.read_ahead(&self.ahead[..n]);
                    }
                }
                let m = moves[i];
                if Some(m) == first || Some(m) == excluded || !self.allowed(ply, m) {
                    continue;
                }
                let tactical = stage == Stage::Captures;
                let killer = stage == Stage::Killers;
                // Moves that may give check (the piece could attack an enemy
                // royal from its new square), walk a royal near a far-rank
                // win or reach a goal square are not pruned before they are
                // played: mates hide behind them. Once played, one that
                // turns out not to check is pruned and reduced as a quiet
                // move would be.
                let may_check = !tactical && self.may_check(pos, m);
                let walks =
                    !tactical && ((far_rank && self.walks_to_far_rank(pos, m)) || (goals && self.reaches_goal(pos, m)));
                let forcing = may_check || walks;
                let quiet = !tactical && !forcing;
                if quiet {
                    quiets += 1;
                }
                // Pruning of quiet moves at shallow depth, never before a move
                // has been searched and never when mated scores are in play.
                let prunable = !pv_node && !in_check && searched > 0 && best > -MATE_BOUND;
                let pruned = |quiets: usize| {
                    let late = depth <= LMP_MAX_DEPTH && quiets > 3 + 2 * (depth * depth) as usize;
                    let futile = depth <= FUTILITY_MAX_DEPTH && static_eval + FUTILITY_MARGIN * depth <= alpha;
                    late || futile
                };
                if prunable && quiet && pruned(quiets) {
                    continue;
                }
                if (lone_check && illegal(pos, m)) || !self.play_if_legal(pos, m, in_check, ply) {
                    continue;
                }
                // A move that may check is known to check once played; one
                // that does not is reduced, a ply less than a quiet move.
                let gives_check = if self.legal_root {
                    pos.in_check_after_last_move()
                } else {
                    pos.in_check()
                };
                let hint = Some(gives_check);
                // One that could have checked but does not is pruned as
                // a quiet move would be.
                if may_check && !walks && !gives_check {
                    quiets += 1;
                    if prunable && pruned(quiets) {
                        pos.undo();
                        continue;
                    }
                }
                let reducible = quiet || (may_check && !walks && !gives_check);
                let s = if searched == 0 {
                    -self.alphabeta(pos, control, depth - 1, ply + 1, -beta, -alpha, true, hint)
                } else {
                    // Quiet moves with a good history are reduced less,
                    // those that keep failing more.
                    let r = if depth >= 3 && searched >= 3 && reducible && !in_check && !killer {
                        let h = self.history_of(us, m) / HISTORY_PER_PLY;
                        (reduction(depth, searched) - i32::from(pv_node) - h - i32::from(!quiet)).clamp(0, depth - 2)
                    } else {
                        0
                    };
                    let mut s = -self.alphabeta(pos, control, depth - 1 - r, ply + 1, -alpha - 1, -alpha, true, hint);
                    if s > alpha && r > 0 {
                        s = -self.alphabeta(pos, control, depth - 1, ply + 1, -alpha - 1, -alpha, true, hint);
                    }
                    if s > alpha && s < beta {
                        s = -self.alphabeta(pos, control, depth - 1, ply + 1, -beta, -alpha, true, hint);
                    }
                    s
                };
                pos.undo();
                searched += 1;
                if !tactical {
                    tried.push(m);
                }
                if self.stopped {
                    break 'stages;
                }
                if self.judges[ply].adds_drop_turns() && s < beta && pos.drops(m).is_empty() && pos.may_drop_after(m) {
                    let start = moves.len();
                    pos.add_drop_turns(m, &mut moves);
                    let mut extra = Vec::new();
                    self.score_moves(pos, &moves[start..], &mut extra, None, ply);
                    scores.extend(extra);
                }
                if s > best {
                    best = s;
                    best_move = Some(m);
                    if s > alpha {
                        alpha = s;
                        self.update_pv(ply, m);
                        if s >= beta {
                            if !tactical {
                                self.reward(us, m, depth, ply, &tried);
                            }
                            break 'stages;
                        }
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        self.scores[ply] = scores;
        self.tried[ply] = tried;
        self.all_moves[ply] = all;
        self.check_paths[ply] = check_path;
        if self.stopped {
            return 0;
        }
        if searched == 0 {
            // Without its hash move a node may have no move left: the test
            // finds that move singular.
            if excluded.is_some() {
                return alpha;
            }
            // Checkmate or stalemate, scored as the variant says.
            return outcome_score(pos, pos.no_move_outcome(in_check), ply);
        }
        if excluded.is_some() {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(hash, best_move, to_tt(best, ply), depth as u32, bound);
        best
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(m);
        head[ply].extend_from_slice(&tail[0]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The singular-extension test searches a node without its hash move:
    /// where that was the only move, the node fails low (the move is
    /// singular) rather than scoring itself mated or stalemated.
    #[test]
    fn a_node_searched_without_its_only_move_fails_low() {
        use crate::rules::position::Position;
        use crate::search::Control;
        let control = Control {
            clock: &|| 0.0,
            stop: &|| false,
        };
        let v = crate::text::load::builtin("xhess").unwrap();
        // The White king's one move is a1a2: the rook holds the b-file.
        let mut pos = Position::from_fen(v.clone(), "1r7k/10/10/10/10/10/10/10/10/K9 w - - 0 1").unwrap();
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        assert_eq!(legal.len(), 1, "{legal:?}");
        let mut searcher = Searcher::new(1);
        let weights = searcher.evaluator(&v).weights();
        searcher.with_weights(&mut pos, weights, |s, pos| {
            s.legal_root = true;
            s.root_depth = 10;
            s.excluded[1] = Some(legal[0]);
            let without = s.alphabeta(pos, &control, 4, 1, -100, -99, false, Some(false));
            s.excluded[1] = None;
            assert_eq!(without, -100);
            // With it, the position is bad for White but no mate.
            let with = s.alphabeta(pos, &control, 4, 1, -INFINITY, INFINITY, false, Some(false));
            assert!(with > -MATE_BOUND && with < -100, "{with}");
        });
    }

    /// Only a royal's walk that ends two ranks or fewer from its far rank
    /// is kept from pruning, for either side.
    #[test]
    fn walks_to_the_far_rank_are_those_near_it() {
        use crate::rules::position::Position;
        let v = crate::text::load::builtin("xhess").unwrap();
        let searcher = Searcher::new(1);
        let cases = [
            // White's king on e7: e8 is two ranks from rank 10.
            ("4k5/10/10/4K5/10/10/10/10/10/R9 w - - 0 1", "e7e8", true),
            ("4k5/10/10/4K5/10/10/10/10/10/R9 w - - 0 1", "e7d7", false),
            ("4k5/10/10/4K5/10/10/10/10/10/R9 w - - 0 1", "a1a2", false),
            // Black's on e4: e3 is two ranks from rank 1.
            ("9r/10/10/10/10/10/4k5/10/10/5K4 b - - 0 1", "e4e3", true),
            ("9r/10/10/10/10/10/4k5/10/10/5K4 b - - 0 1", "e4f4", false),
        ];
        for (fen, text, walks) in cases {
            let mut pos = Position::from_fen(v.clone(), fen).unwrap();
            let m = pos.parse_move(text).unwrap();
            assert_eq!(searcher.walks_to_far_rank(&pos, m), walks, "{fen} {text}");
        }
    }

    /// Reading the next moves' slots ahead puts them in order early: the
    /// tree searched must be the one searched without it, move for move.
    #[test]
    fn reading_ahead_searches_the_same_tree() {
        use crate::rules::position::Position;
        use crate::search::{Control, Limits};
        let control = Control {
            clock: &|| 0.0,
            stop: &|| false,
        };
        for (id, depth) in [("xhess", 7), ("overboard", 5), ("really-big-board", 5), ("flee", 5)] {
            let v = crate::text::load::builtin(id).unwrap();
            let results = [false, true].map(|read_ahead| {
                let mut searcher = Searcher::new(4);
                searcher.read_ahead = read_ahead;
                let mut pos = Position::new(v.clone());
                let limits = Limits {
                    depth: Some(depth),
                    nodes: None,
                    time_ms: None,
                };
                let r = searcher.search(&mut pos, limits, &control, &mut |_| {});
                (r.nodes, r.pv, r.score)
            });
            assert!(results[0].0 > 1000, "{id}: {} nodes", results[0].0);
            assert_eq!(results[0], results[1], "{id}");
        }
    }
}
