//! A Diagram block converted to a definition: the settings and pieces read
//! (`block.rs`), checked and written as TOML text in the format of
//! src/variant/DEFINITIONS.md.

use super::block::{self, Block, PieceLine, Setting};
use super::error::DiagramError;
use super::keys;
use super::pieces;
use super::squares::{self, Square};
use std::fmt::Write;

/// How Black's setup follows White's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Symmetry {
    /// Black's men on the same files, ranks counted from the top.
    Mirror,
    /// Black's men on the squares turned half round the centre.
    Rotate,
}

/// The settings bigboard reads, with the Diagram's defaults.
struct Settings {
    width: usize,
    height: usize,
    promo_zone: usize,
    promo_choice: Option<(usize, String)>,
    max_promote: usize,
    symmetry: Symmetry,
    royal: Option<(usize, usize)>,
}

/// The largest board the Diagram's square names reach: one letter a file.
const MAX_FILES: usize = 26;
/// bigboard's largest board (src/variant/DEFINITIONS.md, `width`, `height`).
const MAX_RANKS: usize = 64;

fn number(s: &Setting, lo: usize, hi: usize) -> Result<usize, DiagramError> {
    match s.value.parse::<usize>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(DiagramError::new(
            s.line,
            &s.key,
            format!("'{}' is not a number from {lo} to {hi}", s.value),
        )),
    }
}

fn settings(block: &Block) -> Result<Settings, DiagramError> {
    let mut st = Settings {
        width: 8,
        height: 8,
        promo_zone: 1,
        promo_choice: None,
        max_promote: 1,
        symmetry: Symmetry::Mirror,
        royal: None,
    };
    let mut zone_line = 0;
    for s in &block.settings {
        match keys::sort(&s.key) {
            Err(why) => return Err(DiagramError::new(s.line, &s.key, why)),
            Ok(false) => continue,
            Ok(true) => {}
        }
        match s.key.as_str() {
            "files" => {
                st.width = s.value.parse().unwrap_or(0);
                if st.width == 0 || st.width > MAX_FILES {
                    return Err(DiagramError::new(
                        s.line,
                        "files",
                        format!(
                            "'{}': the board must have 1 to {MAX_FILES} files (one letter a file in square names)",
                            s.value
                        ),
                    ));
                }
            }
            "ranks" => st.height = number(s, 1, MAX_RANKS)?,
            "holdings" => {
                if number(s, 0, MAX_FILES)? != 0 {
                    return Err(DiagramError::new(
                        s.line,
                        "holdings",
                        "pieces in hand (drops) are not converted",
                    ));
                }
            }
            "promoZone" => {
                st.promo_zone = number(s, 0, MAX_RANKS)?;
                zone_line = s.line;
            }
            "maxPromote" => st.max_promote = number(s, 0, 1000)?,
            "promoChoice" => st.promo_choice = Some((s.line, s.value.clone())),
            "royal" => st.royal = Some((s.line, number(s, 1, 1000)?)),
            "symmetry" => {
                st.symmetry = match s.value.as_str() {
                    "mirror" => Symmetry::Mirror,
                    "rotate" => Symmetry::Rotate,
                    other => {
                        return Err(DiagramError::new(
                            s.line,
                            "symmetry",
                            format!("'{other}': only mirror and rotate are converted (Black's setup follows White's)"),
                        ));
                    }
                }
            }
            _ => unreachable!("keys::READ lists the keys matched here"),
        }
    }
    if st.promo_zone > st.height {
        return Err(DiagramError::new(
            zone_line,
            "promoZone",
            format!("{} ranks on a board of {}", st.promo_zone, st.height),
        ));
    }
    Ok(st)
}

/// A TOML basic string.
fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One piece, ready to write.
struct Piece<'a> {
    line: &'a PieceLine,
    code: String,
    moves: String,
    castle: Option<usize>,
    squares: Vec<Square>,
}

