//! Floor 5, the game engine: a [`position::Position`] of a compiled
//! variant, its moves, what they do, which are legal and how a game ends.
//!
//! Inside, the files stand in floors of their own (docs/architecture.md):
//! the small state ([`state`]), a position as plain data ([`setup`]) and
//! the position, then what the board says of a man (the auras), walking
//! the move tables ([`walk`]), the capture mechanisms ([`mechanisms`]),
//! the reserves ([`reserve`]), attacks and counted checks, playing a move
//! ([`play`]), legality ([`legal`]), and on top the end of a game, perft
//! and checking a setup ([`start`]).

pub(crate) mod attacks;
pub(crate) mod checks;
pub mod legal;
pub mod mechanisms;
pub mod outcome;
pub mod perft;
pub mod play;
pub mod position;
pub mod reserve;
pub mod setup;
pub mod start;
pub mod state;
pub mod walk;
