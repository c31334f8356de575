//! What a search tells its caller: [`Info`] after each completed depth
//! and the [`SearchResult`] at the end.

use super::Score;
use crate::core::moves::Move;

/// Progress of a search, reported after each completed depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub time_ms: f64,
    pub nps: u64,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// `None` when the side to move has no legal move.
    pub best: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}