/// Converts a Diagram block to a definition with the given `id`: the TOML
/// text, or the first problem with its line and key.
pub fn convert(text: &str, id: &str) -> Result<String, DiagramError> {
    let block = block::read(text)?;
    let st = settings(&block)?;
    if block.pieces.is_empty() {
        return Err(DiagramError::new(0, "pieces", "the block has no piece line"));
    }
    let (w, h) = (st.width, st.height);
    let mut list: Vec<Piece> = Vec::new();
    let mut board: Vec<Option<(usize, bool)>> = vec![None; w * h];
    for (k, p) in block.pieces.iter().enumerate() {
        let key = |f: &str| format!("piece '{}' {f}", p.name);
        let code = pieces::code(&p.name, &p.id).map_err(|m| DiagramError::new(p.line, key("ID"), m))?;
        if let Some(other) = list.iter().find(|q| q.code == code) {
            return Err(DiagramError::new(
                p.line,
                key("ID"),
                format!(
                    "'{code}' is also the ID of '{}' (line {})",
                    other.line.name, other.line.line
                ),
            ));
        }
        let moves = pieces::movement(&p.name, &p.betza).ok_or_else(|| {
            DiagramError::new(
                p.line,
                key("XBetza"),
                "empty, and bigboard knows no standard moves for this name",
            )
        })?;
        let (moves, castle) = pieces::castling(&moves).map_err(|m| DiagramError::new(p.line, key("XBetza"), m))?;
        let squares = squares::read(&p.squares, w, h, p.line, &p.name)?;
        for &(f, r) in &squares {
            let black = match st.symmetry {
                Symmetry::Mirror => (f, h - 1 - r),
                Symmetry::Rotate => (w - 1 - f, h - 1 - r),
            };
            for (sq, is_black) in [((f, r), false), (black, true)] {
                let cell = &mut board[sq.1 * w + sq.0];
                if let Some((other, _)) = cell {
                    return Err(DiagramError::new(
                        p.line,
                        key("squares"),
                        format!(
                            "{} ({}'s) is already taken by '{}'",
                            squares::name(sq),
                            if is_black { "Black" } else { "White" },
                            block.pieces[*other].name
                        ),
                    ));
                }
                *cell = Some((k, is_black));
            }
        }
        list.push(Piece {
            line: p,
            code,
            moves,
            castle,
            squares,
        });
    }
    let royal = match st.royal {
        Some((line, n)) if n > list.len() => {
            return Err(DiagramError::new(line, "royal", format!("piece {n} of {}", list.len())));
        }
        Some((_, n)) => Some(n - 1),
        None => None,
    };
    let is_royal = |k: usize| royal.map_or(list[k].line.name.eq_ignore_ascii_case("king"), |r| r == k);

    let mut out = String::new();
    let _ = writeln!(out, "id = {}", quoted(id));
    let _ = writeln!(out, "name = {}", quoted("Imported Interactive Diagram"));
    let _ = writeln!(out, "sources = [\"An Interactive Diagram's settings block\"]");
    let _ = writeln!(out, "width = {w}");
    let _ = writeln!(out, "height = {h}");

    let mut castling = String::new();
    let mut rights = String::new();
    for (k, p) in list.iter().enumerate() {
        let Some(n) = p.castle else { continue };
        let where_ = || DiagramError::new(p.line.line, format!("piece '{}' XBetza", p.line.name), "");
        if st.symmetry != Symmetry::Mirror || p.squares.len() != 1 || !is_royal(k) {
            let mut e = where_();
            e.message = "castling is converted for one royal piece with symmetry=mirror".into();
            return Err(e);
        }
        let (kf, kr) = p.squares[0];
        for (corner, to, letter) in [(w - 1, kf + n, 'K'), (0, kf.wrapping_sub(n), 'Q')] {
            let between = if corner > kf {
                to < corner
            } else {
                to > corner && to < kf
            };
            if board[kr * w + corner].is_none() || !between {
                continue;
            }
            let rook_to = if corner > kf { to - 1 } else { to + 1 };
            let _ = write!(
                castling,
                "\n[[castling]]\nking = \"{}\"\nking_to = \"{}\"\nrook = \"{}\"\nrook_to = \"{}\"\n",
                squares::name((kf, kr)),
                squares::name((to, kr)),
                squares::name((corner, kr)),
                squares::name((rook_to, kr))
            );
            rights.push(letter);
        }
    }
    let black_rights = rights.to_ascii_lowercase();
    let rights = if rights.is_empty() {
        "-".to_string()
    } else {
        rights + &black_rights
    };
    let _ = writeln!(out, "setup = \"{} w {rights} - 0 1\"", board_field(&board, &list, w, h));
    let en_passant = list.iter().any(|p| p.moves.contains('e'));
    let _ = writeln!(out, "\n[rules]\nen_passant = {en_passant}");

    for (k, p) in list.iter().enumerate() {
        let _ = write!(
            out,
            "\n[[piece]]\nname = {}\ncode = \"{}\"\nmoves = {}\n",
            quoted(&p.line.name),
            p.code,
            quoted(&p.moves)
        );
        if is_royal(k) {
            let _ = writeln!(out, "royal = true");
        }
    }
    out.push_str(&castling);

    let promoting: Vec<usize> = (0..list.len().min(st.max_promote)).filter(|&k| !is_royal(k)).collect();
    // promoChoice is checked even where nothing promotes: a wrong letter
    // is the author's mistake either way.
    let choices = match &st.promo_choice {
        Some((line, text)) => {
            let mut c = Vec::new();
            for ch in text.chars() {
                let code = ch.to_ascii_uppercase().to_string();
                if !ch.is_ascii_alphabetic() || !list.iter().any(|p| p.code == code) {
                    return Err(DiagramError::new(
                        *line,
                        "promoChoice",
                        format!(
                            "'{ch}' is not the one-letter ID of a piece of the block (promotion from hand and the Diagram's marks are not converted)"
                        ),
                    ));
                }
                c.push(code);
            }
            c
        }
        None => (0..list.len())
            .filter(|k| !promoting.contains(k) && !is_royal(*k))
            .map(|k| list[k].code.clone())
            .collect(),
    };
    if st.promo_zone > 0 && !promoting.is_empty() && !choices.is_empty() {
        let names = |v: Vec<String>| v.iter().map(|c| quoted(c)).collect::<Vec<_>>().join(", ");
        let ranks: Vec<String> = (h - st.promo_zone + 1..=h).map(|r| r.to_string()).collect();
        let _ = write!(
            out,
            "\n[[promotion]]\npieces = [{}]\nranks = [{}]\nchoices = [{}]\n",
            names(promoting.iter().map(|&k| list[k].code.clone()).collect()),
            ranks.join(", "),
            names(choices)
        );
    }
    Ok(out)
}

/// The board field of position text: ranks from the top, White upper
/// case, codes of more than one letter in braces.
fn board_field(board: &[Option<(usize, bool)>], list: &[Piece], w: usize, h: usize) -> String {
    let mut s = String::new();
    for r in (0..h).rev() {
        let mut empty = 0;
        for f in 0..w {
            match board[r * w + f] {
                None => empty += 1,
                Some((k, black)) => {
                    if empty > 0 {
                        let _ = write!(s, "{empty}");
                        empty = 0;
                    }
                    let code = if black {
                        list[k].code.to_ascii_lowercase()
                    } else {
                        list[k].code.clone()
                    };
                    if code.len() == 1 {
                        s.push_str(&code);
                    } else {
                        let _ = write!(s, "{{{code}}}");
                    }
                }
            }
        }
        if empty > 0 {
            let _ = write!(s, "{empty}");
        }
        if r > 0 {
            s.push('/');
        }
    }
    s
}
