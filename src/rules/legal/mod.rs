//! Legality: which moves keep the mover's royals safe, with the shortcuts
//! among capture mechanisms and the royal modes of several royals.

pub mod checked;
pub mod legality;
pub mod royals;
pub(crate) mod safety;
