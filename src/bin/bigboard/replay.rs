//! `replay`: reads a game written as PGN (tags, move numbers, SAN or
//! coordinate moves, comments, the result) into a game of a variant, move
//! by move, and prints the moves, the final position and the result. With
//! `--xboard` it reads XBoard's own way of writing a game of that variant
//! (its piece letters, ranks from 0 on boards of ten ranks).

use crate::variant_arg;
use crate::xboard_board::XbVariant;
use bigboard::Position;
use bigboard::core::echo::echo;
use bigboard::text::replay::ReplayError;
use std::sync::Arc;

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// One game of a PGN file: its tags, its move tokens and its result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    pub result: Option<String>,
}

impl PgnGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Reads a tag line `[Name "value"]`, with `\"` and `\\` escapes.
fn read_tag(line: &str, line_no: usize) -> Result<(String, String), String> {
    let bad = || format!("line {line_no}: cannot read the tag '{}'", echo(line));
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?
        .trim();
    let (name, value) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    let value = value.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut out = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' { chars.next().ok_or_else(bad)? } else { c });
    }
    Ok((name.to_string(), out))
}

/// Does `text` start with a long piece code in braces (`{AK}`)?
fn is_code(text: &str) -> bool {
    let Some(end) = text.find('}') else { return false };
    (2..=5).contains(&end) && text[1..end].bytes().all(|b| b.is_ascii_alphabetic())
}

/// Splits PGN text into games: tags, then the move text with comments
/// (`{...}`, `;` to the end of the line), variations (`(...)`), move
/// numbers and annotations (`$1`) left out.
pub fn parse_pgn(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games: Vec<PgnGame> = Vec::new();
    let mut game = PgnGame::default();
    let mut comment = false;
    let mut depth = 0usize;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if !comment && depth == 0 && line.starts_with('[') {
            if !game.moves.is_empty() || game.result.is_some() {
                games.push(std::mem::take(&mut game));
            }
            game.tags.push(read_tag(line, line_no)?);
            continue;
        }
        if !comment && depth == 0 && line.starts_with('%') {
            continue;
        }
        let mut tokens = Vec::new();
        let mut token = String::new();
        // Inside a long piece code of a move (`+{AK}@f2`, `={AM}`).
        let mut code = false;
        for (at, c) in line.char_indices() {
            if comment {
                comment = c != '}';
                continue;
            }
            if code {
                token.push(c);
                code = c != '}';
                continue;
            }
            match c {
                ';' if depth == 0 => break,
                // A brace right after a move's `+` or `=` holds a long
                // piece code, not a comment.
                '{' if depth == 0 && (token.ends_with('+') || token.ends_with('=')) && is_code(&line[at..]) => {
                    token.push(c);
                    code = true;
                    continue;
                }
                '{' => comment = true,
                '(' => depth += 1,
                ')' if depth > 0 => depth -= 1,
                ')' => return Err(format!("line {line_no}: ')' without '('")),
                _ if depth > 0 => {}
                c if c.is_whitespace() => {}
                c => {
                    token.push(c);
                    continue;
                }
            }
            tokens.push(std::mem::take(&mut token));
        }
        tokens.push(token);
        for t in tokens.into_iter().filter(|t| !t.is_empty()) {
            if let Some(r) = &game.result {
                return Err(format!("line {line_no}: '{}' after the result {r}", echo(&t)));
            }
            if RESULTS.contains(&t.as_str()) {
                game.result = Some(t);
                continue;
            }
            // A move number, alone or against its move (`12.`, `1...e5`).
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            let dots = t[digits..].bytes().take_while(|&b| b == b'.').count();
            let rest = if digits > 0 && (dots > 0 || digits == t.len()) {
                &t[digits + dots..]
            } else {
                &t[..]
            };
            // A drop in SAN (`Kd2 R@a1 P@h2`) belongs to the move before it.
            // (`R@a1`, `R@a1+`: a kind's code before the `@`; a coordinate
            // turn such as `e2e4+@c1` is one token of its own).
            let drop = digits == 0
                && rest
                    .find('@')
                    .is_some_and(|i| i > 0 && rest[..i].chars().all(|c| c.is_ascii_alphabetic()));
            if drop && let Some(last) = game.moves.last_mut() {
                last.push(' ');
                last.push_str(rest);
            } else if !rest.is_empty() && !rest.starts_with('$') {
                game.moves.push(rest.to_string());
            }
        }
    }
    if comment {
        return Err("a comment '{' is not closed".into());
    }
    if depth > 0 {
        return Err("a variation '(' is not closed".into());
    }
    if !game.moves.is_empty() || !game.tags.is_empty() || game.result.is_some() {
        games.push(game);
    }
    Ok(games)
}

