//! Floor 6, text formats: position text (FEN) read into and written from a
//! `Setup`, move text, replaying a move list, the named effects of a move,
//! the piece editor's picture of a movement string, an Interactive
//! Diagram's settings block converted to a definition (and a pasted
//! text told to be one or the other), and loading a
//! variant (its setup is position text).

pub mod diagram;
pub(crate) mod drops;
pub mod effects;
pub mod fen;
pub(crate) mod fen_error;
pub(crate) mod fields;
pub mod fsf;
pub mod import;
pub mod load;
pub mod movetext;
pub mod picture;
pub mod replay;
