//! The board field of position text: ranks from the top, multi-digit
//! empty counts, one-letter codes or `{multi}` codes (upper case White),
//! `*` for a hole. The definition's `setup` key starts with it, so it is
//! read here, below the rules; the rest of the position text is read on
//! the text floor (`crate::text::fen`).

use crate::core::echo::echo;
use crate::core::piece::{Cell, EMPTY, cell, cell_color, cell_kind};
use crate::variant::Variant;
use std::fmt::Write;

/// The message of a malformed board field (the rank or square it names
/// says where).
fn err(message: impl Into<String>) -> String {
    message.into()
}

/// Reads the board field into cells (index = square).
pub fn parse_board(variant: &Variant, text: &str) -> Result<Vec<Cell>, String> {
    let g = variant.geometry;
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != g.height as usize {
        return Err(err(format!("{} ranks, the board has {}", rows.len(), g.height)));
    }
    let mut board = vec![EMPTY; g.len()];
    for (i, row) in rows.iter().enumerate() {
        let rank = g.height as i32 - 1 - i as i32;
        let rank_name = rank + 1;
        let bytes = row.as_bytes();
        let mut file: i32 = 0;
        let mut j = 0;
        while j < bytes.len() {
            let b = bytes[j];
            let (code, len) = if b.is_ascii_digit() {
                let n = bytes[j..].iter().take_while(|c| c.is_ascii_digit()).count();
                let count: i32 = match row[j..j + n].parse::<i32>() {
                    Ok(c) if c <= g.width as i32 => c,
                    _ => return Err(err(format!("rank {rank_name}: more than {} files", g.width))),
                };
                if count == 0 {
                    return Err(err(format!("rank {rank_name}: an empty count of 0")));
                }
                file += count;
                if file > g.width as i32 {
                    return Err(err(format!("rank {rank_name}: more than {} files", g.width)));
                }
                j += n;
                continue;
            } else if b == b'*' {
                // A hole (Fairy-Stockfish's mark): the square must be one.
                let sq = g.square(file, rank).filter(|_| file < g.width as i32);
                match sq {
                    Some(sq) if variant.is_hole(sq) => {}
                    Some(sq) => return Err(err(format!("'*' on {}, which is not a hole", g.name(sq)))),
                    None => return Err(err(format!("rank {rank_name}: more than {} files", g.width))),
                }
                file += 1;
                j += 1;
                continue;
            } else if b == b'{' {
                let end = row[j..]
                    .find('}')
                    .ok_or_else(|| err(format!("rank {rank_name}: '{{' without '}}'")))?;
                (&row[j + 1..j + end], end + 1)
            } else if b.is_ascii_alphabetic() {
                (&row[j..j + 1], 1)
            } else {
                let c = row[j..].chars().next().unwrap_or('?');
                return Err(err(format!(
                    "rank {rank_name}: unexpected '{}'",
                    echo(c.encode_utf8(&mut [0; 4]))
                )));
            };
            let color = if code.chars().all(|c| c.is_ascii_uppercase()) {
                0
            } else if code.chars().all(|c| c.is_ascii_lowercase()) {
                1
            } else {
                return Err(err(format!(
                    "rank {rank_name}: '{}' mixes cases (upper = White, lower = Black)",
                    echo(code)
                )));
            };
            let kind = variant
                .pieces
                .iter()
                .position(|p| p.code.eq_ignore_ascii_case(code))
                .ok_or_else(|| err(format!("rank {rank_name}: unknown piece code '{}'", echo(code))))?;
            if file >= g.width as i32 {
                return Err(err(format!("rank {rank_name}: more than {} files", g.width)));
            }
            let sq = g.square(file, rank).expect("inside the board");
            if variant.is_hole(sq) {
                return Err(err(format!("{} is a hole: no piece stands there", g.name(sq))));
            }
            board[sq as usize] = cell(kind, color);
            file += 1;
            j += len;
        }
        if file != g.width as i32 {
            return Err(err(format!(
                "rank {rank_name}: {file} files, the board has {}",
                g.width
            )));
        }
    }
    Ok(board)
}

/// Writes the code of a man of `kind` and `color` as the position text
/// does: upper case for White, lower case for the other side, in braces
/// when longer than a letter (`{sq}`).
pub fn push_code(v: &Variant, kind: usize, color: usize, s: &mut String) {
    let code = &v.pieces[kind].code;
    let code = if color == 0 {
        code.to_ascii_uppercase()
    } else {
        code.to_ascii_lowercase()
    };
    if code.len() == 1 {
        s.push_str(&code);
    } else {
        let _ = write!(s, "{{{code}}}");
    }
}

/// Writes a board (cells by square) as the board field: ranks from the
/// top, empty counts, holes as `*`.
pub fn board_text(v: &Variant, board: &[Cell]) -> String {
    let g = v.geometry;
    let mut s = String::new();
    for rank in (0..g.height as i32).rev() {
        let mut empty = 0;
        for file in 0..g.width as i32 {
            let sq = g.square(file, rank).expect("on the board");
            let c = board[sq as usize];
            if c == EMPTY && v.is_hole(sq) {
                if empty > 0 {
                    let _ = write!(s, "{empty}");
                    empty = 0;
                }
                s.push('*');
                continue;
            }
            if c == EMPTY {
                empty += 1;
                continue;
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
                empty = 0;
            }
            push_code(v, cell_kind(c), cell_color(c), &mut s);
        }
        if empty > 0 {
            let _ = write!(s, "{empty}");
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}
