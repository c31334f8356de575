//! Pawn promotion as Fairy-Stockfish gives it, each side its own: the
//! promoting pieces (`promotionPawnTypes`, by default `pawnTypes` or the
//! pawn), the choices (`promotionPieceTypes`, by default the knight,
//! bishop, rook and queen there are), the region (`promotionRank`,
//! `promotionRegionWhite/Black`), whether it is forced and its limits,
//! read into bigboard's `[[promotion]]` tables: one for both sides where
//! they agree seen from their own side, one a side where they do not
//! (src/variant/DEFINITIONS.md, "Promotion").

use super::convert::{Ctx, Piece, Refusal, quote};
use super::squares::{Squares, bitboard, mirror, rank_squares, region};

/// A section's promotion tables, and the letters of the pieces that
/// promote.
pub(super) struct Promotion {
    /// The `[[promotion]]` tables.
    pub text: String,
    /// The letters of the pieces that promote on either side.
    pub promoting: Vec<char>,
}

/// One side's promotion: its promoting pieces, choices and squares
/// (absolute).
#[derive(PartialEq)]
struct Side {
    pieces: Vec<char>,
    choices: Vec<char>,
    squares: Squares,
}

/// The promotion of a section with `pieces` (`pawn_types`: the letters of
/// `pawnTypes`, when given) on a board of `size` (files, ranks).
pub(super) fn promotion(
    ctx: &Ctx,
    pieces: &[Piece],
    pawn_types: Option<&[char]>,
    size: (u32, u32),
) -> Result<Promotion, Refusal> {
    let (width, height) = size;
    let letters = |key: &str| -> Result<Option<Vec<char>>, Refusal> {
        let Some(v) = ctx.get(key) else { return Ok(None) };
        let mut out = Vec::new();
        for c in v.chars().filter(|c| !c.is_whitespace() && *c != '-') {
            let c = c.to_ascii_lowercase();
            if !pieces.iter().any(|p| p.letter == c) {
                return Err(ctx.refuse(key, format!("'{c}' is not a piece of the variant")));
            }
            out.push(c);
        }
        Ok(Some(out))
    };
    // Fairy-Stockfish reads `pawnTypes`, then `promotionPawnTypes`, then
    // the side's own key, each over the one before.
    let default_pieces: Vec<char> = match (letters("promotionPawnTypes")?, pawn_types) {
        (Some(given), _) => given,
        (None, Some(types)) => types.to_vec(),
        (None, None) => pieces.iter().filter(|p| p.key == "pawn").map(|p| p.letter).collect(),
    };
    let default_choices: Vec<char> = match letters("promotionPieceTypes")? {
        Some(given) => given,
        None => ["knight", "bishop", "rook", "queen"]
            .iter()
            .filter_map(|k| pieces.iter().find(|p| p.key == *k).map(|p| p.letter))
            .collect(),
    };
    let (white_squares, black_squares) = regions(ctx, width, height)?;
    let side = |name: &str, squares: Squares| -> Result<Side, Refusal> {
        Ok(Side {
            pieces: letters(&format!("promotionPawnTypes{name}"))?.unwrap_or_else(|| default_pieces.clone()),
            choices: letters(&format!("promotionPieceTypes{name}"))?.unwrap_or_else(|| default_choices.clone()),
            squares,
        })
    };
    let white = side("White", white_squares)?;
    // Black's squares as White's, as bigboard writes them.
    let black = side("Black", mirror(&black_squares, height))?;
    let promotes = |s: &Side| !s.pieces.is_empty() && !s.choices.is_empty() && !s.squares.is_empty();
    let mut promoting: Vec<char> = Vec::new();
    for s in [&white, &black].into_iter().filter(|s| promotes(s)) {
        for &c in &s.pieces {
            if !promoting.contains(&c) {
                promoting.push(c);
            }
        }
    }
    let mut text = String::new();
    if promoting.is_empty() {
        return Ok(Promotion { text, promoting });
    }
    let optional = !ctx.bool("mandatoryPawnPromotion", true)?;
    let limits = limits(ctx, pieces)?;
    let code = |c: &char| quote(&c.to_ascii_uppercase().to_string());
    let list = |v: &[char]| v.iter().map(code).collect::<Vec<_>>().join(", ");
    let tables: Vec<(Option<&str>, &Side)> = if white == black {
        vec![(None, &white)]
    } else {
        vec![(Some("white"), &white), (Some("black"), &black)]
    };
    for (name, s) in tables.into_iter().filter(|(_, s)| promotes(s)) {
        text.push_str(&format!("[[promotion]]\npieces = [{}]\n", list(&s.pieces)));
        text.push_str(&format!("squares = {}\n", region(&s.squares)));
        if let Some(name) = name {
            text.push_str(&format!("side = \"{name}\"\n"));
        }
        text.push_str(&format!(
            "choices = [{}]\noptional = {optional}\n{limits}\n",
            list(&s.choices)
        ));
    }
    Ok(Promotion { text, promoting })
}

/// `promotionLimit` (`q:1 r:2`) as a table's `limits`.
fn limits(ctx: &Ctx, pieces: &[Piece]) -> Result<String, Refusal> {
    let v = match ctx.get("promotionLimit") {
        None | Some("") | Some("-") => return Ok(String::new()),
        Some(v) => v,
    };
    let mut parts = Vec::new();
    for item in v.split_whitespace() {
        let Some((l, n)) = item.split_once(':') else {
            return Err(ctx.refuse("promotionLimit", format!("'{item}' is not letter:count")));
        };
        let c = l.chars().next().unwrap_or(' ').to_ascii_lowercase();
        if !pieces.iter().any(|p| p.letter == c) {
            return Err(ctx.refuse("promotionLimit", format!("'{c}' is not a piece of the variant")));
        }
        let n: u32 = n
            .parse()
            .map_err(|_| ctx.refuse("promotionLimit", format!("'{n}' is not a count")))?;
        parts.push(format!("{} = {n}", c.to_ascii_uppercase()));
    }
    Ok(format!("limits = {{ {} }}\n", parts.join(", ")))
}

/// Promotion regions of White and Black (absolute squares).
fn regions(ctx: &Ctx, width: u32, height: u32) -> Result<(Squares, Squares), Refusal> {
    // Fairy-Stockfish's defaults are ranks 8 and 1, whatever the board
    // (no rank 8 on a smaller board).
    let mut white = if height >= 8 {
        rank_squares(7, width)
    } else {
        Vec::new()
    };
    let mut black = rank_squares(0, width);
    if let Some(v) = ctx.get("promotionRank") {
        let r: u32 = v
            .parse()
            .ok()
            .filter(|r| (1..=height).contains(r))
            .ok_or_else(|| ctx.refuse("promotionRank", format!("'{v}' is not a rank")))?;
        white = (r - 1..height).flat_map(|rr| rank_squares(rr, width)).collect();
        white.sort_unstable();
        black = mirror(&white, height);
    }
    if ctx.get("promotionRegionWhite").is_some() {
        white = bitboard(ctx, "promotionRegionWhite", width, height)?;
    }
    if ctx.get("promotionRegionBlack").is_some() {
        black = bitboard(ctx, "promotionRegionBlack", width, height)?;
    }
    white.sort_unstable();
    black.sort_unstable();
    Ok((white, black))
}
