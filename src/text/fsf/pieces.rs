//! Fairy-Stockfish's piece keys: the predefined piece types with their
//! movement in the notation (docs/notation.md), and the custom slots
//! (`customPiece1` .. `customPiece25`) whose movement the section gives.

/// The predefined piece keys and their movement, as Fairy-Stockfish's
/// `variants.ini` header lists them. The pawn's double step is added from
/// the double-step keys, not written here.
pub const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// The number of custom piece slots.
pub const CUSTOM_SLOTS: usize = 25;

/// Is `key` a piece key (predefined or custom)?
pub fn is_piece_key(key: &str) -> bool {
    PREDEFINED.iter().any(|(k, _)| *k == key) || custom_slot(key).is_some()
}

/// `customPieceN`'s N, when 1..=25.
pub fn custom_slot(key: &str) -> Option<usize> {
    let n: usize = key.strip_prefix("customPiece")?.parse().ok()?;
    (1..=CUSTOM_SLOTS).contains(&n).then_some(n)
}

/// A piece's name for players: `dragonHorse` is "Dragon Horse",
/// `customPiece3` "Custom Piece 3".
pub fn display_name(key: &str) -> String {
    if let Some(n) = custom_slot(key) {
        return format!("Custom Piece {n}");
    }
    let mut out = String::new();
    for (i, c) in key.chars().enumerate() {
        if i == 0 {
            out.extend(c.to_uppercase());
        } else if c.is_ascii_uppercase() {
            out.push(' ');
            out.push(c);
        } else {
            out.push(c);
        }
    }
    out
}
