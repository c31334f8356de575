//! The exporter's rule keys: the start (`startFen`), the pawn's double
//! step, promotion, castling and how a game ends, each read from the
//! compiled variant and written as Fairy-Stockfish's keys, or refused
//! with the rule and the reason (docs/importing.md, "Exporting to
//! Fairy-Stockfish").

use super::export::{ExportRefusal, Written, men, squares_where};
use crate::core::geometry::Square;
use crate::variant::{Variant, Verdict};

type Keys = Vec<(String, String)>;
type Refuse<'a> = &'a dyn Fn(&str, &str) -> ExportRefusal;

/// Squares as a Fairy-Stockfish bitboard: whole ranks as `*N`, other
/// squares by name; `-` for none.
pub(super) fn bitboard(v: &Variant, squares: &[Square]) -> String {
    let g = v.geometry;
    let mut parts = Vec::new();
    for r in 0..g.height as i32 {
        let on: Vec<Square> = squares.iter().copied().filter(|&s| g.rank(s) == r).collect();
        if on.len() == g.width as usize {
            parts.push(format!("*{}", r + 1));
        } else {
            parts.extend(on.iter().map(|&s| g.name(s).to_string()));
        }
    }
    if parts.is_empty() { "-".into() } else { parts.join(" ") }
}

/// Fairy-Stockfish's value for the side to move of a result bigboard
/// gives the player who brought it about.
fn value(v: Verdict) -> &'static str {
    match v {
        Verdict::Win => "loss",
        Verdict::Draw => "draw",
        Verdict::Loss => "win",
    }
}

