//! An Interactive Diagram's settings block (the `key=value` lines and the
//! piece lines `name:ID:XBetza:image:squares` of a chessvariants.com page)
//! read into a bigboard definition (TOML text). What the block says that
//! bigboard cannot express is refused with its line, key and reason,
//! never dropped; display-only keys are read and ignored
//! (docs/definitions.md, "Importing an Interactive Diagram").

pub(crate) mod block;
pub(crate) mod error;
pub mod keys;
pub(crate) mod pieces;
pub(crate) mod squares;
pub(crate) mod write;

pub use error::DiagramError;
pub use write::convert;
