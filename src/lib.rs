//! bigboard: a rules engine for large fairy-chess variants, driven by data.
//!
//! Pieces are movement strings ([`betza`]), compiled once per variant into
//! tables ([`movement`]); a variant is a definition file ([`variant`]); a
//! [`position::Position`] plays and undoes moves.

mod attacks;
pub mod betza;
mod borrowed;
pub mod capture_cache;
mod captures;
mod checks;
pub mod drops;
pub mod echo;
pub mod effects;
mod exchange;
mod facing;
pub mod fen;
pub mod geometry;
mod heap_sort;
pub mod hurdle;
pub mod legality;
mod mechanism;
mod mechanism_safety;
mod mimic;
pub mod movegen;
pub mod movement;
pub mod moves;
pub mod notation;
pub mod outcome;
mod pair;
pub mod perft;
pub mod picture;
pub mod piece;
pub mod position;
mod promote;
pub mod reserve;
pub mod royals;
pub mod search;
pub mod special;
pub mod variant;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
