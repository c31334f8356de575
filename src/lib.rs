//! bigboard: a rules engine for large fairy-chess variants, driven by data.
//!
//! Pieces are movement strings ([`betza`]), compiled once per variant into
//! tables ([`movement`]); a variant is a definition file ([`variant`]); a
//! [`rules::position::Position`] plays and undoes moves.

pub mod betza;
pub mod core;
pub mod movement;
pub mod rules;
pub mod search;
pub mod text;
pub mod variant;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
