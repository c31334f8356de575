//! Fairy-Stockfish's `variants.ini` read into bigboard definitions: the
//! file's sections ([`ini`]), the keys it documents and what becomes of
//! each ([`keys`]), its piece keys ([`pieces`]), and one section converted
//! to a definition or refused with the key and the reason ([`mod@convert`]).
//! docs/importing.md describes what converts.

pub mod builtins;
mod castling;
pub mod convert;
pub mod ini;
pub mod keys;
pub mod pieces;
mod promotion;
mod sides;
mod squares;
mod steps;

pub use convert::{Converted, Refusal, convert};
pub use ini::{Section, read_sections};
