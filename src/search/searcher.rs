//! The [`Searcher`]: the long-lived state of the AI (hash table, history,
//! killers, per-ply buffers) and its entry points, from a caller's search
//! down to iterative deepening with aspiration windows. The recursive
//! search of one node is in `alphabeta.rs`, quiescence in `quiesce.rs`.

use super::eval::Evaluator;
use super::{Control, INFINITY, Info, Limits, MATE, MATE_BOUND, Score, SearchResult, alphabeta, tt};
use crate::core::moves::Move;
use crate::rules::position::Position;
use crate::rules::walk::capture_cache::{CaptureCache, WORDS};
use crate::variant::Variant;
use std::sync::Arc;

/// Deepest ply the search tracks (principal variation, killers).
pub const MAX_PLY: usize = 128;

/// A long-lived searcher: its hash table and history survive between
/// searches of one game.
pub struct Searcher {
    pub(super) tt: tt::Table,
    pub(super) eval: Option<(Arc<Variant>, Evaluator)>,
    pub(super) killers: Vec<[Option<Move>; 2]>,
    pub(super) history: Vec<i32>,
    pub(super) squares: usize,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    pub(super) start: f64,
    pub(super) deadline: Option<f64>,
    pub(super) node_limit: Option<u64>,
    pub(super) pv: Vec<Vec<Move>>,
    pub(super) buffers: Vec<Vec<Move>>,
    /// Per ply, every pseudo-legal move, where the generators make the
    /// whole list anyway (`Position::whole_list_only`).
    pub(super) all_moves: Vec<Vec<Move>>,
    /// Per ply: the quiet moves searched so far at the node, penalised in
    /// the history when a later one refutes it.
    pub(super) tried: Vec<Vec<Move>>,
    pub(super) scores: Vec<Vec<i32>>,
    /// Quiescence's scratch bitset of the enemies worth taking: at least
    /// `WORDS` long.
    pub(super) targets: Vec<u64>,
    /// The hashes after the moves whose slots are read together
    /// ([`tt::Table::read_ahead`]): kept here rather than in a fresh array
    /// each time, whose clearing is a call into the browser's runtime in
    /// WebAssembly (a fill of more than 128 bytes).
    pub(super) ahead: [u64; alphabeta::READ_AHEAD],
    /// Per ply, at a node in check: the path of the lone check
    /// ([`Position::lone_check_path`]), empty where none is known. Moves
    /// that leave it standing are passed over without being played.
    pub(super) check_paths: Vec<Vec<u64>>,
    /// Per ply: what the node knows of the squares the enemy's paths to
    /// its royals look at (see [`alphabeta::RoyalPaths`]).
    pub(super) royal_paths: Vec<alphabeta::RoyalPaths>,
    /// Captures of men whose surroundings did not change (see
    /// [`crate::rules::walk::capture_cache`]).
    pub(super) captures: CaptureCache,
    pub(super) root_depth: i32,
    /// Per ply: the move a singular-extension test searches the node
    /// without (the hash move), `None` in an ordinary search.
    pub(super) excluded: Vec<Option<Move>>,
    /// The root position is legal (the side not to move is not in check),
    /// so below it check can be told from the last move alone.
    pub(super) legal_root: bool,
    /// The only moves searched at the root (UCI's `go searchmoves`); empty
    /// for every legal move.
    pub(super) root_moves: Vec<Move>,
    /// Per ply, under royal modes: how the node judges the moves it tries
    /// ([`crate::rules::legal::royals::MoveJudge`]).
    pub(super) judges: Vec<crate::rules::legal::royals::MoveJudge>,
    /// Reads the hash table's slots of a node's next few moves together
    /// (see [`tt::Table::read_ahead`]): where the processor has no
    /// prefetch (WebAssembly). The tree searched is the same either way.
    pub(super) read_ahead: bool,
}

