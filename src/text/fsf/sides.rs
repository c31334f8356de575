//! Rules Fairy-Stockfish gives each side apart that bigboard writes once
//! for both (Black's squares counted from its side): a piece's region of
//! movement (`mobilityRegionWhiteRook`) and the flag region (a goal). They
//! convert when both sides have the same one, seen from their own side,
//! and when only one side can ever have the men the rule is about (not in
//! the start, not a promotion choice): the rule of the other side then
//! never applies. src/variant/DEFINITIONS.md, "Regions of pieces" and
//! "How a game ends".

use super::convert::{Ctx, Piece, Refusal, quote};
use super::squares::{Squares, bitboard, mirror, region};

/// Can a man of the piece `letter` stand on the board for White (`white`)
/// or Black: in the start's board field `board`, or as a promotion choice?
pub(super) fn appears(ctx: &Ctx, pieces: &[Piece], board: &str, letter: char, white: bool) -> bool {
    let on_board = board
        .chars()
        .any(|c| c.eq_ignore_ascii_case(&letter) && c.is_ascii_uppercase() == white);
    let side = if white {
        "promotionPieceTypesWhite"
    } else {
        "promotionPieceTypesBlack"
    };
    let chosen = |v: &str| v.chars().any(|c| c.eq_ignore_ascii_case(&letter));
    // Without promotionPieceTypes the choices are the knight, bishop, rook
    // and queen there are.
    let by_default = ctx.get("promotionPieceTypes").is_none()
        && pieces
            .iter()
            .any(|p| p.letter == letter && ["knight", "bishop", "rook", "queen"].contains(&p.key.as_str()));
    on_board
        || by_default
        || [side, "promotionPieceTypes"]
            .iter()
            .any(|k| ctx.get(k).is_some_and(chosen))
}

/// The `mobilityRegion` key of a piece for one side (`customPiece2`:
/// `mobilityRegionWhiteCustomPiece2`).
pub(super) fn region_key(piece_key: &str, white: bool) -> String {
    let mut name = piece_key.to_string();
    if let Some(first) = name.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    format!("mobilityRegion{}{name}", if white { "White" } else { "Black" })
}

/// The piece's `region = [...]` line, if it has a region of movement.
pub(super) fn piece_region(
    ctx: &Ctx,
    pieces: &[Piece],
    board: &str,
    p: &Piece,
    size: (u32, u32),
) -> Result<String, Refusal> {
    let (width, height) = size;
    let (wk, bk) = (region_key(&p.key, true), region_key(&p.key, false));
    let all: Squares = (0..width).flat_map(|f| (0..height).map(move |r| (f, r))).collect();
    let read = |key: &str| match ctx.get(key) {
        Some(v) if !v.is_empty() && v != "-" => bitboard(ctx, key, width, height),
        _ => Ok(all.clone()),
    };
    let (white, black) = (read(&wk)?, mirror(&read(&bk)?, height));
    let squares = if white == black || !appears(ctx, pieces, board, p.letter, false) {
        white
    } else if !appears(ctx, pieces, board, p.letter, true) {
        black
    } else {
        return Err(ctx.refuse(
            &bk,
            "Black's region of movement is not White's seen from Black's side: bigboard's regions are the same for both sides",
        ));
    };
    Ok(if squares.len() == all.len() {
        String::new()
    } else {
        format!("region = {}\n", region(&squares))
    })
}

/// The `[[goal]]` table of the flag keys, if any; `code_of` gives a
/// piece's code.
pub(super) fn goal(
    ctx: &Ctx,
    pieces: &[Piece],
    board: &str,
    size: (u32, u32),
    code_of: &dyn Fn(&str, char) -> Result<String, Refusal>,
) -> Result<String, Refusal> {
    let (width, height) = size;
    let has = |key: &str| ctx.get(key).is_some();
    let side = |key: &str| bitboard(ctx, if has(key) { key } else { "flagRegion" }, width, height);
    let (white, black) = (side("flagRegionWhite")?, mirror(&side("flagRegionBlack")?, height));
    if white.is_empty() && black.is_empty() {
        return Ok(String::new());
    }
    let piece = |key: &str| ctx.get(key).or(ctx.get("flagPiece")).unwrap_or("*").to_string();
    let (wp, bp) = (piece("flagPieceWhite"), piece("flagPieceBlack"));
    // A side's flag rule that can never apply: its region is empty, or its
    // flag piece is one the side never has.
    let idle = |p: &str, squares: &Squares, is_white: bool| {
        squares.is_empty()
            || p.chars()
                .next()
                .is_some_and(|c| c != '*' && !appears(ctx, pieces, board, c, is_white))
    };
    let (piece, squares) = if (white == black && wp == bp) || idle(&bp, &black, false) {
        (wp, white)
    } else if idle(&wp, &white, true) {
        (bp, black)
    } else if white != black {
        return Err(ctx.refuse(
            "flagRegionBlack",
            "Black's flag region is not White's seen from Black's side: bigboard's goals are the same for both sides",
        ));
    } else {
        return Err(ctx.refuse("flagPieceWhite", "different flag pieces per side: not converted"));
    };
    let mut t = String::from("[[goal]]\n");
    if piece != "*" {
        let c = code_of("flagPiece", piece.chars().next().unwrap_or('*'))?;
        t.push_str(&format!("pieces = [{}]\n", quote(&c)));
    }
    t.push_str(&format!("squares = {}\n\n", region(&squares)));
    Ok(t)
}

/// Whether the piece is a pawn for the move count (`nMoveRuleTypes`, by
/// default `pawnTypes` or the pawn), when that differs from what bigboard
/// reads from its promotion (`promotes`): `pawn = true` or `false`.
pub(super) fn move_count_pawn(
    ctx: &Ctx,
    pieces: &[Piece],
    board: &str,
    p: &Piece,
    pawn_types: Option<&[char]>,
    promotes: bool,
) -> Result<Option<bool>, Refusal> {
    let by_default = match pawn_types {
        Some(types) => types.contains(&p.letter),
        None => p.key == "pawn",
    };
    let listed = |key: &str| {
        ctx.get(key)
            .map(|v| v.chars().any(|c| c.to_ascii_lowercase() == p.letter))
    };
    let side = |name: &str| {
        listed(&format!("nMoveRuleTypes{name}"))
            .or(listed("nMoveRuleTypes"))
            .unwrap_or(by_default)
    };
    let (white, black) = (side("White"), side("Black"));
    let pawn = if white == black || !appears(ctx, pieces, board, p.letter, false) {
        white
    } else if !appears(ctx, pieces, board, p.letter, true) {
        black
    } else {
        return Err(ctx.refuse(
            "nMoveRuleTypesBlack",
            format!(
                "'{}' resets the move count for one side only, and both sides can have it: not converted",
                p.letter
            ),
        ));
    };
    Ok((pawn != promotes).then_some(pawn))
}
