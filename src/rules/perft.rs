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

/// Perft per legal move, sorted by move text.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<(String, u64)> = moves
        .into_iter()
        .map(|m| {
            let text = pos.move_text(m);
            pos.play_unchecked(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.undo();
            (text, n)
        })
        .collect();
    out.sort();
    out
}
