//! The error of a malformed movement string, which both the reader
//! (`parse.rs`) and a leg's checks (`legs.rs`) report.

use std::fmt;

/// A malformed movement string: what is wrong and where (0-based character
/// index into the string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMovementError {
    /// The 0-based character of the notation where the error was found.
    pub position: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for ParseMovementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.position + 1, self.message)
    }
}

impl std::error::Error for ParseMovementError {}

pub(super) fn err(position: usize, message: String) -> ParseMovementError {
    ParseMovementError { position, message }
}
