//! Reserves (`[reserve]`): each side's men off the board, pieces and pawn
//! kinds in two lists fixed for the game and kept in the order they enter,
//! with the credits that pay for drops and the exchange that a recapture
//! on the next turn completes (see DEFINITIONS.md, "Reserves and random
//! setups"). Drops take a list's front, promotions its back: a position
//! keeps two cursors per list, so the lists themselves are shared by every
//! position of a game.
//!
//! Random setups (`setup = "random"`) are drawn here too, by the algorithm
//! DEFINITIONS.md states so that any program can reproduce a seed's setup.

use crate::core::geometry::Square;
use crate::core::piece::{EMPTY, Kind, cell, cell_kind};
use crate::rules::position::{Position, key};
use crate::variant::Variant;
use std::sync::Arc;

pub(crate) use crate::rules::state::exchange_key;
/// The reserves' state lies below the position (`crate::rules::state`).
pub use crate::rules::state::{NO_PENDING, PAWNS, PIECES, Pending, ReserveLists, ReserveState};

/// The most men one reserve list may hold (cursors are bytes).
pub const MAX_LIST: usize = 255;

impl Position {
    /// The position of seed `seed` of a variant with `setup = "random"`
    /// (DEFINITIONS.md, "Reserves and random setups"): attempts drawn from
    /// one SplitMix64 stream until one passes `Position::fair_start`.
    pub fn random(variant: Arc<Variant>, seed: u64) -> Result<Position, String> {
        let Some(rules) = variant.random_setup else {
            return Err(format!("{} has no random setup", variant.name));
        };
        let Some(reserve) = variant.reserve else {
            return Err(format!("{} has no reserves", variant.name));
        };
        let g = variant.geometry;
        let height = g.height as i32;
        // Holes are squares the board lacks: the draw skips them, so a
        // rank's places are its files that are not holes. Without holes on
        // those ranks this is the draw DEFINITIONS.md gives file by file.
        let places = |color: usize, r: u8| -> Vec<Square> {
            let rank = if color == 0 { r as i32 } else { height - 1 - r as i32 };
            (0..g.width as i32)
                .filter_map(|file| g.square(file, rank))
                .filter(|&sq| !variant.is_hole(sq))
                .collect()
        };
        let pieces: Vec<Kind> = (0..variant.pieces.len())
            .filter(|&k| !variant.pawn[k] && k != rules.royal)
            .collect();
        let pawns: Vec<Kind> = (0..variant.pieces.len()).filter(|&k| variant.pawn[k]).collect();
        let places = [
            [places(0, reserve.piece_rank), places(0, reserve.pawn_rank)],
            [places(1, reserve.piece_rank), places(1, reserve.pawn_rank)],
        ];
        // Most places on a rank over both sides: every side must fill
        // each of its ranks.
        let piece_places = places[0][PIECES].len().max(places[1][PIECES].len());
        let pawn_places = places[0][PAWNS].len().max(places[1][PAWNS].len());
        if places.iter().any(|side| side[PIECES].is_empty()) {
            return Err(format!(
                "a random setup needs a square that is not a hole on each side's piece rank (rank {})",
                reserve.piece_rank + 1
            ));
        }
        if pieces.len() + 1 < piece_places || pawns.len() < pawn_places {
            return Err(format!(
                "a random setup needs {} pieces besides the royal and {pawn_places} pawn kinds; the variant has {} and {}",
                piece_places - 1,
                pieces.len(),
                pawns.len()
            ));
        }
        // The side with fewest places keeps the longest reserve lists.
        let fewest = |class: usize| places[0][class].len().min(places[1][class].len());
        if pieces.len() + 1 - fewest(PIECES) > MAX_LIST || pawns.len() - fewest(PAWNS) > MAX_LIST {
            return Err(format!("a reserve list holds at most {MAX_LIST} men"));
        }
        let mut rng = SplitMix(seed);
        for _attempt in 0..10_000 {
            let mut board = vec![EMPTY; g.len()];
            let mut lists = ReserveLists::default();
            for (color, [piece_squares, pawn_squares]) in places.iter().enumerate() {
                let king = rng.below(piece_squares.len() as u64) as usize;
                board[piece_squares[king] as usize] = cell(rules.royal, color);
                let mut order = pieces.clone();
                rng.shuffle(&mut order);
                let squares = piece_squares.iter().enumerate().filter(|&(i, _)| i != king);
                for ((_, &sq), &k) in squares.zip(&order) {
                    board[sq as usize] = cell(k, color);
                }
                lists.kinds[color][PIECES] = order[piece_squares.len() - 1..].to_vec();
                let mut order = pawns.clone();
                rng.shuffle(&mut order);
                for (&sq, &k) in pawn_squares.iter().zip(&order) {
                    board[sq as usize] = cell(k, color);
                }
                lists.kinds[color][PAWNS] = order[pawn_squares.len()..].to_vec();
            }
            let mut pos = Position::empty(variant.clone());
            for (sq, &c) in board.iter().enumerate() {
                if c != EMPTY {
                    pos.put(sq as Square, c);
                }
            }
            // Home squares matter (and are written) only where hops
            // rebirth men.
            if variant.circe {
                pos.home = Arc::new(board);
            }
            pos.rsv = ReserveState::full(&lists);
            pos.reserves = Arc::new(lists);
            pos.set_state(0, 0, crate::rules::position::EnPassant::NONE, 0, 1);
            if pos.fair_start() {
                return Ok(pos);
            }
        }
        Err(format!("seed {seed}: no fair setup in 10,000 attempts"))
    }

