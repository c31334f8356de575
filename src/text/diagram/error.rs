//! The error of a Diagram block: where (the line, 1-based, and the key or
//! the piece line's field) and why.

use std::fmt;

/// A Diagram block bigboard cannot convert: the line (1-based; 0 when the
/// problem is the block as a whole), the key or field, and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramError {
    /// The 1-based line, 0 when the problem is the block as a whole.
    pub line: usize,
    /// The key or the piece line's field.
    pub key: String,
    /// What is wrong.
    pub message: String,
}

impl DiagramError {
    pub(crate) fn new(line: usize, key: impl Into<String>, message: impl Into<String>) -> Self {
        DiagramError {
            line,
            key: key.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.key, self.message)
        } else {
            write!(f, "line {}: {}: {}", self.line, self.key, self.message)
        }
    }
}

impl std::error::Error for DiagramError {}
