//! Helpers shared by the tests of UC-170-17's mechanisms: a position of
//! the UC library, and each move of one man with the men it takes, read
//! off the board after playing it.

#![allow(dead_code)]

use bigboard::Position;
use bigboard::builtin;
use std::collections::BTreeMap;

pub fn position(fen: &str) -> Position {
    Position::from_fen(builtin("uc-170-17").unwrap(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of the man on `from`, each with the squares whose men
/// of the other side left the board (a swap's partner moves, so it is not
/// among them), read off the board after playing the move.
pub fn moves_of(pos: &mut Position, from: &str) -> BTreeMap<String, Vec<String>> {
    let g = pos.variant().geometry;
    let from = g.parse_square(from).unwrap();
    let them = pos.side_to_move() ^ 1;
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut out = BTreeMap::new();
    for m in legal.into_iter().filter(|m| m.from == from) {
        let text = pos.move_text(m);
        let before: Vec<Option<(usize, usize)>> = (0..g.len() as u16).map(|sq| pos.piece_at(sq)).collect();
        let fen = pos.fen();
        pos.play_unchecked(m);
        let mut taken = Vec::new();
        for sq in 0..g.len() as u16 {
            if let Some((kind, c)) = before[sq as usize]
                && c == them
            {
                let still = (0..g.len() as u16).any(|s| pos.piece_at(s) == Some((kind, c)) && (s == sq || s == m.from));
                if pos.piece_at(sq) != Some((kind, c)) && !still {
                    taken.push(g.name(sq).to_string());
                }
            }
        }
        pos.undo();
        assert_eq!(pos.fen(), fen, "undo of {text}");
        assert_eq!(pos.hash(), pos.compute_hash(), "hash after undo of {text}");
        out.insert(text, taken);
    }
    out
}

/// The moves that take something, as `move: taken` lines.
pub fn captures(moves: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    moves
        .iter()
        .filter(|(_, t)| !t.is_empty())
        .map(|(m, t)| format!("{m}: {}", t.join(" ")))
        .collect()
}

/// Asserts that every generated (pseudo-legal) move of `pos` is listed as
/// legal exactly when the side's royals stand unattacked after it, each
/// played and tested; returns the texts of the legal moves.
pub fn legal_texts_checked_by_play(pos: &mut Position, context: &str) -> Vec<String> {
    let us = pos.side_to_move();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    for &m in &pseudo {
        let text = pos.move_text(m);
        pos.play_unchecked(m);
        let safe = pos.royals(us).iter().all(|&k| !pos.is_attacked(k, us ^ 1));
        pos.undo();
        assert_eq!(safe, legal.contains(&m), "{context}: {text}");
    }
    legal.iter().map(|&m| pos.move_text(m)).collect()
}
