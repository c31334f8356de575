//! The named fields of position text (`checks=`, `swap=`, `home=`,
//! `reserve=`, `credits=`, `pending=`) and Fairy-Stockfish's field of
//! checks remaining: read into a [`Setup`] and written from one. Each
//! family's state is a field of the `Setup` (`crate::rules::setup`); its
//! text is here, above the rules (docs/architecture.md).

use super::fen_error::{ParseFenError, err};
use crate::core::echo::echo;
use crate::core::geometry::{Geometry, Square};
use crate::core::piece::{Cell, Color, EMPTY, Kind, cell_color};
use crate::rules::reserve::reserves::{MAX_LIST, NO_PENDING, PAWNS, PIECES, Pending, ReserveLists};
use crate::rules::setup::Setup;
use crate::variant::Variant;
use crate::variant::board_text::{board_text, parse_board, push_code};
use std::fmt::Write;

/// The `home=` field: the game's home squares as a board, written as its
/// top two and bottom two ranks (`home=r7/r6/R2/R1`, the ranks a setup
/// fills) when no man stands between them, else as every rank.
pub(crate) fn home_text(v: &Variant, home: &[Cell]) -> String {
    let g = v.geometry;
    let full = board_text(v, home);
    let h = g.height as i32;
    let between_empty = (2..h - 2).all(|rank| {
        (0..g.width as i32).all(|file| home[g.square(file, rank).expect("on the board") as usize] == EMPTY)
    });
    if h > 4 && between_empty {
        let ranks: Vec<&str> = full.split('/').collect();
        let n = ranks.len();
        [ranks[0], ranks[1], ranks[n - 2], ranks[n - 1]].join("/")
    } else {
        full
    }
}

/// Reads the `home=` field ([`home_text`]): four ranks (the top two and
/// the bottom two, the others empty) or every rank.
pub(crate) fn parse_home(variant: &Variant, text: &str) -> Result<Vec<Cell>, ParseFenError> {
    let g = variant.geometry;
    let ranks: Vec<&str> = text.split('/').collect();
    let full = if ranks.len() == 4 && g.height > 4 {
        let middle = vec![g.width.to_string(); g.height as usize - 4];
        [
            &ranks[..2],
            &middle.iter().map(String::as_str).collect::<Vec<_>>()[..],
            &ranks[2..],
        ]
        .concat()
        .join("/")
    } else if ranks.len() == g.height as usize {
        text.to_string()
    } else {
        return Err(err(
            "home",
            format!(
                "'{}': {} ranks, expected 4 (the top two and the bottom two) or {}",
                echo(text),
                ranks.len(),
                g.height
            ),
        ));
    };
    parse_board(variant, &full).map_err(|message| err("home", message))
}

/// Reads `swap=SQ,SQ`: the two squares of the last move's swap between men
/// of opposite sides, which may not swap back now.
pub(crate) fn parse_swap_ban(g: Geometry, text: &str) -> Result<(Square, Square), ParseFenError> {
    let bad = || err("swap", format!("'{}', expected two squares such as d4,d7", echo(text)));
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let (a, b) = (g.parse_square(a).ok_or_else(bad)?, g.parse_square(b).ok_or_else(bad)?);
    if a == b {
        return Err(bad());
    }
    Ok((a.min(b), a.max(b)))
}

