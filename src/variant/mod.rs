//! A validated variant: its board, pieces with compiled move tables, setup
//! and rules. Compiled by [`Loader`], which reports every problem of a
//! definition at once; `crate::text::load` then checks its setup as a
//! position (the variant builds no position).

pub mod board_text;
mod budget;
mod builtin;
mod compiled;
pub mod evaluation;
mod kind;
mod load;
pub mod mechanics;
mod problems;
mod promotion;
pub mod region;
pub mod reserve;
mod rules;
pub mod toml;

pub use budget::{MEMORY_LIMIT, megabytes, thousands};
pub use builtin::{BUILTIN_IDS, MENU_IDS, Summary, builtin_source, builtin_summary};
pub use compiled::{Variant, walks};
pub use kind::{CastlingRule, PieceType, PromotionChoice, normalize};
pub use load::Loader;
pub use problems::{DefinitionError, DefinitionErrors};
pub use rules::{Goal, Verdict, WinRules};
