//! Position text: a FEN-like line with ranks from the top, multi-digit
//! empty counts, one-letter codes or `{multi}` codes (upper case White),
//! side, castling, en-passant squares and counters.

use crate::core::echo::echo;
use crate::core::geometry::Square;
use crate::core::piece::{Cell, EMPTY, cell, cell_color, cell_kind};
use crate::rules::position::{EnPassant, Position};
use crate::variant::Variant;
use std::fmt::{self, Write};
use std::sync::Arc;

/// A malformed position text: which field and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    pub field: &'static str,
    pub message: String,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad position text ({}): {}", self.field, self.message)
    }
}

impl std::error::Error for ParseFenError {}

fn err(field: &'static str, message: impl Into<String>) -> ParseFenError {
    ParseFenError {
        field,
        message: message.into(),
    }
}

/// Reads the board field into cells (index = square).
pub fn parse_board(variant: &Variant, text: &str) -> Result<Vec<Cell>, ParseFenError> {
    let g = variant.geometry;
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != g.height as usize {
        return Err(err(
            "board",
            format!("{} ranks, the board has {}", rows.len(), g.height),
        ));
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
                    _ => return Err(err("board", format!("rank {rank_name}: more than {} files", g.width))),
                };
                if count == 0 {
                    return Err(err("board", format!("rank {rank_name}: an empty count of 0")));
                }
                file += count;
                if file > g.width as i32 {
                    return Err(err("board", format!("rank {rank_name}: more than {} files", g.width)));
                }
                j += n;
                continue;
            } else if b == b'*' {
                // A hole (Fairy-Stockfish's mark): the square must be one.
                let sq = g.square(file, rank).filter(|_| file < g.width as i32);
                match sq {
                    Some(sq) if variant.is_hole(sq) => {}
                    Some(sq) => return Err(err("board", format!("'*' on {}, which is not a hole", g.name(sq)))),
                    None => return Err(err("board", format!("rank {rank_name}: more than {} files", g.width))),
                }
                file += 1;
                j += 1;
                continue;
            } else if b == b'{' {
                let end = row[j..]
                    .find('}')
                    .ok_or_else(|| err("board", format!("rank {rank_name}: '{{' without '}}'")))?;
                (&row[j + 1..j + end], end + 1)
            } else if b.is_ascii_alphabetic() {
                (&row[j..j + 1], 1)
            } else {
                let c = row[j..].chars().next().unwrap_or('?');
                return Err(err(
                    "board",
                    format!("rank {rank_name}: unexpected '{}'", echo(c.encode_utf8(&mut [0; 4]))),
                ));
            };
            let color = if code.chars().all(|c| c.is_ascii_uppercase()) {
                0
            } else if code.chars().all(|c| c.is_ascii_lowercase()) {
                1
            } else {
                return Err(err(
                    "board",
                    format!(
                        "rank {rank_name}: '{}' mixes cases (upper = White, lower = Black)",
                        echo(code)
                    ),
                ));
            };
            let kind = variant
                .pieces
                .iter()
                .position(|p| p.code.eq_ignore_ascii_case(code))
                .ok_or_else(|| {
                    err(
                        "board",
                        format!("rank {rank_name}: unknown piece code '{}'", echo(code)),
                    )
                })?;
            if file >= g.width as i32 {
                return Err(err("board", format!("rank {rank_name}: more than {} files", g.width)));
            }
            let sq = g.square(file, rank).expect("inside the board");
            if variant.is_hole(sq) {
                return Err(err("board", format!("{} is a hole: no piece stands there", g.name(sq))));
            }
            board[sq as usize] = cell(kind, color);
            file += 1;
            j += len;
        }
        if file != g.width as i32 {
            return Err(err(
                "board",
                format!("rank {rank_name}: {file} files, the board has {}", g.width),
            ));
        }
    }
    Ok(board)
}

