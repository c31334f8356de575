//! Playing levels 1-8: low levels search shallowly and pick at random
//! among moves close to the best, so a beginner can win; level 8 plays the
//! best move found in the time given.

use super::{Control, INFINITY, Info, Limits, SearchResult, Searcher};
use crate::core::moves::Move;
use crate::rules::position::Position;

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest level.
pub const MAX_LEVEL: u8 = 8;

/// What a level may do: how deep or how long it searches, and how far
/// below the best score (centipawns) a move may be and still be chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSettings {
    /// How deep or how long the level searches.
    pub limits: Limits,
    /// How far below the best score (centipawns) a move may be and still be
    /// chosen.
    pub spread: i32,
}

/// The settings of `level` (clamped to 1..=8); `time_ms` is the full
/// strength thinking time used by levels 7 and 8.
pub fn settings(level: u8, time_ms: f64) -> LevelSettings {
    let (depth, time, spread) = match level.clamp(MIN_LEVEL, MAX_LEVEL) {
        1 => (Some(1), Some(100.0), 250),
        2 => (Some(2), Some(200.0), 120),
        3 => (Some(3), Some(300.0), 60),
        4 => (Some(4), Some(500.0), 30),
        5 => (None, Some(300.0), 10),
        6 => (None, Some(1000.0), 0),
        7 => (None, Some(time_ms / 2.0), 0),
        _ => (None, Some(time_ms), 0),
    };
    LevelSettings {
        limits: Limits {
            depth,
            nodes: None,
            time_ms: time,
        },
        spread,
    }
}

/// A small generator for the level's choices; seeded by the caller.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

impl Searcher {
    /// Chooses a move at `level`.
    pub fn choose(
        &mut self,
        pos: &mut Position,
        level: u8,
        time_ms: f64,
        seed: u64,
        control: &Control,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.choose_among(pos, &[], level, time_ms, seed, control, info)
    }

    /// Like [`Searcher::choose`], among the legal moves of `among` only
    /// (every legal move when it is empty or holds none of them).
    #[allow(clippy::too_many_arguments)]
    pub fn choose_among(
        &mut self,
        pos: &mut Position,
        among: &[Move],
        level: u8,
        time_ms: f64,
        seed: u64,
        control: &Control,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let s = settings(level, time_ms);
        let mut result = self.search_among(pos, among, s.limits, control, info);
        if s.spread == 0 || result.best.is_none() || self.stopped {
            return result;
        }
        let depth = result.depth.max(1) as i32;
        let mut scored = self.root_scores(pos, depth - 1, control);
        if scored.iter().any(|(m, _)| among.contains(m)) {
            scored.retain(|(m, _)| among.contains(m));
        }
        // Scores cut short by a stop request mean nothing: keep the search's
        // move.
        if self.stopped {
            return result;
        }
        let Some(top) = scored.iter().map(|&(_, s)| s).max() else {
            return result;
        };
        let close: Vec<Move> = scored
            .iter()
            .filter(|&&(_, sc)| sc >= top - s.spread)
            .map(|&(m, _)| m)
            .collect();
        let mut seed = seed | 1;
        let pick = close[(next(&mut seed) % close.len() as u64) as usize];
        if Some(pick) != result.best {
            result.best = Some(pick);
            result.pv = vec![pick];
        }
        result
    }

    /// The exact score of every legal move, searched `depth` plies below
    /// the root.
    pub fn root_scores(&mut self, pos: &mut Position, depth: i32, control: &Control) -> Vec<(Move, i32)> {
        let weights = self.evaluator(&pos.variant().clone()).weights();
        self.with_weights(pos, weights, |s, pos| s.root_scores_attached(pos, depth, control))
    }

    fn root_scores_attached(&mut self, pos: &mut Position, depth: i32, control: &Control) -> Vec<(Move, i32)> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        self.legal_root = !pos.royal_attacked(pos.side_to_move() ^ 1);
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            pos.play_unchecked(m);
            let s = -self.alphabeta(pos, control, depth, 1, -INFINITY, INFINITY, false, None);
            pos.undo();
            out.push((m, s));
        }
        out
    }
}
