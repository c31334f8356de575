//! Reserves (`[reserve]` variants): the men off the board, the drops that
//! bring them in, and the exchanges that pay for them.

pub mod drops;
pub(crate) mod exchange;
pub mod reserves;
