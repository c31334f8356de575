//! The AI: iterative-deepening principal-variation alpha-beta search with a
//! transposition table, quiescence, and an evaluation derived from the
//! variant's definition.
//!
//! The library has no clock of its own (wasm has no `Instant`): the caller
//! passes one, and a stop request, both polled while searching.
//!
//! The [`Searcher`] is in `searcher.rs`; one node's search in
//! `alphabeta.rs` with its reductions (`reduction.rs`), the moves' legality
//! (`legality.rs`) and quiescence (`quiesce.rs`); move ordering, the hash
//! table, the evaluation, levels and tuning one file each; the types a
//! caller reads in `score.rs`, `limits.rs` and `report.rs`.

mod alphabeta;
pub mod eval;
mod legality;
pub mod level;
mod limits;
mod ordering;
mod quiesce;
mod reduction;
mod report;
mod score;
mod searcher;
pub mod tt;
pub mod tune;

pub use limits::{Control, Limits};
/// Move ordering's pick of the best-scored move (public for the module's
/// tests, which run its vector instructions: `tests/wasm.rs`).
pub use ordering::select;
pub use report::{Info, SearchResult};
pub use score::{INFINITY, MATE, MATE_BOUND, Score};
pub use searcher::{MAX_PLY, Searcher};
