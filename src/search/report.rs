//! What a search tells its caller: [`Info`] after each completed depth
//! and the [`SearchResult`] at the end.

use super::Score;
use crate::core::moves::Move;

/// Progress of a search, reported after each completed depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    /// The depth just completed, in plies.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score of the best line.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far, in milliseconds.
    pub time_ms: f64,
    /// Nodes a second.
    pub nps: u64,
    /// Thousandths of the transposition table used by this search.
    pub hashfull: u32,
    /// The best line found.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// `None` when the side to move has no legal move.
    pub best: Option<Move>,
    /// The score of the best move.
    pub score: Score,
    /// The last depth finished, in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The best line found.
    pub pv: Vec<Move>,
}
