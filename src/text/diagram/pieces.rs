//! A piece line's movement and letter: the standard pieces' moves when the
//! XBetza field is empty, the ID from the name when the ID field is empty,
//! and the Diagram's castling atom `O` taken out of the movement (it
//! becomes castling tables, see `write.rs`).

/// Moves of the pieces bigboard knows by name, for a piece line whose
/// XBetza field is empty (names compared ignoring case).
const STANDARD: &[(&str, &str)] = &[
    ("pawn", "fmWfceFifmnD"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("king", "KisO2"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("ferz", "F"),
    ("wazir", "W"),
];

/// The movement of a piece line: its XBetza, or the standard piece's.
pub fn movement(name: &str, betza: &str) -> Option<String> {
    if !betza.is_empty() {
        return Some(betza.to_string());
    }
    let lower = name.to_ascii_lowercase();
    STANDARD
        .iter()
        .find(|(n, _)| *n == lower)
        .map(|(_, m)| (*m).to_string())
}

/// The letter code of a piece line: its ID, or the name's first letter;
/// upper case, 1 to 4 letters. `Err` says why an ID cannot be a code.
pub fn code(name: &str, id: &str) -> Result<String, String> {
    let raw = if id.is_empty() {
        name.chars().next().map(String::from).unwrap_or_default()
    } else {
        id.to_string()
    };
    if raw.is_empty() || raw.len() > 4 || !raw.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(format!("ID '{raw}': bigboard's piece codes are 1 to 4 letters"));
    }
    Ok(raw.to_ascii_uppercase())
}

/// Takes the castling atom out of a movement: the movement left and the
/// castling distance (the king's squares), if any. The atom is read as
/// the Diagram writes it, `isO2` / `O2` (with `i` and `s` only, for a
/// castling along the king's rank at the start); other forms are refused.
pub fn castling(moves: &str) -> Result<(String, Option<usize>), String> {
    let Some(at) = moves.find('O') else {
        return Ok((moves.to_string(), None));
    };
    let start = moves[..at]
        .rfind(|c: char| c.is_ascii_uppercase() || c == ')' || c == '}' || c == ']')
        .map_or(0, |p| p + 1);
    let prefix = &moves[start..at];
    if !prefix.chars().all(|c| c == 'i' || c == 's') {
        return Err(format!(
            "castling '{prefix}O' with modifiers other than i and s is not converted"
        ));
    }
    let digits: String = moves[at + 1..].chars().take_while(char::is_ascii_digit).collect();
    let n: usize = digits
        .parse()
        .map_err(|_| "castling 'O' without its distance is not converted".to_string())?;
    if n == 0 {
        return Err("castling 'O0' is not converted".into());
    }
    let rest = format!("{}{}", &moves[..start], &moves[at + 1 + digits.len()..]);
    if rest.contains('O') {
        return Err("a second castling atom 'O' is not converted".into());
    }
    Ok((rest, Some(n)))
}
