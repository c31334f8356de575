//! What the page shows of a move's effects besides the move itself: the
//! men it took, the men it changed elsewhere (a swap's partner, a man
//! reborn, recoloured or changed by a hop), and the men standing frozen.

use super::game::Game;
use crate::geometry::Square;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Game {
    /// The squares of the men the last move took, by any mechanism (on
    /// its target, on the way, by withdrawal, approach, custodial capture,
    /// a shot ...), for the page to show what happened; empty at the
    /// start.
    #[wasm_bindgen(js_name = lastCaptures)]
    pub fn last_captures(&self) -> Vec<Square> {
        let mut before = self.pos.clone();
        match before.undo() {
            Some(m) => before.captures_of(m),
            None => Vec::new(),
        }
    }

    /// The squares the last turn changed besides its move's two squares,
    /// the men it took and its drops: a man reborn, recoloured or changed
    /// by a hop, a man moved by a swap off the move's squares. Empty at
    /// the start and after castling (its rook's move is no effect).
    #[wasm_bindgen(js_name = lastChanged)]
    pub fn last_changed(&self) -> Vec<Square> {
        let mut before = self.pos.clone();
        let Some(m) = before.undo() else { return Vec::new() };
        if m.kind == crate::moves::MoveKind::Castle {
            // The rook's move is part of castling, not an effect.
            return Vec::new();
        }
        let taken = before.captures_of(m);
        let d = before.drops(m);
        let n = self.pos.variant().geometry.len() as Square;
        (0..n)
            .filter(|&sq| {
                sq != m.from
                    && sq != m.to
                    && !taken.contains(&sq)
                    && d.piece != Some(sq)
                    && d.pawn != Some(sq)
                    && before.cell(sq) != self.pos.cell(sq)
            })
            .collect()
    }

    /// The squares of the men that stand frozen now (next to an enemy
    /// freezing man), of both sides.
    pub fn frozen(&self) -> Vec<Square> {
        let pos = &self.pos;
        let mut out = Vec::new();
        for color in 0..2 {
            if let Some(f) = pos.frozen_squares(color) {
                out.extend(pos.squares_of(color).iter().copied().filter(|&sq| f.has(sq)));
            }
        }
        out.sort_unstable();
        out
    }
}