/// Every key besides the board and the pieces.
pub(super) fn rules_keys(v: &Variant, pieces: &[Option<Written>], refuse: Refuse) -> Result<Keys, ExportRefusal> {
    let letter = |k: usize| pieces[k].as_ref().map_or('?', |w| w.letter);
    let letters = |ks: &mut dyn Iterator<Item = usize>| -> String { ks.map(letter).collect() };
    let pawn = pieces.iter().position(|w| w.as_ref().is_some_and(|w| w.key == "pawn"));
    let king = pieces.iter().position(|w| w.as_ref().is_some_and(|w| w.key == "king"));
    let mut keys: Keys = Vec::new();
    let mut put = |k: &str, val: String| keys.push((k.to_string(), val));

    // The start.
    let setup = crate::text::fen::read_setup(v, &v.setup).map_err(|e| refuse("setup", &e.to_string()))?;
    if let Some(k) = king {
        for side in 0..2 {
            let n = men(&setup.board).filter(|&(_, kind, c)| kind == k && c == side).count();
            if n != 1 {
                return Err(refuse(
                    "setup",
                    &format!("{n} royal men of one side: Fairy-Stockfish's king is one a side"),
                ));
            }
        }
    }
    let g = v.geometry;
    let mut board = Vec::new();
    for r in (0..g.height as i32).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for f in 0..g.width as i32 {
            let sq = g.square(f, r).unwrap_or(0);
            match men(&setup.board).find(|&(s, _, _)| s == sq) {
                None => empty += 1,
                Some((_, kind, color)) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let l = letter(kind);
                    text.push(if color == 0 { l.to_ascii_uppercase() } else { l });
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        board.push(text);
    }
    let castling = castling_keys(v, &setup, pieces, refuse)?;
    let ep = match setup.ep.squares().collect::<Vec<_>>().as_slice() {
        [] => "-".to_string(),
        [s] => g.name(*s).to_string(),
        _ => {
            return Err(refuse(
                "setup",
                "en passant on several squares: Fairy-Stockfish's position text has one",
            ));
        }
    };
    let checks = if v.win.checks > 0 {
        let left = |c: usize| v.win.checks.saturating_sub(u32::from(setup.checks[c]));
        format!(" {}+{}", left(0), left(1))
    } else {
        String::new()
    };
    put(
        "startFen",
        format!(
            "{} {} {} {ep}{checks} {} {}",
            board.join("/"),
            if setup.side == 0 { 'w' } else { 'b' },
            castling.0,
            setup.halfmove,
            setup.fullmove
        ),
    );
    for (k, val) in castling.1 {
        put(&k, val);
    }

    // The pawn's double step, on the squares where bigboard allows it.
    match pawn {
        Some(p) if v.pieces[p].movement.patterns.iter().any(|pt| pt.initial) => {
            put("doubleStep", "true".into());
            put("doubleStepRegionWhite", squares_where(v, |s| v.is_initial(p, 0, s)));
            put("doubleStepRegionBlack", squares_where(v, |s| v.is_initial(p, 1, s)));
        }
        _ => put("doubleStep", "false".into()),
    }

    // Promotion: one list of choices, one region a side.
    let n = g.len() as Square;
    let promoting: Vec<usize> = (0..v.pieces.len())
        .filter(|&k| (0..2).any(|c| (0..n).any(|s| v.promotion(k, c, s).is_some())))
        .collect();
    if let Some(&first) = promoting.first() {
        let what = "[[promotion]]";
        let region =
            |k: usize, c: usize| -> Vec<Square> { (0..n).filter(|&s| v.promotion(k, c, s).is_some()).collect() };
        let choice = v
            .promotion(first, 0, region(first, 0).first().copied().unwrap_or(0))
            .or_else(|| v.promotion(first, 1, region(first, 1).first().copied().unwrap_or(0)))
            .cloned()
            .ok_or_else(|| refuse(what, "no choice"))?;
        for &k in &promoting {
            for c in 0..2 {
                if region(k, c) != region(first, c) {
                    return Err(refuse(
                        what,
                        "pieces that promote on different squares: Fairy-Stockfish has one promotion region a side",
                    ));
                }
                if region(k, c).iter().any(|&s| v.promotion(k, c, s) != Some(&choice)) {
                    return Err(refuse(
                        what,
                        "choices, optional promotion or limits that differ by square or piece: Fairy-Stockfish has one list and one rule",
                    ));
                }
            }
        }
        if choice.zone {
            return Err(refuse(
                what,
                "a promotion zone (zone = true): Fairy-Stockfish promotes a pawn type by where its move ends",
            ));
        }
        if promoting.iter().any(|&k| v.pieces[k].royal) {
            return Err(refuse(
                what,
                "a royal piece that promotes: not written for Fairy-Stockfish",
            ));
        }
        if pawn.is_some_and(|p| !promoting.contains(&p)) {
            return Err(refuse(
                what,
                "a pawn with a double step that does not promote where other pieces do: Fairy-Stockfish's pawn never enters the promotion region without promoting",
            ));
        }
        if promoting != pawn.into_iter().collect::<Vec<_>>() {
            put("promotionPawnTypes", letters(&mut promoting.iter().copied()));
        }
        put("promotionPieceTypes", letters(&mut choice.choices.iter().copied()));
        put("promotionRegionWhite", bitboard(v, &region(first, 0)));
        put("promotionRegionBlack", bitboard(v, &region(first, 1)));
        put("mandatoryPawnPromotion", (!choice.optional).to_string());
        let mut limits = Vec::new();
        for (i, l) in choice.limits.iter().enumerate() {
            match *l {
                [u16::MAX, u16::MAX] => {}
                [0, _] | [_, 0] => {
                    return Err(refuse(
                        what,
                        "a promotion limit of 0: Fairy-Stockfish reads 0 as no limit",
                    ));
                }
                [w, b] if w == b => limits.push(format!("{}:{w}", letter(choice.choices[i]))),
                _ => {
                    return Err(refuse(
                        what,
                        "promotion limits that differ by side: Fairy-Stockfish's promotionLimit holds for both",
                    ));
                }
            }
        }
        if !limits.is_empty() {
            put("promotionLimit", limits.join(" "));
        }
    } else {
        put("promotionPawnTypes", "-".into());
    }

    // How the game ends.
    let w = &v.win;
    if w.bare_king {
        return Err(refuse(
            "[rules] bare_king",
            "the bare-king rule: not written for Fairy-Stockfish (its extinction keys differ)",
        ));
    }
    if w.royal_modes {
        return Err(refuse(
            "[rules] royals",
            "royal modes by the royals on the board: no such rule in Fairy-Stockfish",
        ));
    }
    put("checkmateValue", value(w.checkmate).into());
    put("stalemateValue", value(w.stalemate).into());
    put("nFoldRule", v.repetition.to_string());
    put("nFoldValue", value(w.repetition).into());
    put("nMoveRule", v.move_rule.to_string());
    let pawns: Vec<usize> = (0..v.pieces.len()).filter(|&k| v.pawn[k]).collect();
    if pawns != pawn.into_iter().collect::<Vec<_>>() {
        let set = letters(&mut pawns.iter().copied());
        put("nMoveRuleTypes", if set.is_empty() { "-".into() } else { set });
    }
    if w.checks > 0 {
        put("checkCounting", "true".into());
    }
    if w.flying_royals {
        put("flyingGeneral", "true".into());
    }
    if w.royal_far_rank && !w.goals.is_empty() {
        return Err(refuse(
            "[[goal]]",
            "goals besides a royal's far rank: Fairy-Stockfish has one flag rule",
        ));
    }
    if w.royal_far_rank {
        let Some(k) = king else {
            return Err(refuse("[rules] royal_far_rank", "no royal piece"));
        };
        put("flagPiece", letter(k).to_string());
        put("flagRegionWhite", format!("*{}", g.height));
        put("flagRegionBlack", "*1".into());
    }
    match w.goals.as_slice() {
        [] => {}
        [goal] => {
            if goal.hold {
                return Err(refuse(
                    "[[goal]] hold",
                    "a goal that must be held through the reply: Fairy-Stockfish's flagMove differs",
                ));
            }
            let kinds: Vec<usize> = (0..v.pieces.len()).filter(|&k| goal.kinds[k]).collect();
            if kinds.len() == 1 {
                put("flagPiece", letter(kinds[0]).to_string());
            } else if kinds.len() != v.pieces.len() {
                return Err(refuse(
                    "[[goal]] pieces",
                    "a goal for some kinds: Fairy-Stockfish's flag piece is one kind or any",
                ));
            }
            put("flagRegionWhite", squares_where(v, |s| goal.region.contains(0, s)));
            put("flagRegionBlack", squares_where(v, |s| goal.region.contains(1, s)));
        }
        _ => {
            return Err(refuse(
                "[[goal]]",
                "more than one goal table: Fairy-Stockfish has one flag rule",
            ));
        }
    }
    Ok(keys)
}

/// The castling field of the start and the castling keys.
fn castling_keys(
    v: &Variant,
    setup: &crate::rules::setup::Setup,
    pieces: &[Option<Written>],
    refuse: Refuse,
) -> Result<(String, Keys), ExportRefusal> {
    let g = v.geometry;
    let what = "[[castling]]";
    if v.castling.is_empty() {
        return Ok(("-".into(), vec![("castling".into(), "false".into())]));
    }
    let first = v.castling[0];
    let rank = g.rank(first.king);
    let king_kind = men(&setup.board)
        .find(|&(s, _, c)| s == first.king && c == 0)
        .map(|(_, k, _)| k);
    if !king_kind.is_some_and(|k| v.pieces[k].royal) {
        return Err(refuse(
            what,
            "castling of a man that is not the royal piece on its square: Fairy-Stockfish castles its king",
        ));
    }
    let rook_kinds: Vec<usize> = v
        .castling
        .iter()
        .filter_map(|r| {
            men(&setup.board)
                .find(|&(s, _, c)| s == r.rook && c == 0)
                .map(|(_, k, _)| k)
        })
        .collect();
    if rook_kinds.len() != v.castling.len() {
        return Err(refuse(what, "a castling rook not in the setup"));
    }
    let is_rook = |k: usize| rook_kinds.contains(&k);
    let (mut king_file, mut queen_file) = (None, None);
    let mut field = String::new();
    let mut letters = Vec::new();
    for (i, r) in v.castling.iter().enumerate() {
        let (kf, rf, to) = (g.file(r.king), g.file(r.rook), g.file(r.king_to));
        let same_rank = [r.king_to, r.rook, r.rook_to].iter().all(|&s| g.rank(s) == rank);
        if r.king != first.king || !same_rank {
            return Err(refuse(
                what,
                "castling from more than one king square or across ranks: Fairy-Stockfish castles one king along one rank",
            ));
        }
        let kingside = rf > kf;
        let rook_to = if kingside { to - 1 } else { to + 1 };
        if g.file(r.rook_to) != rook_to {
            return Err(refuse(
                what,
                "the rook not landing beside the king on its inner side: Fairy-Stockfish puts it there",
            ));
        }
        let slot = if kingside { &mut king_file } else { &mut queen_file };
        if slot.replace(to).is_some() {
            return Err(refuse(
                what,
                "more than one castling move to one side: Fairy-Stockfish has one a side",
            ));
        }
        // Fairy-Stockfish takes the outermost castling rook of each side
        // that has the right.
        for c in (0..2).filter(|c| setup.castling & (1 << (2 * i + c)) != 0) {
            let on_rank: Vec<i32> = men(&setup.board)
                .filter(|&(s, k, cc)| {
                    cc == c && is_rook(k) && g.rank(s) == if c == 0 { rank } else { g.height as i32 - 1 - rank }
                })
                .map(|(s, _, _)| g.file(s))
                .collect();
            let outer = if kingside {
                on_rank.iter().max()
            } else {
                on_rank.iter().min()
            };
            if outer != Some(&rf) {
                return Err(refuse(
                    what,
                    "a castling rook that is not the outermost on its side: Fairy-Stockfish castles with that one",
                ));
            }
        }
        for c in 0..2 {
            if setup.castling & (1 << (2 * i + c)) != 0 {
                let l = if kingside { 'K' } else { 'Q' };
                letters.push(if c == 0 { l } else { l.to_ascii_lowercase() });
            }
        }
    }
    for l in ['K', 'Q', 'k', 'q'] {
        if letters.contains(&l) {
            field.push(l);
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    let file = |f: i32| char::from(b'a' + f as u8).to_string();
    let mut keys: Keys = vec![("castling".into(), "true".into())];
    if let Some(f) = king_file {
        keys.push(("castlingKingsideFile".into(), file(f)));
    }
    if let Some(f) = queen_file {
        keys.push(("castlingQueensideFile".into(), file(f)));
    }
    if rank != 0 {
        keys.push(("castlingRank".into(), (rank + 1).to_string()));
    }
    let mut rooks: Vec<usize> = rook_kinds;
    rooks.sort_unstable();
    rooks.dedup();
    let set: String = rooks
        .iter()
        .map(|&k| pieces[k].as_ref().map_or('?', |w| w.letter))
        .collect();
    keys.push(("castlingRookPieces".into(), set));
    Ok((field, keys))
}
