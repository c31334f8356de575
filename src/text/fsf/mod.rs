//! Fairy-Stockfish's `variants.ini` read into bigboard definitions: the
//! file's sections ([`ini`]), the keys it documents and what becomes of
//! each ([`keys`]), its piece keys ([`pieces`]), and one section converted
//! to a definition or refused with the key and the reason ([`mod@convert`]);
//! and the way back, a variant written as a section ([`mod@export`], its
//! rule keys in [`export_rules`], its movements in [`betza`]).
//! docs/importing.md describes what converts and what exports.

pub mod betza;
pub mod builtins;
mod castling;
pub mod convert;
pub mod export;
pub mod export_rules;
pub mod ini;
pub mod keys;
pub mod pieces;
mod promotion;
mod sides;
mod squares;
mod steps;

pub use convert::{Converted, Refusal, convert, translate};
pub use export::{ExportRefusal, export};
pub use ini::{Section, read_sections};