/// Reads one move of a game: bigboard's coordinates (`e2e4`, `e15e16=W`,
/// and its marked moves: a shot `a1*a6`, a swap `d4<>d7`, a removal
/// `e4-`, each with the turn's drops: `b7-+@f8`) or SAN as any program
/// writes it.
fn read_move(pos: &mut Position, text: &str) -> Result<bigboard::core::moves::Move, String> {
    let g = pos.variant().geometry;
    let coordinate = text.starts_with(|c: char| c.is_ascii_lowercase())
        && g.parse_square_prefix(text).is_some_and(|(_, rest)| {
            g.parse_square_prefix(rest).is_some()
                || rest
                    .strip_prefix('-')
                    .is_some_and(|drops| drops.is_empty() || drops.starts_with('+'))
                || rest.starts_with(['*', '<'])
        });
    // Text of two squares is coordinates (bigboard writes a pawn's SAN so
    // only when it is the same move).
    if coordinate {
        return pos.parse_move(text).map_err(|e| e.message);
    }
    pos.parse_san_loose(text).map_err(|e| e.message)
}

/// `replay VARIANT (--pgn FILE | --moves "...") [--game N] [--fen FEN]
/// [--xboard [--rank-offset 0|1]]`.
pub fn replay_command(args: &crate::cli::ReplayArgs) -> Result<(), String> {
    let rank_offset = args.rank_offset;
    let variant = variant_arg(&args.variant)?;
    let (pgn, moves, fen) = (args.pgn.clone(), args.moves.clone(), args.fen.clone());
    let xboard = args.xboard;
    if args.game == 0 {
        return Err("--game counts from 1".into());
    }
    let game_no = args.game as usize;
    let game = match (pgn, moves) {
        (Some(path), None) => {
            let text = if path == "-" {
                std::io::read_to_string(std::io::stdin()).map_err(|e| format!("cannot read stdin: {e}"))?
            } else {
                std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", echo(&path)))?
            };
            let games = parse_pgn(&text).map_err(|e| format!("{}: {e}", echo(&path)))?;
            let count = games.len();
            games
                .into_iter()
                .nth(game_no - 1)
                .ok_or_else(|| format!("{} holds {count} game(s), not {game_no}", echo(&path)))?
        }
        (None, Some(text)) => parse_pgn(&text)?.into_iter().next().unwrap_or_default(),
        _ => return Err("replay needs --pgn FILE or --moves \"...\"".into()),
    };
    if let Some(v) = game.tag("Variant").filter(|v| !v.is_empty() && *v != variant.id) {
        return Err(format!("the game is one of '{}', not of '{}'", echo(v), variant.id));
    }
    let xb = if xboard {
        Some(XbVariant::new(variant.clone(), rank_offset)?)
    } else {
        None
    };
    let start_fen = fen.or_else(|| game.tag("FEN").map(str::to_string));
    let mut pos = match (&start_fen, &xb) {
        (None, _) => Position::new(variant.clone()),
        (Some(f), Some(xb)) => xb.read_fen(f)?,
        (Some(f), None) => Position::from_fen(variant.clone(), f).map_err(|e| e.to_string())?,
    };
    play_out(&mut pos, &game, xb.as_ref())
}

/// XBoard writes a king's move along its back rank from the middle file
/// to the third file from an edge (or from the file left of the middle to
/// the second from the left, or the fourth from the right) as castling,
/// `O-O` or `O-O-O`, even in a variant without castling (Flee!'s king
/// slides as a queen). Reads such a move back as that king move, where it
/// is legal.
fn xboard_castle(pos: &mut Position, text: &str) -> Option<bigboard::core::moves::Move> {
    let long = match text.trim_end_matches(['+', '#']) {
        "O-O" | "0-0" => false,
        "O-O-O" | "0-0-0" => true,
        _ => return None,
    };
    let g = pos.variant().geometry;
    let (w, h) = (i32::from(g.width), i32::from(g.height));
    let us = pos.side_to_move();
    let rank = if us == 0 { 0 } else { h - 1 };
    let royals = pos.royals(us).to_vec();
    royals.into_iter().find_map(|k| {
        let (file, r) = (k as i32 % w, k as i32 / w);
        let to = match (file, long) {
            _ if r != rank => return None,
            (f, true) if f == w / 2 => 2,
            (f, false) if f == w / 2 => w - 2,
            (f, false) if f == (w - 1) / 2 => 1,
            (f, true) if f == (w - 1) / 2 => w - 3,
            _ => return None,
        };
        let coords = format!("{}{}", g.name(k), g.name((rank * w + to) as _));
        pos.parse_move(&coords).ok()
    })
}

