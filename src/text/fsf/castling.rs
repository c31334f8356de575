//! Castling as Fairy-Stockfish gives it: the start's rights (`KQkq`), the
//! king and the outermost castling rook of each right on its side's
//! castling rank (`castlingRank`, the first by default, Black's mirrored),
//! and the king's landing files (`castlingKingsideFile`,
//! `castlingQueensideFile`), read into bigboard's `[[castling]]` tables
//! (src/variant/DEFINITIONS.md, "Castling"), which are White's squares
//! with Black's mirrored.

use super::convert::{Ctx, Piece, Refusal};
use super::squares::{file_of, square};

/// The `[[castling]]` tables of the rights `rights` in the start whose
/// ranks are `board` (White's first rank first).
pub(super) fn castling_tables(
    ctx: &Ctx,
    pieces: &[Piece],
    board: &[Vec<Option<char>>],
    rights: &str,
    width: u32,
    height: u32,
) -> Result<String, Refusal> {
    let rook_letters = ctx.get("castlingRookPieces").unwrap_or("r").to_ascii_lowercase();
    let royal = pieces.iter().find(|p| p.key == "king").map(|p| p.letter);
    // The castling king: `castlingKingPiece` names it by letter (the king
    // by default).
    let king = match ctx.get("castlingKingPiece") {
        Some(v) => v.chars().next().map(|c| c.to_ascii_lowercase()),
        None => royal,
    };
    if king.is_none() || king != royal {
        // Fairy-Stockfish lets a castling piece that is not royal castle
        // out of, through and into attack; bigboard's castling never does.
        return Err(ctx.refuse(
            "castlingKingPiece",
            "castling by a piece that is not royal (Fairy-Stockfish lets it castle through attacked squares): not converted",
        ));
    }
    let king = king.unwrap_or('k');
    // White's castling rank, counted from 1; Black's is the same seen
    // from Black's side.
    let on = ctx.int("castlingRank", 1)?;
    if on == 0 || on > height {
        return Err(ctx.refuse(
            "castlingRank",
            format!("'{on}' is not a rank of the board (1 to {height})"),
        ));
    }
    let row = on - 1;
    let kingside = file_of(ctx, "castlingKingsideFile", 6)?;
    let queenside = file_of(ctx, "castlingQueensideFile", 2)?;
    // Each castling move, as White's files (king, king_to, rook, rook_to),
    // with the right that gave it.
    let mut tables: Vec<([u32; 4], char)> = Vec::new();
    for right in rights.chars() {
        let (rank, side) = match right {
            'K' | 'Q' => (board.get(row as usize), "White"),
            'k' | 'q' => (board.get((height - 1 - row) as usize), "Black"),
            c => {
                return Err(ctx.refuse(
                    "startFen",
                    format!("castling right '{c}': only K, Q, k and q are converted"),
                ));
            }
        };
        let white = right.is_ascii_uppercase();
        let ours = |c: &Option<char>, letters: &str| {
            c.is_some_and(|c| c.is_ascii_uppercase() == white && letters.contains(c.to_ascii_lowercase()))
        };
        let rank = rank.map(Vec::as_slice).unwrap_or_default();
        let Some(kf) = rank.iter().position(|c| ours(c, &king.to_string())) else {
            return Err(ctx.refuse(
                "startFen",
                format!("castling right '{right}' without a {side} king on {side}'s castling rank"),
            ));
        };
        let kingward = right.eq_ignore_ascii_case(&'K');
        let (rf, to) = if kingward {
            (rank.iter().rposition(|c| ours(c, &rook_letters)), kingside)
        } else {
            (rank.iter().position(|c| ours(c, &rook_letters)), queenside)
        };
        let Some(rf) = rf.filter(|&f| kingward == (f > kf)) else {
            return Err(ctx.refuse("startFen", format!("castling right '{right}' without its rook")));
        };
        let rook_to = if kingward { to.checked_sub(1) } else { Some(to + 1) };
        let Some(rook_to) = rook_to.filter(|&f| f < width && to < width) else {
            return Err(ctx.refuse("castlingKingsideFile", "the castling squares are off the board"));
        };
        let table = [kf as u32, to, rf as u32, rook_to];
        let same_way = tables.iter().find(|(_, r)| r.eq_ignore_ascii_case(&right));
        match same_way {
            Some((t, _)) if *t != table => {
                return Err(ctx.refuse(
                    "startFen",
                    format!(
                        "castling right '{right}': Black's king or rook stands elsewhere than White's, mirrored; bigboard's castling is on the same squares for both sides"
                    ),
                ));
            }
            Some(_) => {}
            None => tables.push((table, right)),
        }
    }
    let mut t = String::new();
    for ([kf, to, rf, rook_to], _) in tables {
        t.push_str(&format!(
            "[[castling]]\nking = \"{}\"\nking_to = \"{}\"\nrook = \"{}\"\nrook_to = \"{}\"\n\n",
            square(kf, row),
            square(to, row),
            square(rf, row),
            square(rook_to, row)
        ));
    }
    Ok(t)
}
