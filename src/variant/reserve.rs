//! The definition keys of reserves and random setups: `[reserve]` (men
//! kept off the board that enter by drops and promotions) and
//! `setup = "random"` with `[random_setup]` (a seed draws the setup and the
//! reserves). See DEFINITIONS.md, "Reserves and random setups".

use super::problems::Errors;
use super::toml::{self, Table};
use crate::core::piece::Kind;

/// Where a side's reserve men enter the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReserveRules {
    /// The rank (0-based, counted from the owner's side) pieces are
    /// dropped on.
    pub piece_rank: u8,
    /// The rank pawn kinds are dropped on.
    pub pawn_rank: u8,
    /// `promote = true`: a pawn kind that reaches its last rank by a move
    /// of its own becomes the last piece of its side's reserve (forced);
    /// it may not move there while that reserve is empty.
    pub promote: bool,
}

/// How a seed draws a setup (`[random_setup]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomSetup {
    /// The kind placed on a random square of each side's piece rank.
    pub royal: Kind,
}

const RESERVE_KEYS: &[&str] = &["piece_rank", "pawn_rank", "promote"];
const RANDOM_KEYS: &[&str] = &["royal"];

/// Reads `[reserve]`: `None` when the table is absent.
pub(super) fn read_reserve(e: &mut Errors, table: &Table, height: Option<i64>) -> Option<ReserveRules> {
    let r = match table.get("reserve") {
        Some(toml::Value::Table(r)) => r,
        Some(_) => {
            e.add("reserve", "expected a table ([reserve])");
            return None;
        }
        None => return None,
    };
    e.unknown_keys("reserve", r, RESERVE_KEYS);
    let top = height.unwrap_or(1).max(1);
    let piece_rank = e.int("reserve", r, "piece_rank", 1, top).unwrap_or(1);
    let pawn_rank = e.int("reserve", r, "pawn_rank", 1, top).unwrap_or(2.min(top));
    let promote = e.bool("reserve", r, "promote").unwrap_or(false);
    Some(ReserveRules {
        piece_rank: piece_rank as u8 - 1,
        pawn_rank: pawn_rank as u8 - 1,
        promote,
    })
}

/// Reads `[random_setup]`, which `setup = "random"` needs; its royal
/// kind is named by code and found once the pieces are read.
pub(super) fn read_random_setup(e: &mut Errors, table: &Table, random: bool) -> Option<String> {
    match (table.get("random_setup"), random) {
        (Some(toml::Value::Table(r)), true) => {
            e.unknown_keys("random_setup", r, RANDOM_KEYS);
            e.string("random_setup", r, "royal", true)
        }
        (Some(toml::Value::Table(_)), false) => {
            e.add("random_setup", "only with setup = \"random\"");
            None
        }
        (Some(_), _) => {
            e.add("random_setup", "expected a table ([random_setup])");
            None
        }
        (None, true) => {
            e.add(
                "random_setup",
                "missing: setup = \"random\" needs a [random_setup] table (royal = CODE)",
            );
            None
        }
        (None, false) => None,
    }
}