/// Plays the game's moves, printing each with its coordinates and
/// bigboard's SAN, then the final position and the result.
fn play_out(pos: &mut Position, game: &PgnGame, xb: Option<&XbVariant>) -> Result<(), String> {
    let variant = Arc::clone(pos.variant());
    for (i, text) in game.moves.iter().enumerate() {
        let fail = |message: String| ReplayError {
            index: i + 1,
            text: echo(text),
            message,
        };
        if let Some(o) = pos.outcome() {
            return Err(fail(format!("the game is over: {}", o.describe(&variant))).to_string());
        }
        let m = match xb {
            // XBoard's coordinates (its promotion letters), else its SAN.
            Some(xb) => xb
                .parse_move(pos, text)
                .or_else(|_| read_move(pos, &xb.san_to_bigboard(text)))
                .or_else(|e| xboard_castle(pos, text).ok_or(e)),
            None => read_move(pos, text),
        }
        .map_err(|e| fail(e).to_string())?;
        let number = pos.fullmove_number();
        let dots = if pos.side_to_move() == 0 { "." } else { "..." };
        let san = pos.san(m);
        println!("{number}{dots} {} {san}", pos.move_text(m));
        pos.play_unchecked(m);
    }
    println!("position: {}", pos.fen());
    println!("result: {}", game.result.as_deref().unwrap_or("*"));
    match pos.outcome() {
        Some(o) => println!("rules: {}", o.describe(&variant)),
        None => println!("rules: the game goes on"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xboard_castling_in_flee_is_the_kings_slide_it_wrote() {
        let flee = bigboard::builtin("flee").unwrap();
        // Black's king on i16, the squares to a16's rook empty (a game
        // XBoard played, its 33rd move).
        let fen = "r7kb1r4/2p1p1pppppp1p2/7n4n3/3n4n7/16/5p2p1p5/16/2K6b6/9B6/5P10/4P5BP4/16/16/2NP3N1N2N3/6PPPPPP1P2/1R7B5R b - - 2 33";
        let mut pos = Position::from_fen(flee, fen).unwrap();
        let m = xboard_castle(&mut pos, "O-O-O").unwrap();
        assert_eq!(pos.move_text(m), "i16c16");
        // O-O would be i16o16, which a bishop on j16 blocks; other text is
        // not castling.
        assert!(xboard_castle(&mut pos, "O-O").is_none());
        assert!(xboard_castle(&mut pos, "Kc16").is_none());
    }

    /// Every legal turn of the positions of a UC-170-17 game that `match
    /// --pgn` wrote reads back, from the text `match` writes (UCI's), from
    /// bigboard's own coordinates and from its SAN; among them, removals
    /// with a drop.
    #[test]
    fn every_turn_written_reads_back() {
        let text = include_str!("../../../tests/data/replay/removal-with-drop.pgn");
        let game = &parse_pgn(text).unwrap()[0];
        let uc = bigboard::builtin("uc-170-17").unwrap();
        let mut pos = Position::from_fen(uc, game.tag("FEN").unwrap()).unwrap();
        let mut removals_with_drops = 0;
        for (i, played) in game.moves.iter().enumerate() {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            for m in legal {
                let san = pos.san(m);
                for written in [pos.uci_text(m), pos.move_text(m), san] {
                    removals_with_drops += usize::from(written.contains("-+"));
                    assert_eq!(read_move(&mut pos, &written), Ok(m), "move {}: {written}", i + 1);
                }
            }
            let m = read_move(&mut pos, played).unwrap_or_else(|e| panic!("move {}: {played}: {e}", i + 1));
            pos.play_unchecked(m);
        }
        assert!(removals_with_drops > 0, "no removal with a drop among the turns");
    }

    #[test]
    fn pgn_text_is_split_into_tags_moves_and_a_result() {
        let text = "[Event \"Test \\\"one\\\"\"]\n[Variant \"xhess\"]\n\n\
                    1. e4 {a comment\nover two lines} e5 2.Nf3 (2. d4 (2. c4) d5) Nc6 $1 ; rest\n\
                    3... a6 1/2-1/2\n\n[Event \"Two\"]\n1. d4 *\n";
        let games = parse_pgn(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("Test \"one\""));
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3", "Nc6", "a6"]);
        assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
        assert_eq!(games[1].moves, ["d4"]);
        assert_eq!(games[1].result.as_deref(), Some("*"));
        // A turn with drops in SAN is one move; in coordinates, one token.
        let games = parse_pgn("1. Kd2 R@a1 P@h2+ Kd7 2. e1d1+@a1+@h2 *").unwrap();
        assert_eq!(games[0].moves, ["Kd2 R@a1 P@h2+", "Kd7", "e1d1+@a1+@h2"]);
        // A long code in a move is no comment; a comment after a move still is.
        let games = parse_pgn("1. e1d2+{PNP}@g2 {note} e7e8={AM} 2. d1d2+{AK}@f2 {+ a note} *").unwrap();
        assert_eq!(games[0].moves, ["e1d2+{PNP}@g2", "e7e8={AM}", "d1d2+{AK}@f2"]);
        for bad in ["1. e4 {open", "1. e4 (d4", "1. e4 )", "1. e4 1-0 e5", "[Event"] {
            assert!(parse_pgn(bad).is_err(), "{bad}");
        }
    }
}
