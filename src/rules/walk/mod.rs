//! Walking the compiled move tables: the moves of each man, the special
//! moves the plain walk cannot list alone, promotions, and captures.

pub mod capture_cache;
pub(crate) mod captures;
pub(crate) mod decide;
pub(crate) mod facing;
pub mod generate;
pub mod movegen;
pub(crate) mod promote;
pub mod special;
