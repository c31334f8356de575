//! Squares as a `variants.ini` writes them: Fairy-Stockfish's bitboards
//! (`d4 e4`, `*8`), files, the start's board field and its walls, and the
//! same squares as a definition's regions (src/variant/DEFINITIONS.md,
//! "Regions").

use super::convert::{Ctx, Refusal};

/// A board's squares as (file, rank), both from 0.
pub(super) type Squares = Vec<(u32, u32)>;

/// A Fairy-Stockfish bitboard (`d4 e4`, `*8`, `a*`, `-`).
pub(super) fn bitboard(ctx: &Ctx, key: &str, width: u32, height: u32) -> Result<Squares, Refusal> {
    let mut out = Vec::new();
    let value = ctx.get(key).unwrap_or("");
    for token in value.split_whitespace().filter(|t| *t != "-") {
        let Some(first) = token.chars().next() else { continue };
        let (file, rank) = token.split_at(first.len_utf8());
        let files: Vec<u32> = match file {
            "*" => (0..width).collect(),
            f => {
                let c = f.as_bytes()[0];
                if !c.is_ascii_lowercase() || u32::from(c - b'a') >= width {
                    return Err(ctx.refuse(key, format!("'{token}' is not a square of the board")));
                }
                vec![u32::from(c - b'a')]
            }
        };
        let ranks: Vec<u32> = match rank {
            "*" => (0..height).collect(),
            r => match r.parse::<u32>() {
                Ok(r) if (1..=height).contains(&r) => vec![r - 1],
                _ => return Err(ctx.refuse(key, format!("'{token}' is not a square of the board"))),
            },
        };
        for &f in &files {
            for &r in &ranks {
                if !out.contains(&(f, r)) {
                    out.push((f, r));
                }
            }
        }
    }
    out.sort_unstable();
    Ok(out)
}

/// White's squares seen from Black's side, or Black's from White's.
pub(super) fn mirror(squares: &Squares, height: u32) -> Squares {
    let mut out: Squares = squares.iter().map(|&(f, r)| (f, height - 1 - r)).collect();
    out.sort_unstable();
    out
}

/// A square's name (`e1`), from file and rank counted from 0.
pub(super) fn square(f: u32, r: u32) -> String {
    format!("{}{}", char::from(b'a' + f as u8), r + 1)
}

/// Squares as a definition's region (`["a2", "b2"]`).
pub(super) fn region(squares: &Squares) -> String {
    let list: Vec<String> = squares.iter().map(|&(f, r)| format!("\"{}\"", square(f, r))).collect();
    format!("[{}]", list.join(", "))
}

/// A Fairy-Stockfish file (`g` or `7`), from 0.
pub(super) fn file_of(ctx: &Ctx, key: &str, default: u32) -> Result<u32, Refusal> {
    match ctx.get(key) {
        None => Ok(default),
        Some(v) => {
            if let Ok(n) = v.parse::<u32>() {
                return n.checked_sub(1).ok_or_else(|| ctx.refuse(key, "files count from 1"));
            }
            match v.as_bytes() {
                [c] if c.is_ascii_lowercase() => Ok(u32::from(c - b'a')),
                _ => Err(ctx.refuse(key, format!("'{v}' is not a file"))),
            }
        }
    }
}

/// The squares of rank `r` (from 0).
pub(super) fn rank_squares(r: u32, width: u32) -> Squares {
    (0..width).map(|f| (f, r)).collect()
}

/// The squares of the board field's `*` (walls).
pub(super) fn walls(field: &str, width: u32, height: u32) -> Squares {
    let mut out = Vec::new();
    for (r, text) in field.split('/').rev().enumerate().filter(|(r, _)| (*r as u32) < height) {
        let (mut f, mut count) = (0u32, 0u32);
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                count = count.saturating_mul(10).saturating_add(d).min(width);
                continue;
            }
            f = f.saturating_add(count);
            count = 0;
            if c == '*' && f < width {
                out.push((f, r as u32));
            }
            if c.is_ascii_alphabetic() || c == '*' {
                f += 1;
            }
        }
    }
    out.sort_unstable();
    out
}

/// The board field's ranks, White's first rank first: each square a
/// piece letter or none.
pub(super) fn read_board(field: &str, width: u32) -> Vec<Vec<Option<char>>> {
    let mut ranks: Vec<Vec<Option<char>>> = Vec::new();
    for text in field.split('/') {
        let mut rank = Vec::new();
        let mut count = 0u32;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                count = count.saturating_mul(10).saturating_add(d).min(width);
                continue;
            }
            rank.extend(std::iter::repeat_n(None, count as usize));
            count = 0;
            if c.is_ascii_alphabetic() {
                rank.push(Some(c));
            } else if c == '*' {
                rank.push(None);
            }
        }
        rank.extend(std::iter::repeat_n(None, count as usize));
        rank.resize(width as usize, None);
        ranks.push(rank);
    }
    ranks.reverse();
    ranks
}