    /// A drawn setup is kept when no anti-royal stands on the board (it
    /// would start unattacked), no White royal stands attacked (White
    /// would start in check, and often mated: no White man may take on
    /// the first turn), White has a first turn, none that takes a man off
    /// the board or attacks an enemy royal, and one after which Blue
    /// cannot win at once.
    fn fair_start(&mut self) -> bool {
        let on_board = |pos: &Position, k: Kind| {
            pos.list
                .iter()
                .flatten()
                .any(|&s| cell_kind(pos.board[s as usize]) == k)
        };
        if self.variant.anti_kinds.iter().any(|&k| on_board(self, k)) {
            return false;
        }
        if self.royals[0].iter().any(|&k| self.is_attacked(k, 1)) {
            return false;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        // A setup is a game (docs/variants/rule-decisions.md, rule decision
        // 24): White has a first turn, and not every one of them lets Blue
        // win at once.
        if moves.is_empty() {
            return false;
        }
        let men = |pos: &Position| [pos.list[0].len(), pos.list[1].len()];
        let before = men(self);
        let quiet = moves.iter().all(|&m| {
            self.play_unchecked(m);
            let after = men(self);
            // A colour change moves a man between the lists: no capture.
            let took = after[1] < before[1] && after[0] + after[1] < before[0] + before[1];
            let checks = self.royals[1].iter().any(|&k| self.is_attacked(k, 0));
            self.undo();
            !took && !checks
        });
        quiet
            && moves.iter().any(|&m| {
                self.play_unchecked(m);
                let lost = self.wins_at_once();
                self.undo();
                !lost
            })
    }

    /// Has the side to move a turn that wins the game at once (a
    /// checkmate, the capture of the other side's last royal)?
    fn wins_at_once(&mut self) -> bool {
        let us = self.side;
        let mut replies = Vec::new();
        self.legal_moves(&mut replies);
        replies.into_iter().any(|r| {
            self.play_unchecked(r);
            let won = self.outcome().is_some_and(|o| o.winner == Some(us));
            self.undo();
            won
        })
    }
}

/// The position's mixing function (SplitMix64's finalizer), for callers
/// that draw a seed.
pub fn mix(x: u64) -> u64 {
    key(x)
}

/// SplitMix64 over the position's mixing function: `next` mixes the state
/// and then steps it.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        let r = key(self.0);
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        r
    }

    /// A number below `n`, by multiply and shift.
    fn below(&mut self, n: u64) -> u64 {
        ((self.next() as u128 * n as u128) >> 64) as u64
    }

    /// Fisher-Yates, from the last element down.
    fn shuffle(&mut self, items: &mut [Kind]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_follows_the_published_generator() {
        // SplitMix64 (Steele, Lea, Flood 2014) seeded with 0: its first
        // outputs, as published with the generator's reference code.
        let mut r = SplitMix(0);
        assert_eq!(r.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn below_stays_below() {
        let mut r = SplitMix(7);
        for n in 1..200u64 {
            assert!(r.below(n) < n);
        }
    }
}
