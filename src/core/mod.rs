//! Floor 1, the vocabulary: squares and board sizes, pieces and colours,
//! the move type and small helpers; no rules of any game.

pub mod echo;
pub mod geometry;
pub mod moves;
pub(crate) mod pair;
pub mod piece;
