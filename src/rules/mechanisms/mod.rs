//! Capture mechanisms and other effects a move has beyond moving its man:
//! captures without landing, auras, hurdle effects, borrowed moves and
//! `{mimic}`.

pub(crate) mod borrowed;
pub mod hurdle;
pub(crate) mod mechanism;
pub(crate) mod mimic;
