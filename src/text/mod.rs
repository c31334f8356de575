//! Floor 6, text formats: position text (FEN), move text, the named
//! effects of a move and the piece editor's picture of a movement string.

pub mod effects;
pub mod fen;
pub mod movetext;
pub mod picture;
