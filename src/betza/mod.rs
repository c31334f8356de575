//! The movement notation: an XBetza dialect read into legs and directions.
//!
//! The grammar is documented in `src/betza/NOTATION.md`; this module turns a
//! string into a [`Movement`] (a list of [`Pattern`]s), which
//! [`crate::movement`] compiles into per-square tables.
//!
//! The types read live one a file: a [`Leg`] in `leg.rs`, a [`Pattern`] and
//! the whole [`Movement`] in `pattern.rs`; the reader in `parse.rs` (with a
//! leg's letters in `legs.rs` and its error in `error.rs`), directions in
//! `direction.rs`, and a movement at a glance in `sketch.rs`.

mod direction;
mod error;
mod leg;
mod legs;
mod parse;
mod pattern;
mod sketch;

pub use direction::{Dir, DirToken, RING, absolute, images, rotations, sort_by_angle, zig_partners};
pub use error::ParseMovementError;
pub use leg::{Leg, Style};
pub use parse::{parse_movement, parse_spans};
pub use pattern::{Movement, Pattern, borrow, hurdle, mech};
pub use sketch::{Path, Sketch, sketch};
