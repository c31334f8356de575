//! Initial moves as Fairy-Stockfish gives them: the pawn's double step,
//! the `i` moves of custom pieces, en passant and `pawnTypes`, read into
//! bigboard's `initial_rank`/`initial_squares`, `pawn` and `en_passant`
//! (src/variant/DEFINITIONS.md, "Initial moves" and "En passant").
//!
//! Fairy-Stockfish allows a piece's initial moves (the pawn's double step,
//! a custom piece's `i` moves) on the squares of its side's double-step
//! region (`doubleStepRegionWhite/Black`, ranks 2 and 7 by default; none
//! with `doubleStep = false`), whatever the setup. Such a move crossing
//! squares opens them to en passant; a piece of `pawnTypes` (by default
//! the pawn and every custom piece with `e` in its Betza) takes there with
//! its capture-only moves, where bigboard takes with its moves marked `e`.

use super::convert::{Ctx, Piece, Refusal, quote};
use super::pieces::custom_slot;
use super::squares::{Squares, bitboard, mirror, rank_squares, region};

/// What the initial moves add to a section's definition.
pub(super) struct Steps {
    /// `[rules] en_passant`.
    pub en_passant: bool,
    /// For each piece (by key): its movement (`moves = "..."`, or
    /// `moves_by_rank = [...]` for a pawn with triple steps) and the lines
    /// added to its `[[piece]]` table.
    pub pieces: Vec<(String, String, String)>,
    /// The letters of `pawnTypes`, when the section gives it.
    pub pawn_types: Option<Vec<char>>,
}

/// The initial moves of `pieces`, with the start's board field `board`.
pub(super) fn steps(ctx: &Ctx, pieces: &[Piece], board: &str, width: u32, height: u32) -> Result<Steps, Refusal> {
    let pawn_types: Option<Vec<char>> = match ctx.get("pawnTypes") {
        None => None,
        Some(v) => {
            let mut out = Vec::new();
            for c in v.chars().filter(|c| !c.is_whitespace() && *c != '-') {
                let c = c.to_ascii_lowercase();
                if !pieces.iter().any(|p| p.letter == c) {
                    return Err(ctx.refuse("pawnTypes", format!("'{c}' is not a piece of the variant")));
                }
                out.push(c);
            }
            Some(out)
        }
    };
    let pawn = pieces.iter().find(|p| p.key == "pawn");
    let initial: Vec<&Piece> = pieces
        .iter()
        .filter(|p| custom_slot(&p.key).is_some() && p.moves.contains('i'))
        .collect();
    // A man that makes initial moves matters only where one can stand on
    // the board, in the start or by promotion.
    let may_appear = |letter: char| {
        board.chars().any(|c| c.eq_ignore_ascii_case(&letter))
            || [
                "promotionPieceTypes",
                "promotionPieceTypesWhite",
                "promotionPieceTypesBlack",
            ]
            .iter()
            .any(|k| {
                ctx.get(k)
                    .is_some_and(|v| v.chars().any(|c| c.eq_ignore_ascii_case(&letter)))
            })
    };
    let movers = pawn
        .iter()
        .copied()
        .chain(initial.iter().copied())
        .any(|p| may_appear(p.letter));
    // The double-step region, White's (Black's is the same seen from its
    // side), where initial moves are allowed.
    let mut white: Squares = Vec::new();
    if movers && ctx.bool("doubleStep", true)? {
        // Fairy-Stockfish's defaults are ranks 2 and 7, whatever the board.
        let side = |key: &str, default: u32| match ctx.get(key) {
            Some(_) => bitboard(ctx, key, width, height),
            None => Ok(if default < height {
                rank_squares(default, width)
            } else {
                Vec::new()
            }),
        };
        white = side("doubleStepRegionWhite", 1)?;
        let black = side("doubleStepRegionBlack", 6)?;
        if mirror(&black, height) != white {
            return Err(ctx.refuse(
                "doubleStepRegionBlack",
                format!(
                    "Black's double-step region is not White's seen from Black's side (the board has {height} ranks): bigboard's initial moves are on the same squares for both sides"
                ),
            ));
        }
    }
    // `initial_rank` for whole ranks, `initial_squares` for the rest, an
    // empty `initial_squares` where initial moves are never allowed.
    let ranks: Vec<u32> = (0..height)
        .filter(|&r| rank_squares(r, width).iter().all(|s| white.contains(s)))
        .collect();
    let rest: Squares = white.iter().copied().filter(|s| !ranks.contains(&s.1)).collect();
    let mut where_lines = String::new();
    match ranks.as_slice() {
        [] => {}
        [r] => where_lines.push_str(&format!("initial_rank = {}\n", r + 1)),
        rs => {
            let list: Vec<String> = rs.iter().map(|r| (r + 1).to_string()).collect();
            where_lines.push_str(&format!("initial_rank = [{}]\n", list.join(", ")));
        }
    }
    if !rest.is_empty() || ranks.is_empty() {
        where_lines.push_str(&format!("initial_squares = {}\n", region(&rest)));
    }

    // Triple steps (Wildebeest): the pawn's alone, from whole ranks where
    // it also steps twice, by its movement on those ranks.
    let mut triple: Vec<u32> = Vec::new();
    if pawn.is_some_and(|p| may_appear(p.letter)) {
        let side = |key: &str| bitboard(ctx, key, width, height);
        let (w, b) = (side("tripleStepRegionWhite")?, side("tripleStepRegionBlack")?);
        if mirror(&b, height) != w {
            return Err(ctx.refuse(
                "tripleStepRegionBlack",
                "Black's triple-step region is not White's seen from Black's side: not converted",
            ));
        }
        for &(f, r) in &w {
            if !ranks.contains(&r) || !rank_squares(r, width).iter().all(|s| w.contains(s)) {
                return Err(ctx.refuse(
                    "tripleStepRegionWhite",
                    format!(
                        "'{}': a triple-step region other than whole ranks where the pawn also steps twice: not converted",
                        ctx.get("tripleStepRegionWhite").unwrap_or_default()
                    ),
                ));
            }
            if f == 0 {
                triple.push(r);
            }
        }
    }
    let creators = !white.is_empty();
    let takes_en_passant = |p: &Piece| match &pawn_types {
        Some(types) => types.contains(&p.letter),
        None => p.key == "pawn" || (custom_slot(&p.key).is_some() && p.moves.contains('e')),
    };
    let mut out = Vec::new();
    for p in pieces {
        let mut moves = p.moves.clone();
        let mut lines = String::new();
        let mut movement = None;
        if p.key == "pawn" {
            if !takes_en_passant(p) {
                // Outside `pawnTypes`, Fairy-Stockfish's pawn does not
                // take en passant.
                moves = moves.replace("fce", "fc");
            }
            if !white.is_empty() {
                lines.push_str(&where_lines);
                if triple.is_empty() {
                    moves.push_str("ifmR2");
                } else {
                    let by_rank: Vec<String> = (0..height)
                        .map(|r| quote(&format!("{moves}ifmR{}", if triple.contains(&r) { 3 } else { 2 })))
                        .collect();
                    movement = Some(format!("moves_by_rank = [{}]\n", by_rank.join(", ")));
                }
            }
        } else if initial.iter().any(|q| q.key == p.key) {
            lines.push_str(&where_lines);
        }
        let movement = movement.unwrap_or_else(|| format!("moves = {}\n", quote(&moves)));
        if creators {
            en_passant_moves(ctx, p, takes_en_passant(p))?;
        }
        out.push((p.key.clone(), movement, lines));
    }
    Ok(Steps {
        en_passant: creators,
        pieces: out,
        pawn_types,
    })
}

