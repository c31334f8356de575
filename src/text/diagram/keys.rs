//! The Diagram's settings keys as bigboard sorts them: read (converted),
//! display-only (read and ignored knowingly), and refused with a reason.
//! The lists are those of docs/definitions.md, "Importing an Interactive
//! Diagram".

/// Keys whose values become part of the definition.
pub const READ: &[&str] = &[
    "files",
    "ranks",
    "holdings",
    "promoZone",
    "promoChoice",
    "maxPromote",
    "symmetry",
    "royal",
];

/// Keys that only change how the Diagram looks on its page (images,
/// colours, sizes, the AI's and the page's controls): ignored.
pub const DISPLAY: &[&str] = &[
    "graphicsDir",
    "graphicsType",
    "whitePrefix",
    "blackPrefix",
    "squareSize",
    "lightShade",
    "darkShade",
    "startShade",
    "rimColor",
    "coordColor",
    "borders",
    "satellite",
    "firstRank",
    "enableAI",
    "newClick",
    "trackPieces",
    "trackedTypes",
];

/// Keys bigboard knows it cannot express, with the reason given.
pub const REFUSED: &[(&str, &str)] = &[
    ("hand", "pieces in hand (drops) are not converted"),
    ("holdingsType", "pieces in hand (drops) are not converted"),
    (
        "captureMatrix",
        "a capture matrix (which piece may take which) has no bigboard key",
    ),
    ("spell", "spells have no bigboard key"),
    ("spellZone", "spells have no bigboard key"),
    ("blastZone", "explosions on capture have no bigboard key"),
    ("atomicCapture", "explosions on capture have no bigboard key"),
    ("shuffle", "shuffled setups are not converted"),
    (
        "promoOffset",
        "promotion to a piece type by its place in the list is not converted",
    ),
];

/// What bigboard does with `key`: `Ok(true)` read, `Ok(false)` ignored,
/// `Err(reason)` refused.
pub fn sort(key: &str) -> Result<bool, String> {
    if READ.contains(&key) {
        return Ok(true);
    }
    if DISPLAY.contains(&key) {
        return Ok(false);
    }
    if let Some((_, why)) = REFUSED.iter().find(|(k, _)| *k == key) {
        return Err((*why).to_string());
    }
    Err("unknown key: bigboard does not know what it does, so it does not guess".into())
}
