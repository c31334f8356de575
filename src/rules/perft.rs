//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator. Leaves are counted in bulk at depth 1.

use crate::core::moves::Move;
use crate::rules::position::Position;

/// The number of legal move sequences of length `depth`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
    count(pos, depth, &mut buffers)
}

fn count(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in moves.iter() {
        pos.play_unchecked(m);
        total += count(pos, depth - 1, rest);
        pos.undo();
    }
    total
}

/// Perft per legal move, in the order the moves are generated (the
/// command line writes each move's text and sorts by it).
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            pos.play_unchecked(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.undo();
            (m, n)
        })
        .collect()
}