/// Refuses a piece whose en-passant captures bigboard would read other
/// than Fairy-Stockfish: a piece that takes en passant does so with its
/// capture-only moves there, which bigboard marks `e`; one that does not
/// has no `e`.
fn en_passant_moves(ctx: &Ctx, p: &Piece, takes: bool) -> Result<(), Refusal> {
    if p.key == "pawn" {
        return Ok(());
    }
    let custom = custom_slot(&p.key).is_some();
    if !custom {
        if takes {
            return Err(ctx.refuse(
                "pawnTypes",
                format!(
                    "'{}': en passant by a predefined piece other than the pawn: not converted",
                    p.letter
                ),
            ));
        }
        return Ok(());
    }
    for atom in atoms(&p.moves) {
        let mods: String = atom.chars().take_while(|c| c.is_ascii_lowercase()).collect();
        let capture_only = mods.contains('c') && !mods.contains('m');
        let ep = mods.contains('e');
        let fine = if takes { capture_only == ep } else { !ep };
        if !fine {
            let why = if takes {
                "a piece that takes en passant does so with every capture-only move, and only with those"
            } else {
                "'e' in a piece that does not take en passant (it is not among pawnTypes)"
            };
            return Err(ctx.refuse(&p.key, format!("'{}': '{atom}': {why}: not converted", p.moves)));
        }
    }
    Ok(())
}

/// A Betza string's atoms, each its modifiers and letters (`mWfceFifmnD`:
/// `mW`, `fceF`, `ifmnD`).
fn atoms(betza: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut letters = false;
    for c in betza.chars() {
        if c.is_ascii_lowercase() && letters {
            out.push(std::mem::take(&mut current));
            letters = false;
        }
        if c.is_ascii_uppercase() {
            letters = true;
        }
        current.push(c);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::atoms;

    #[test]
    fn betza_splits_into_atoms() {
        assert_eq!(atoms("mWfceFifmnD"), ["mW", "fceF", "ifmnD"]);
        assert_eq!(atoms("KifmnD"), ["K", "ifmnD"]);
        assert_eq!(atoms("NN"), ["NN"]);
        assert_eq!(atoms("mQ3cN"), ["mQ3", "cN"]);
    }
}