/// Reads the value of `checks=W,B`: the checks each side has given, at
/// most the variant's number (which ends the game).
pub(crate) fn parse_checks_field(variant: &Variant, text: &str) -> Result<[u16; 2], ParseFenError> {
    let n = variant.win.checks;
    let bad = || ParseFenError {
        field: "checks",
        message: if n == 0 {
            "this variant does not count checks (no checks = N in its rules)".to_string()
        } else {
            format!(
                "'{}', expected the checks White and Black have given, each 0..{n}, such as 1,0",
                echo(text)
            )
        },
    };
    if n == 0 {
        return Err(bad());
    }
    let (w, b) = text.split_once(',').ok_or_else(bad)?;
    let count = |t: &str| {
        t.parse::<u32>()
            .ok()
            .filter(|&c| c <= n && t.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(bad)
    };
    Ok([count(w)? as u16, count(b)? as u16])
}

/// Fairy-Stockfish's field of checks remaining (`3+3`: White's, then
/// Black's), as checks given under the variant's number; `None` when
/// `text` is not such a field or the variant does not count checks.
pub(crate) fn parse_fsf_remaining(variant: &Variant, text: &str) -> Option<Result<[u16; 2], ParseFenError>> {
    let n = variant.win.checks;
    let (w, b) = text.split_once('+')?;
    if n == 0 || w.is_empty() || !w.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let given = |t: &str| {
        t.parse::<u32>()
            .ok()
            .filter(|&r| r <= n && t.bytes().all(|c| c.is_ascii_digit()))
            .map(|r| (n - r) as u16)
    };
    Some(match (given(w), given(b)) {
        (Some(w), Some(b)) => Ok([w, b]),
        _ => Err(ParseFenError {
            field: "checks",
            message: format!(
                "'{}', expected the checks White and Black have left to give, each 0..{n}, such as 3+3",
                echo(text)
            ),
        }),
    })
}

/// The named field for the position text, when a check has been given.
pub(crate) fn checks_field(setup: &Setup) -> Option<String> {
    let c = setup.checks;
    (c != [0, 0]).then(|| format!(" checks={},{}", c[0], c[1]))
}

/// The named fields of the reserves, each when not empty: `reserve=`,
/// `credits=` and `pending=` (absent, they read as empty).
pub(crate) fn reserve_fields(v: &Variant, setup: &Setup, s: &mut String) {
    if v.reserve.is_none() {
        return;
    }
    let none = ReserveLists::default();
    let lists = setup.reserves.as_ref().unwrap_or(&none);
    let list = |color: Color, class: usize| {
        let kinds = &lists.kinds[color][class];
        if kinds.is_empty() {
            return "-".to_string();
        }
        let mut t = String::new();
        for &k in kinds {
            push_code(v, k, color, &mut t);
        }
        t
    };
    if (0..4).any(|i| !lists.kinds[i / 2][i % 2].is_empty()) {
        let _ = write!(
            s,
            " reserve={}/{},{}/{}",
            list(0, PIECES),
            list(0, PAWNS),
            list(1, PIECES),
            list(1, PAWNS)
        );
    }
    let c = setup.credits;
    if c != [[0; 2]; 2] {
        let _ = write!(s, " credits={},{}/{},{}", c[0][0], c[0][1], c[1][0], c[1][1]);
    }
    let p = setup.pending;
    if p.sq != NO_PENDING {
        let _ = write!(
            s,
            " pending={}:{},{}",
            v.geometry.name(p.sq),
            p.victims[0],
            p.victims[1]
        );
    }
}

/// Reads one of the named fields [`reserve_fields`] writes into `setup`;
/// `Ok(false)` when `key` is none of them (or the variant has no
/// reserves). The board and the side to move must be set already.
pub(crate) fn read_reserve_field(
    v: &Variant,
    setup: &mut Setup,
    key: &str,
    value: &str,
) -> Result<bool, ParseFenError> {
    if v.reserve.is_none() {
        return Ok(false);
    }
    match key {
        "reserve" => setup.reserves = Some(parse_lists(v, value)?),
        "credits" => setup.credits = parse_credits(value)?,
        "pending" => setup.pending = parse_pending(v, setup, value)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Reads `pending=SQ:PIECES,PAWNS`: the man on SQ, of the side that
/// just moved, took that many men of each class on the last turn; `-`
/// for no open exchange (as the field's absence).
fn parse_pending(v: &Variant, setup: &Setup, value: &str) -> Result<Pending, ParseFenError> {
    if value == "-" {
        return Ok(Pending {
            sq: NO_PENDING,
            victims: [0, 0],
        });
    }
    let bad = || {
        err(
            "pending",
            format!(
                "'{}', expected the square of the man that took on the last turn and the pieces and pawns it took (e5:1,0)",
                echo(value)
            ),
        )
    };
    let (sq, counts) = value.split_once(':').ok_or_else(bad)?;
    let sq = v.geometry.parse_square(sq).ok_or_else(bad)?;
    let (a, b) = counts.split_once(',').ok_or_else(bad)?;
    let victims = [count(a).ok_or_else(bad)?, count(b).ok_or_else(bad)?];
    let c = setup.board[sq as usize];
    if c == EMPTY || cell_color(c) == setup.side {
        return Err(err(
            "pending",
            format!("{} must hold a man of the side that just moved", v.geometry.name(sq)),
        ));
    }
    Ok(Pending { sq, victims })
}

/// Reads `reserve=PIECES/PAWNS,PIECES/PAWNS` (White's then Blue's, codes
/// in drop order, `{XX}` for longer codes, `-` for an empty list).
fn parse_lists(variant: &Variant, value: &str) -> Result<ReserveLists, ParseFenError> {
    let bad = |why: String| err("reserve", why);
    let sides: Vec<&str> = value.split(',').collect();
    if sides.len() != 2 {
        return Err(bad(format!(
            "'{}', expected White's and Blue's lists: PIECES/PAWNS,PIECES/PAWNS",
            echo(value)
        )));
    }
    let mut lists = ReserveLists::default();
    for (color, side) in sides.iter().enumerate() {
        let parts: Vec<&str> = side.split('/').collect();
        if parts.len() != 2 {
            return Err(bad(format!("'{}', expected PIECES/PAWNS", echo(side))));
        }
        for (class, text) in parts.iter().enumerate() {
            let kinds = parse_codes(variant, text).map_err(bad)?;
            for &k in &kinds {
                if variant.pawn[k] != (class == PAWNS) {
                    let want = if class == PAWNS { "pawns" } else { "pieces" };
                    return Err(bad(format!("{} is not one of the {want}", variant.pieces[k].name)));
                }
            }
            if kinds.len() > MAX_LIST {
                return Err(bad(format!("more than {MAX_LIST} men in one list")));
            }
            // Marks, not a sort: one sort instance less in the wasm module.
            let mut seen = vec![false; variant.pieces.len()];
            if kinds
                .iter()
                .any(|&k| seen.get_mut(k).is_some_and(|s| std::mem::replace(s, true)))
            {
                return Err(bad(format!("'{}' names a kind twice", echo(text))));
            }
            lists.kinds[color][class] = kinds;
        }
    }
    Ok(lists)
}

/// Reads a run of piece codes (`-` for none).
fn parse_codes(variant: &Variant, text: &str) -> Result<Vec<Kind>, String> {
    if text == "-" {
        return Ok(Vec::new());
    }
    if text.is_empty() {
        return Err("an empty list is written '-' (PIECES/PAWNS: -/-)".into());
    }
    let mut kinds = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let (code, len) = if let Some(inner) = rest.strip_prefix('{') {
            let end = inner
                .find('}')
                .ok_or_else(|| format!("'{}': '{{' without '}}'", echo(text)))?;
            (&inner[..end], end + 2)
        } else {
            let c = rest.chars().next().expect("not empty");
            (&rest[..c.len_utf8()], c.len_utf8())
        };
        let kind = variant
            .pieces
            .iter()
            .position(|p| p.code.eq_ignore_ascii_case(code))
            .ok_or_else(|| format!("unknown piece code '{}'", echo(code)))?;
        kinds.push(kind);
        rest = &rest[len..];
    }
    Ok(kinds)
}

/// Reads `credits=P,p/P,p` (White's pieces and pawns, then Blue's).
fn parse_credits(value: &str) -> Result<[[u8; 2]; 2], ParseFenError> {
    let bad = || {
        err(
            "credits",
            format!(
                "'{}', expected White's and Blue's piece and pawn credits (1,0/0,0)",
                echo(value)
            ),
        )
    };
    let sides: Vec<&str> = value.split('/').collect();
    if sides.len() != 2 {
        return Err(bad());
    }
    let mut out = [[0u8; 2]; 2];
    for (color, side) in sides.iter().enumerate() {
        let (a, b) = side.split_once(',').ok_or_else(bad)?;
        out[color] = [count(a).ok_or_else(bad)?, count(b).ok_or_else(bad)?];
    }
    Ok(out)
}

/// A count as the fields write it: decimal digits only (the number parser
/// would also take `+1`).
fn count(text: &str) -> Option<u8> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}
