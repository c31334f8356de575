//! Xiangqi's flying general (`flying_royals`): royal pieces of the two
//! sides attack each other along a file with nothing between them, so no
//! move may leave them facing.

use crate::core::geometry::Square;
use crate::core::piece::{Color, EMPTY, cell_kind};
use crate::rules::position::Position;

impl Position {
    /// Does a royal of `by` face `target` along an open file? Only a royal
    /// stands attacked so (the royal's own square, or an empty square it
    /// may pass): a facing royal takes nothing else.
    pub(crate) fn royal_faces(&self, target: Square, by: Color) -> bool {
        let c = self.board[target as usize];
        if c != EMPTY && !self.variant.pieces[cell_kind(c)].royal {
            return false;
        }
        let g = self.variant.geometry;
        let w = g.width as usize;
        self.royals[by].iter().any(|&r| {
            r != target && g.file(r) == g.file(target) && {
                let (lo, hi) = (r.min(target) as usize, r.max(target) as usize);
                (lo + w..hi).step_by(w).all(|s| self.board[s] == EMPTY)
            }
        })
    }
}
