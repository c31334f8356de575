//! The error of a malformed position text, shared by the readers of its
//! fields (`fen.rs`, `fields.rs`).

use std::fmt;

/// A malformed position text: which field and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// The FEN field that is wrong.
    pub field: &'static str,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad position text ({}): {}", self.field, self.message)
    }
}

impl std::error::Error for ParseFenError {}

pub(crate) fn err(field: &'static str, message: impl Into<String>) -> ParseFenError {
    ParseFenError {
        field,
        message: message.into(),
    }
}
