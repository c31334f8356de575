//! bigboard: a rules engine for large fairy-chess variants, driven by data.
//!
//! Pieces are movement strings ([`betza`]), compiled once per variant into
//! tables ([`movement`]); a variant is a definition file ([`variant`]); a
//! [`Position`] of the game engine ([`rules`]) lists its legal moves, plays
//! and undoes them and says how the game ends; [`text`] reads and writes
//! positions and moves as text; [`search`] finds a move.
//!
//! The modules stand in floors, each using only the floors below it:
//! [`core`] (squares, pieces, the move type) < [`betza`] < [`movement`] <
//! [`variant`] < [`rules`] < [`text`] < [`search`] < the wasm boundary and
//! the command line. `docs/architecture.md` maps where each rule lives.
//!
//! # Loading a variant, playing and undoing
//!
//! A built-in variant comes by its id ([`builtin`]; [`BUILTIN_IDS`] lists
//! them), any other from its definition text ([`load`], which compiles the
//! definition and checks its setup). A position comes as the variant's
//! start ([`Position::new`]), from position text ([`Position::from_fen`])
//! or from plain data ([`Setup`], [`Position::from_setup`]).
//!
//! ```
//! use bigboard::{Move, Outcome, Position, builtin};
//!
//! let variant = builtin("xhess").expect("a built-in variant");
//! let mut pos = Position::new(variant);
//!
//! // The legal moves of the side to move.
//! let mut moves: Vec<Move> = Vec::new();
//! pos.legal_moves(&mut moves);
//! assert!(!moves.is_empty());
//!
//! // Play one (checked: an illegal move leaves the position unchanged),
//! // then take it back.
//! let start = pos.fen();
//! pos.play(moves[0]).expect("a legal move");
//! assert_ne!(pos.fen(), start);
//! assert_eq!(pos.undo(), Some(moves[0]));
//! assert_eq!(pos.fen(), start);
//!
//! // Moves as text: the coordinate form, checked against the legal moves.
//! let text = pos.move_text(moves[0]);
//! assert_eq!(pos.play_text(&text).expect("legal"), moves[0]);
//! assert!(pos.play_text("a1a1").is_err());
//!
//! // A game in progress has no outcome yet.
//! let outcome: Option<Outcome> = pos.outcome();
//! assert!(outcome.is_none());
//! ```
//!
//! # Searching
//!
//! A [`Searcher`] keeps its hash table between searches of one game; the
//! caller brings the clock and the stop request ([`Control`]).
//!
//! ```
//! use bigboard::{Control, Limits, Position, Searcher, builtin};
//!
//! let mut pos = Position::new(builtin("xhess").expect("a built-in variant"));
//! let mut searcher = Searcher::new(1);
//! let limits = Limits { depth: Some(2), ..Limits::default() };
//! let control = Control { clock: &|| 0.0, stop: &|| false };
//! let result = searcher.search(&mut pos, limits, &control, &mut |_info| {});
//! let best = result.best.expect("the start has legal moves");
//! assert!(pos.is_legal(best));
//! ```

// The crate page documents every public item; clippy's -D warnings in
// ./build.sh test makes a missing doc comment a failure.
#![warn(missing_docs)]

pub mod betza;
pub mod core;
pub mod movement;
pub mod rules;
pub mod search;
pub mod text;
pub mod variant;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use crate::core::geometry::Square;
pub use crate::core::moves::{Move, MoveKind};
pub use crate::core::piece::{Color, Kind};
pub use crate::rules::legal::checked::IllegalMove;
pub use crate::rules::outcome::{Outcome, Reason};
pub use crate::rules::perft::perft;
pub use crate::rules::position::Position;
pub use crate::rules::setup::{Setup, SetupError};
pub use crate::search::{Control, Info, Limits, Score, SearchResult, Searcher};
pub use crate::text::fen::ParseFenError;
pub use crate::text::load::{builtin, load};
pub use crate::text::movetext::ParseMoveError;
pub use crate::text::replay::ReplayError;
pub use crate::variant::{BUILTIN_IDS, DefinitionError, DefinitionErrors, Variant, builtin_source};