impl Searcher {
    /// A searcher with a hash table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::with_table(tt::Table::new(hash_mb))
    }

    /// [`Searcher::new`], or an error when the hash table's memory cannot
    /// be had.
    pub fn try_new(hash_mb: usize) -> Result<Searcher, String> {
        Ok(Searcher::with_table(tt::Table::try_new(hash_mb)?))
    }

    fn with_table(tt: tt::Table) -> Searcher {
        Searcher {
            tt,
            eval: None,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: Vec::new(),
            squares: 0,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            start: 0.0,
            deadline: None,
            node_limit: None,
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            all_moves: vec![Vec::new(); MAX_PLY + 1],
            tried: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            targets: Vec::new(),
            ahead: [0; alphabeta::READ_AHEAD],
            check_paths: vec![Vec::new(); MAX_PLY + 1],
            royal_paths: vec![alphabeta::RoyalPaths::Untested; MAX_PLY + 1],
            captures: CaptureCache::new(),
            root_depth: 0,
            excluded: vec![None; MAX_PLY + 1],
            legal_root: false,
            root_moves: Vec::new(),
            judges: vec![crate::rules::legal::royals::MoveJudge::TEST; MAX_PLY + 1],
            read_ahead: !cfg!(target_arch = "x86_64"),
        }
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// The evaluation tables of `variant`, built on first use.
    pub fn evaluator(&mut self, variant: &Arc<Variant>) -> &Evaluator {
        let fresh = !matches!(&self.eval, Some((v, _)) if Arc::ptr_eq(v, variant));
        if fresh {
            self.eval = Some((variant.clone(), Evaluator::shared(variant)));
            self.squares = variant.geometry.len();
            self.history = vec![0; 2 * self.squares * self.squares];
            self.targets = vec![0; self.squares.div_ceil(64).max(WORDS)];
            self.tt.clear();
        }
        &self.eval.as_ref().expect("just set").1
    }

    /// Searches `pos` within `limits`, reporting each completed depth to
    /// `info`. The position is unchanged afterwards.
    pub fn search(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        control: &Control,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.search_among(pos, &[], limits, control, info)
    }

    /// Like [`Searcher::search`], but only the legal moves among `among`
    /// are considered at the root (UCI's `go searchmoves`); every legal
    /// move when `among` is empty or holds none of them.
    pub fn search_among(
        &mut self,
        pos: &mut Position,
        among: &[Move],
        limits: Limits,
        control: &Control,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let weights = self.evaluator(&pos.variant().clone()).weights();
        self.root_moves = among.to_vec();
        let result = self.with_weights(pos, weights, |s, pos| s.search_attached(pos, limits, control, info));
        self.root_moves.clear();
        result
    }

    /// The static evaluation of `pos` and its quiescence score (captures
    /// and promotions searched until the position is quiet), both for the
    /// side to move. Where they agree, no capture changes the position's
    /// value: a quiet position, whose evaluation can be compared with the
    /// game's result (tuning).
    pub fn quiet_scores(&mut self, pos: &mut Position) -> (i32, i32) {
        let weights = self.evaluator(&pos.variant().clone()).weights();
        let (clock, never) = (|| 0.0, || false);
        let control = Control {
            clock: &clock,
            stop: &never,
        };
        self.with_weights(pos, weights, |s, pos| {
            s.nodes = 0;
            s.stopped = false;
            s.deadline = None;
            s.node_limit = None;
            let stand = s.evaluate(pos);
            let q = s.quiesce(pos, &control, -INFINITY, INFINITY, 0, 0, None, None);
            (stand, q)
        })
    }

    /// May the search play `m` at `ply`? Not at the root when the caller
    /// restricted the root moves and `m` is not among them.
    #[inline]
    pub(super) fn allowed(&self, ply: usize, m: Move) -> bool {
        ply != 0 || self.root_moves.is_empty() || self.root_moves.contains(&m)
    }

    /// Runs `f` with the evaluation's piece-square weights attached to
    /// `pos` (kept up to date by its moves), then puts back what was
    /// attached before.
    pub(super) fn with_weights<T>(
        &mut self,
        pos: &mut Position,
        weights: Arc<Vec<i32>>,
        f: impl FnOnce(&mut Searcher, &mut Position) -> T,
    ) -> T {
        let before = pos.weights().0.clone();
        pos.set_weights(weights);
        let out = f(self, pos);
        pos.set_weights(before);
        out
    }

    fn search_attached(
        &mut self,
        pos: &mut Position,
        limits: Limits,
        control: &Control,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.tt.new_search();
        self.nodes = 0;
        self.stopped = false;
        self.start = (control.clock)();
        self.deadline = limits.time_ms.map(|t| self.start + t);
        self.node_limit = limits.nodes;
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);

        self.legal_root = !pos.royal_attacked(pos.side_to_move() ^ 1);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        if legal.iter().any(|m| self.root_moves.contains(m)) {
            legal.retain(|m| self.root_moves.contains(m));
        } else {
            self.root_moves.clear();
        }
        let mut result = SearchResult {
            best: legal.first().copied(),
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            pv: legal.first().copied().into_iter().collect(),
        };
        if legal.is_empty() {
            let outcome = pos.decided().unwrap_or_else(|| pos.no_move_outcome(pos.in_check()));
            let score = alphabeta::outcome_score(pos, outcome, 0);
            result.score = Score::from_internal(score);
            return result;
        }
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
        let mut score = 0;
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            self.seldepth = 0;
            score = self.aspiration(pos, depth as i32, score, control);
            // An iteration cut short is not reported, but a root move it
            // searched to the end and found above its window's floor (the
            // last best, confirmed, or one that beat it) is played: the
            // time spent on it is not thrown away.
            if self.stopped {
                if let Some(&m) = self.pv[0].first() {
                    result.best = Some(m);
                    result.pv = self.pv[0].clone();
                }
                break;
            }
            let pv = self.pv[0].clone();
            if !pv.is_empty() {
                result.best = Some(pv[0]);
                result.pv = pv.clone();
            }
            result.score = Score::from_internal(score);
            result.depth = depth;
            let time_ms = (control.clock)() - self.start;
            info(&Info {
                depth,
                seldepth: self.seldepth.max(depth as usize) as u32,
                score: result.score,
                nodes: self.nodes,
                time_ms,
                nps: if time_ms > 0.0 {
                    (self.nodes as f64 * 1000.0 / time_ms) as u64
                } else {
                    0
                },
                hashfull: self.tt.hashfull(),
                pv,
            });
            if self.stopped {
                break;
            }
            // Without a depth limit, a mate found needs only a few plies
            // more to rule out a shorter one hidden by pruning. A new
            // iteration that cannot finish in the time left is not started.
            if limits.depth.is_none() && score.abs() >= MATE_BOUND && depth as i32 >= 2 * (MATE - score.abs()) + 4 {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// Aspiration windows: search a narrow window around the last score
    /// and widen it when the score falls outside.
    fn aspiration(&mut self, pos: &mut Position, depth: i32, last: i32, control: &Control) -> i32 {
        const WINDOW: i32 = 40;
        if depth < 4 || last.abs() >= MATE_BOUND {
            return self.alphabeta(pos, control, depth, 0, -INFINITY, INFINITY, false, None);
        }
        let mut delta = WINDOW;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let s = self.alphabeta(pos, control, depth, 0, alpha, beta, false, None);
            if self.stopped {
                return s;
            }
            if s <= alpha {
                alpha = (s - delta).max(-INFINITY);
            } else if s >= beta {
                beta = (s + delta).min(INFINITY);
            } else {
                return s;
            }
            delta *= 2;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Checks the limits every few thousand nodes.
    #[inline]
    pub(super) fn poll(&mut self, control: &Control) {
        if self.nodes & 1023 != 0 || self.stopped {
            return;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n)
            || self.deadline.is_some_and(|d| (control.clock)() >= d)
            || (control.stop)()
        {
            self.stopped = true;
        }
    }
}
