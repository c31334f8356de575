//! The squares field of a piece line: a comma-separated list of squares
//! (`a1`) and ranges (`a2-h2`, or a rectangle `a1-b2`), White's; Black's
//! are White's mirrored or rotated by the `symmetry` setting.

use super::error::DiagramError;

/// A square as (file, rank), both from 0.
pub type Square = (usize, usize);

/// Reads one square name: a file letter `a`.. and a rank number from 1.
fn square(name: &str, width: usize, height: usize) -> Option<Square> {
    let mut chars = name.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let file = (f as u8 - b'a') as usize;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.chars().all(|c| c.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    (file < width && rank >= 1 && rank <= height).then_some((file, rank - 1))
}

/// Reads a squares field into White's squares, in order; `line` and
/// `piece` say where an unknown square is.
pub fn read(field: &str, width: usize, height: usize, line: usize, piece: &str) -> Result<Vec<Square>, DiagramError> {
    let mut out = Vec::new();
    let bad = |what: &str| {
        DiagramError::new(
            line,
            format!("piece '{piece}' squares"),
            format!(
                "'{what}' is not a square of the {width} x {height} board (a1 to a square name like {}{height}, or a range a2-h2)",
                (b'a' + width as u8 - 1) as char
            ),
        )
    };
    for item in field.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match item.split_once('-') {
            Some((a, b)) => {
                let from = square(a.trim(), width, height).ok_or_else(|| bad(item))?;
                let to = square(b.trim(), width, height).ok_or_else(|| bad(item))?;
                for rank in from.1.min(to.1)..=from.1.max(to.1) {
                    for file in from.0.min(to.0)..=from.0.max(to.0) {
                        out.push((file, rank));
                    }
                }
            }
            None => out.push(square(item, width, height).ok_or_else(|| bad(item))?),
        }
    }
    Ok(out)
}

/// The square's name, `a1`.
pub fn name((file, rank): Square) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}