/// Writes the code of a man of `kind` and `color` as the position text
/// does: upper case for White, lower case for the other side, in braces
/// when longer than a letter (`{sq}`).
pub(crate) fn push_code(v: &Variant, kind: usize, color: usize, s: &mut String) {
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
fn board_text(v: &Variant, board: &[Cell]) -> String {
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

/// The `home=` field: the game's home squares as a board, written as its
/// top two and bottom two ranks (`home=r7/r6/R2/R1`, the ranks a setup
/// fills) when no man stands between them, else as every rank.
fn home_text(v: &Variant, home: &[Cell]) -> String {
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
fn parse_home(variant: &Variant, text: &str) -> Result<Vec<Cell>, ParseFenError> {
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
    parse_board(variant, &full).map_err(|e| err("home", e.message))
}

impl Position {
    /// Reads a position text. Missing trailing fields take their defaults
    /// (`w - - 0 1`).
    pub fn from_fen(variant: Arc<Variant>, text: &str) -> Result<Position, ParseFenError> {
        if text.len() > 100_000 {
            return Err(err("text", "too long"));
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(err("board", "empty position text"));
        }
        // Named fields (`swap=d4,d7`) follow the board and the others.
        let first_named = fields
            .iter()
            .skip(1)
            .position(|f| f.contains('='))
            .map_or(fields.len(), |i| i + 1);
        let (fields, named) = fields.split_at(first_named);
        // Fairy-Stockfish's checks remaining (`3+3`) after the en-passant
        // field, where checks are counted.
        let mut fields = fields.to_vec();
        let fsf_checks = match fields
            .get(4)
            .and_then(|f| crate::rules::checks::parse_fsf_remaining(&variant, f))
        {
            Some(given) => {
                fields.remove(4);
                Some(given?)
            }
            None => None,
        };
        if fields.len() > 6 {
            return Err(err(
                "text",
                format!("{} fields, at most 6 before the named ones", fields.len()),
            ));
        }
        let board = parse_board(&variant, fields[0])?;
        let g = variant.geometry;
        let side = match fields.get(1).copied().unwrap_or("w") {
            "w" => 0,
            "b" => 1,
            s => return Err(err("side to move", format!("'{}', expected w or b", echo(s)))),
        };
        let mut pos = Position::empty(variant.clone());
        for (sq, &c) in board.iter().enumerate() {
            if c != EMPTY {
                pos.put(sq as Square, c);
            }
        }
        let mut castling = 0u32;
        let ctext = fields.get(2).copied().unwrap_or("-");
        if ctext != "-" {
            for ch in ctext.chars() {
                let shown = echo(ch.encode_utf8(&mut [0; 4]));
                let color = if ch.is_ascii_uppercase() { 0 } else { 1 };
                // Every castling move towards that side (they share their
                // king and rook).
                let rules: Vec<usize> = (0..variant.castling.len())
                    .filter(|&i| {
                        let r = variant.castling[i];
                        let kingside = g.file(r.rook) > g.file(r.king);
                        match ch.to_ascii_lowercase() {
                            'k' => kingside,
                            'q' => !kingside,
                            _ => false,
                        }
                    })
                    .collect();
                let Some(&i) = rules.first() else {
                    return Err(err(
                        "castling",
                        format!("'{shown}' is not a castling right of this variant"),
                    ));
                };
                let r = variant.castling_for(i, color);
                let ok = |sq: Square, royal: bool| {
                    let c = board[sq as usize];
                    c != EMPTY && cell_color(c) == color && variant.pieces[cell_kind(c)].royal == royal
                };
                if !ok(r.king, true) || !ok(r.rook, false) {
                    return Err(err(
                        "castling",
                        format!(
                            "'{shown}' needs the king on {} and the rook on {}",
                            g.name(r.king),
                            g.name(r.rook)
                        ),
                    ));
                }
                let bits = rules.iter().fold(0, |b, &i| b | 1 << (2 * i + color));
                if castling & bits != 0 {
                    return Err(err("castling", format!("'{shown}' given twice")));
                }
                castling |= bits;
            }
        }
        let ep = match fields.get(3).copied().unwrap_or("-") {
            "-" => EnPassant::NONE,
            t => parse_ep(&variant, &board, side, t)?,
        };
        let halfmove: u32 = match fields.get(4) {
            Some(t) => t
                .parse()
                .map_err(|_| err("halfmove clock", format!("'{}' is not a number", echo(t))))?,
            None => 0,
        };
        let fullmove: u32 = match fields.get(5) {
            Some(t) => t
                .parse()
                .map_err(|_| err("move number", format!("'{}' is not a number", echo(t))))?,
            None => 1,
        };
        if fullmove == 0 || fullmove > 1_000_000 || halfmove > 1_000_000 {
            return Err(err("move number", "out of range"));
        }
        pos.checks = fsf_checks.unwrap_or_default();
        // The reserve fields read the side to move (`pending=`).
        pos.side = side;
        let mut seen: Vec<&str> = Vec::new();
        for field in named {
            let (key, value) = field.split_once('=').unwrap_or((field, ""));
            // A second value would silently replace the first.
            if let Some(&name) = NAMED_FIELDS.iter().find(|&&name| name == key) {
                if seen.contains(&key) {
                    return Err(err(name, format!("'{name}=' is given twice")));
                }
                seen.push(key);
            }
            if pos.read_reserve_field(key, value)? {
                continue;
            }
            match key {
                "checks" => pos.checks = crate::rules::checks::parse_checks_field(&variant, value)?,
                "swap" if !variant.mech_bits.iter().any(|&b| b & crate::betza::mech::SWAP != 0) => {
                    return Err(err(
                        "swap",
                        format!(
                            "'{}': {} has no man that swaps ({{swap}}), so no swap can be barred",
                            echo(field),
                            variant.name
                        ),
                    ));
                }
                "swap" => pos.swap_ban = parse_swap_ban(g, value)?,
                "mover" if variant.reads_last_turn => {
                    let (code, took) = match value.strip_suffix(":x") {
                        Some(code) => (code, true),
                        None => (value, false),
                    };
                    let kind = variant.kind_by_name(code).ok_or_else(|| {
                        err(
                            "mover",
                            format!(
                                "'{}', expected the code of the kind that moved last, with :x if it took (N, N:x)",
                                echo(value)
                            ),
                        )
                    })?;
                    pos.last_mover = (kind as u16 + 1) | if took { crate::rules::position::TOOK } else { 0 };
                }
                "home" if variant.circe => pos.home = Arc::new(parse_home(&variant, value)?),
                "capturer" if variant.reads_last_turn => {
                    let sq = g
                        .parse_square(value)
                        .filter(|&sq| pos.board[sq as usize] != EMPTY && cell_color(pos.board[sq as usize]) != side)
                        .ok_or_else(|| {
                            err(
                                "capturer",
                                format!("'{}', expected the square of the man of the side not to move that took on the last move", echo(value)),
                            )
                        })?;
                    pos.last_capturer = sq;
                }
                _ => {
                    return Err(err(
                        "text",
                        format!(
                            "unknown field '{}' (named fields: swap=SQ,SQ where a kind swaps, {{swap}}; mover=CODE[:x] and capturer=SQ where a kind moves by {{recapture}} or {{jester}}; home=RANKS where a kind's hops rebirth men, {{circe}}; reserve=, credits= and pending= where the variant has reserves)",
                            echo(field)
                        ),
                    ));
                }
            }
        }
        pos.set_state(side, castling, ep, halfmove, fullmove);
        // The side that just moved may not have left a royal attacked: from
        // such a position the royal could be taken and play would go on
        // without it. (Under royal modes, a side in extinction mode may.)
        let them = side ^ 1;
        let checked = pos.check_rules(them);
        if let Some(&k) = pos.royals[them].iter().find(|&&k| checked && pos.is_attacked(k, side)) {
            let (kind, _) = pos.piece_at(k).expect("a royal square holds a piece");
            return Err(err(
                "side to move",
                format!(
                    "the side not to move ({}) is in check: its {} on {} is attacked",
                    variant.sides[them],
                    variant.pieces[kind].name,
                    g.name(k)
                ),
            ));
        }
        Ok(pos)
    }

    /// Writes the position text.
    pub fn fen(&self) -> String {
        let v = &self.variant;
        let g = v.geometry;
        let mut s = board_text(v, &self.board);
        s.push_str(if self.side == 0 { " w " } else { " b " });
        let mut rights = String::new();
        for color in 0..2 {
            for letter in ['k', 'q'] {
                let held = (0..v.castling.len()).any(|i| {
                    let r = v.castling[i];
                    let kingside = g.file(r.rook) > g.file(r.king);
                    (letter == 'k') == kingside && self.castling & (1 << (2 * i + color)) != 0
                });
                if held {
                    rights.push(if color == 0 {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    });
                }
            }
        }
        s.push_str(if rights.is_empty() { "-" } else { &rights });
        s.push(' ');
        if self.ep.count == 0 {
            s.push('-');
        } else {
            let names: Vec<String> = self.ep.squares().map(|sq| g.name(sq).to_string()).collect();
            s.push_str(&names.join(","));
            // A move other than straight ahead names its piece, which the
            // squares alone would not tell apart.
            let ahead = if self.side == 1 {
                g.width as i16
            } else {
                -(g.width as i16)
            };
            if self.ep.stride != ahead {
                let _ = write!(s, ":{}", g.name(self.ep.victim));
            }
        }
        let _ = write!(s, " {} {}", self.halfmove, self.fullmove);
        if let Some(field) = crate::rules::checks::checks_field(self) {
            s.push_str(&field);
        }
        if self.last_mover != 0 {
            let kind = (self.last_mover & !crate::rules::position::TOOK) as usize - 1;
            let took = if self.last_mover & crate::rules::position::TOOK != 0 {
                ":x"
            } else {
                ""
            };
            let _ = write!(s, " mover={}{took}", v.pieces[kind].code);
        }
        if self.last_capturer != crate::rules::position::NO_CAPTURER {
            let _ = write!(s, " capturer={}", g.name(self.last_capturer));
        }
        if self.swap_ban != crate::rules::position::NO_BAN {
            let (a, b) = ((self.swap_ban >> 16) as Square, (self.swap_ban & 0xFFFF) as Square);
            let _ = write!(s, " swap={},{}", g.name(a), g.name(b));
        }
        if v.circe && !Arc::ptr_eq(&self.home, &v.home) && self.home != v.home {
            let _ = write!(s, " home={}", home_text(v, &self.home));
        }
        self.reserve_fields(&mut s);
        s
    }
}

/// The named fields of the position text; each may be given once.
const NAMED_FIELDS: &[&str] = &[
    "checks", "swap", "mover", "capturer", "home", "reserve", "credits", "pending",
];

/// Reads `swap=SQ,SQ`: the two squares of the last move's swap between men
/// of opposite sides, which may not swap back now.
fn parse_swap_ban(g: crate::core::geometry::Geometry, text: &str) -> Result<u32, ParseFenError> {
    let bad = || err("swap", format!("'{}', expected two squares such as d4,d7", echo(text)));
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let (a, b) = (g.parse_square(a).ok_or_else(bad)?, g.parse_square(b).ok_or_else(bad)?);
    if a == b {
        return Err(bad());
    }
    Ok(crate::rules::position::swap_pair(a, b))
}

/// Reads en-passant squares: one or more empty squares next to each other
/// on a line, at one end of which stands the opponent's piece that just
/// made its long move (straight ahead preferred when one square could
/// belong to several lines).
fn parse_ep(variant: &Variant, board: &[Cell], side: usize, text: &str) -> Result<EnPassant, ParseFenError> {
    let g = variant.geometry;
    let (text, named) = match text.split_once(':') {
        Some((squares, victim)) => {
            let v = g
                .parse_square(victim)
                .ok_or_else(|| err("en passant", format!("'{}' is not a square of the board", echo(victim))))?;
            (squares, Some(v))
        }
        None => (text, None),
    };
    let mut squares = Vec::new();
    for part in text.split(',') {
        let sq = g
            .parse_square(part)
            .ok_or_else(|| err("en passant", format!("'{}' is not a square of the board", echo(part))))?;
        // Only a pawn hopped by a `{leapfrog}` stands on its square.
        let c = board[sq as usize];
        if c != EMPTY && !(cell_color(c) != side && variant.pawn[cell_kind(c)]) {
            return Err(err("en passant", format!("{part} is not empty")));
        }
        if squares.len() >= 64 {
            return Err(err("en passant", "too many squares"));
        }
        squares.push(sq);
    }
    squares.sort_unstable();
    squares.dedup();
    let mover = side ^ 1;
    let forward = if mover == 0 { 1 } else { -1 };
    let holds_mover = |sq: Square| {
        let c = board[sq as usize];
        c != EMPTY && cell_color(c) == mover && variant.ep_creator[cell_kind(c)]
    };
    // Straight ahead first, then the other directions.
    let steps = [
        (0, forward),
        (-1, forward),
        (1, forward),
        (-1, 0),
        (1, 0),
        (0, -forward),
        (-1, -forward),
        (1, -forward),
    ];
    for step in steps {
        // Sorted by index, a line whose step lowers the index runs backwards.
        let ordered: Vec<Square> = if step.1 < 0 || (step.1 == 0 && step.0 < 0) {
            squares.iter().rev().copied().collect()
        } else {
            squares.clone()
        };
        let (f0, r0) = (g.file(ordered[0]), g.rank(ordered[0]));
        let fits = ordered
            .iter()
            .enumerate()
            .all(|(i, &sq)| g.square(f0 + step.0 * i as i32, r0 + step.1 * i as i32) == Some(sq));
        if !fits {
            continue;
        }
        let last = *ordered.last().expect("at least one square");
        let victim = g.offset(last, step.0, step.1);
        let origin = g.offset(ordered[0], -step.0, -step.1);
        if let (Some(victim), Some(origin)) = (victim, origin)
            && named.is_none_or(|n| n == victim)
            && holds_mover(victim)
            // A drop may have filled the square the long move left.
            && (board[origin as usize] == EMPTY || variant.reserve.is_some())
            && (squares.iter().all(|&sq| board[sq as usize] == EMPTY)
                || (squares.len() == 1
                    && step == (0, forward)
                    && variant.pieces[cell_kind(board[victim as usize])]
                        .movement
                        .patterns
                        .iter()
                        .any(|p| p.leapfrog)))
        {
            let stride = step.1 * g.width as i32 + step.0;
            return Ok(EnPassant {
                first: ordered[0],
                count: ordered.len() as u8,
                stride: stride as i16,
                victim,
            });
        }
    }
    Err(err(
        "en passant",
        "the squares must lie next to each other on one line that ends next to the opponent's piece that just made a long move",
    ))
}
