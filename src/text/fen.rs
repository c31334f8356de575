//! Position text: a FEN-like line with ranks from the top, multi-digit
//! empty counts, one-letter codes or `{multi}` codes (upper case White),
//! side, castling, en-passant squares and counters, then named fields.
//! The text is read into a [`Setup`] and written from one; the rules make
//! the position (`crate::rules::start`). The board field is read by
//! `crate::variant::board_text`, the named fields by `super::fields`.

pub use super::fen_error::ParseFenError;
use super::fen_error::err;
use super::fields;
use crate::core::echo::echo;
use crate::core::geometry::Square;
use crate::core::piece::{Cell, EMPTY, cell_color, cell_kind};
use crate::rules::position::{EnPassant, Position};
use crate::rules::setup::Setup;
use crate::variant::Variant;
use crate::variant::board_text::{board_text, parse_board};
use std::fmt::Write;
use std::sync::Arc;

impl Position {
    /// Reads a position text. Missing trailing fields take their defaults
    /// (`w - - 0 1`).
    pub fn from_fen(variant: Arc<Variant>, text: &str) -> Result<Position, ParseFenError> {
        let setup = read_setup(&variant, text)?;
        Position::from_setup(variant, &setup).map_err(|e| err(e.field, e.message))
    }

    /// The variant's starting position (its `setup`).
    pub fn new(variant: Arc<Variant>) -> Position {
        let setup = variant.setup.clone();
        Position::from_fen(variant, &setup).expect("a loaded variant's setup is valid")
    }

    /// Writes the position text.
    pub fn fen(&self) -> String {
        setup_text(&self.variant, &self.to_setup())
    }
}

/// Reads a position text into a [`Setup`]: every field checked that the
/// text alone can judge (with the board it gives).
pub fn read_setup(variant: &Variant, text: &str) -> Result<Setup, ParseFenError> {
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
    let fsf_checks = match fields.get(4).and_then(|f| fields::parse_fsf_remaining(variant, f)) {
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
    let board = parse_board(variant, fields[0]).map_err(|message| err("board", message))?;
    let g = variant.geometry;
    let side = match fields.get(1).copied().unwrap_or("w") {
        "w" => 0,
        "b" => 1,
        s => return Err(err("side to move", format!("'{}', expected w or b", echo(s)))),
    };
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
        t => parse_ep(variant, &board, side, t)?,
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
    let mut setup = Setup::empty(g.len(), variant.home.clone());
    setup.checks = fsf_checks.unwrap_or_default();
    // The reserve fields read the board and the side to move (`pending=`).
    setup.side = side;
    setup.board = board;
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
        if fields::read_reserve_field(variant, &mut setup, key, value)? {
            continue;
        }
        match key {
            "checks" => setup.checks = fields::parse_checks_field(variant, value)?,
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
            "swap" => setup.swap_ban = Some(fields::parse_swap_ban(g, value)?),
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
                setup.last_mover = Some((kind, took));
            }
            "home" if variant.circe => setup.home = Arc::new(fields::parse_home(variant, value)?),
            "capturer" if variant.reads_last_turn => {
                let sq = g
                    .parse_square(value)
                    .filter(|&sq| setup.board[sq as usize] != EMPTY && cell_color(setup.board[sq as usize]) != side)
                    .ok_or_else(|| {
                        err(
                            "capturer",
                            format!("'{}', expected the square of the man of the side not to move that took on the last move", echo(value)),
                        )
                    })?;
                setup.last_capturer = Some(sq);
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
    setup.castling = castling;
    setup.ep = ep;
    setup.halfmove = halfmove;
    setup.fullmove = fullmove;
    Ok(setup)
}

/// Writes a [`Setup`] as position text.
pub fn setup_text(v: &Variant, setup: &Setup) -> String {
    let g = v.geometry;
    let mut s = board_text(v, &setup.board);
    s.push_str(if setup.side == 0 { " w " } else { " b " });
    let mut rights = String::new();
    for color in 0..2 {
        for letter in ['k', 'q'] {
            let held = (0..v.castling.len()).any(|i| {
                let r = v.castling[i];
                let kingside = g.file(r.rook) > g.file(r.king);
                (letter == 'k') == kingside && setup.castling & (1 << (2 * i + color)) != 0
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
    if setup.ep.count == 0 {
        s.push('-');
    } else {
        let names: Vec<String> = setup.ep.squares().map(|sq| g.name(sq).to_string()).collect();
        s.push_str(&names.join(","));
        // A move other than straight ahead names its piece, which the
        // squares alone would not tell apart.
        let ahead = if setup.side == 1 {
            g.width as i16
        } else {
            -(g.width as i16)
        };
        if setup.ep.stride != ahead {
            let _ = write!(s, ":{}", g.name(setup.ep.victim));
        }
    }
    let _ = write!(s, " {} {}", setup.halfmove, setup.fullmove);
    if let Some(field) = fields::checks_field(setup) {
        s.push_str(&field);
    }
    if let Some((kind, took)) = setup.last_mover {
        let took = if took { ":x" } else { "" };
        let _ = write!(s, " mover={}{took}", v.pieces[kind].code);
    }
    if let Some(sq) = setup.last_capturer {
        let _ = write!(s, " capturer={}", g.name(sq));
    }
    if let Some((a, b)) = setup.swap_ban {
        let _ = write!(s, " swap={},{}", g.name(a), g.name(b));
    }
    if v.circe && !Arc::ptr_eq(&setup.home, &v.home) && setup.home != v.home {
        let _ = write!(s, " home={}", fields::home_text(v, &setup.home));
    }
    fields::reserve_fields(v, setup, &mut s);
    s
}

/// The named fields of the position text; each may be given once.
const NAMED_FIELDS: &[&str] = &[
    "checks", "swap", "mover", "capturer", "home", "reserve", "credits", "pending",
];

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
