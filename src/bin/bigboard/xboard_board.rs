//! How a bigboard variant looks to XBoard: an XBoard piece type and letter
//! for each kind, the `setup` and `piece` commands that teach XBoard the
//! variant, and squares, moves, positions and square markers written the
//! way XBoard writes them (on a board of exactly ten ranks it counts ranks
//! from 0).

use crate::xboard_betza::{moves_straight, never_straight, xboard_movement};
use bigboard::Position;
use bigboard::core::echo::echo;
use bigboard::core::geometry::Square;
use bigboard::core::piece::{Color, Kind};
use bigboard::variant::Variant;
use bigboard::{Move, MoveKind};
use std::fmt::Write;
use std::sync::Arc;

/// XBoard's largest board side.
pub const MAX_SIDE: u8 = 16;

/// XBoard's piece types (its `ChessSquare`, White's half) by index: a
/// variant's kinds are dressed as these, and XBoard draws each with the
/// picture of its type.
const TYPES: usize = 66;
const PAWN: usize = 0;
const LANCE: usize = 18;
const KING: usize = 65;
/// Types XBoard treats in its own way whatever their moves: the pawn and
/// the lance (promotion, en passant), the wildcards Falcon and Cobra, the
/// Lion (Chu Shogi's rules for taking it), the Duck and the Nothing, and the
/// king (check, castling). Ordinary kinds go elsewhere.
const SPECIAL: [usize; 8] = [PAWN, 17, LANCE, 19, 21, 28, 52, KING];
/// The most kinds XBoard can be taught: its types less the special ones,
/// but for the pawn, the lance and the king.
pub const MAX_KINDS: usize = TYPES - SPECIAL.len() + 3;
/// Types whose picture fits a movement: XBoard's own defaults.
const BY_MOVES: &[(&str, usize)] = &[
    ("N", 1),
    ("B", 2),
    ("R", 3),
    ("Q", 4),
    ("F", 5),
    ("A", 6),
    ("BN", 7),
    ("NB", 7),
    ("RN", 8),
    ("NR", 8),
    ("W", 9),
    ("K", 10),
    ("mRcpR", 11),
    ("NN", 12),
    ("N0", 12),
    ("BW", 13),
    ("RF", 14),
    ("gQ", 15),
    ("Z", 23),
    ("C", 24),
];
/// Types whose picture fits a name.
const BY_NAME: &[(&str, usize)] = &[
    ("knight", 1),
    ("bishop", 2),
    ("rook", 3),
    ("queen", 4),
    ("ferz", 5),
    ("elephant", 6),
    ("alfil", 6),
    ("archbishop", 7),
    ("chancellor", 8),
    ("marshall", 8),
    ("wazir", 9),
    ("man", 10),
    ("commoner", 10),
    ("cannon", 11),
    ("nightrider", 12),
    ("cardinal", 13),
    ("dragon", 14),
    ("grasshopper", 15),
    ("unicorn", 20),
    ("zebra", 23),
    ("camel", 24),
    ("wizard", 35),
];
/// Letters after which XBoard reads a second set of 26 piece letters.
const SUFFIXES: [&str; 3] = ["", "'", "!"];

/// A variant as XBoard is taught it.
pub struct XbVariant {
    pub variant: Arc<Variant>,
    /// White's letter of each kind, with XBoard's suffix when the 26
    /// letters run out.
    letters: Vec<String>,
    /// XBoard's piece type of each kind.
    types: Vec<usize>,
    /// XBoard's movement text of each kind.
    moves: Vec<String>,
    /// The XBoard variant whose quirks suit this one.
    parent: &'static str,
    /// The number XBoard gives the first rank: 0 on a board of ten ranks,
    /// else 1, or 0 when XBoard runs with `-rankOffset 1`.
    first_rank: i32,
    /// What XBoard's own reading of the variant gets wrong; empty when it
    /// knows the rules exactly. Moves are then checked by bigboard alone.
    pub problems: Vec<String>,
}

impl XbVariant {
    /// Dresses `variant` for XBoard, or says why it cannot be;
    /// `rank_offset` is XBoard's `-rankOffset` (1: ranks counted from 0),
    /// which it does not apply to boards of ten ranks, counted from 0
    /// already.
    pub fn new(variant: Arc<Variant>, rank_offset: i32) -> Result<XbVariant, String> {
        let g = variant.geometry;
        if g.width > MAX_SIDE || g.height > MAX_SIDE {
            return Err(format!(
                "XBoard's boards are at most {MAX_SIDE} x {MAX_SIDE}; this one is {} x {}",
                g.width, g.height
            ));
        }
        let n = variant.pieces.len();
        let royals: Vec<Kind> = (0..n).filter(|&k| variant.pieces[k].royal).collect();
        if royals.len() > 1 {
            return Err("XBoard knows one royal piece type; this variant has more".into());
        }
        if n > MAX_KINDS {
            return Err(format!("XBoard has {TYPES} piece types; this variant has {n} kinds"));
        }
        let mut problems = Vec::new();
        let mut types = vec![usize::MAX; n];
        if let Some(&k) = royals.first() {
            types[k] = KING;
        }
        // XBoard lets only its pawn and lance promote, and takes a move of
        // either to an empty square off its file for an en-passant capture,
        // unless the game is its Berolina chess. There it takes a pawn's
        // straight step to an empty square from the fourth rank from the top
        // for one (not a lance's): the pawn type is left to a kind that never
        // steps straight. Otherwise the game is XBoard's catch-all fairy
        // chess: XBoard must be given some variant of its own, or it takes
        // the engine for one that has not sent its `setup`.
        let promoters: Vec<Kind> = (0..n)
            .filter(|&k| variant.promotes[k] && !variant.pieces[k].royal)
            .collect();
        let movement = |k: Kind| &variant.pieces[k].movement;
        let parent = if promoters.iter().all(|&k| moves_straight(movement(k))) {
            for (&k, t) in promoters.iter().zip([PAWN, LANCE]) {
                types[k] = t;
            }
            "fairy"
        } else {
            let lance = *promoters
                .iter()
                .find(|&&k| !moves_straight(movement(k)))
                .expect("one is not straight");
            types[lance] = LANCE;
            if let Some(&pawn) = promoters.iter().find(|&&k| k != lance && never_straight(movement(k))) {
                types[pawn] = PAWN;
            }
            "berolina"
        };
        for &k in &promoters {
            if types[k] == usize::MAX {
                problems.push(format!(
                    "{} promotes, but XBoard lets only its pawn and lance types promote",
                    variant.pieces[k].name
                ));
            }
        }
        let free = |types: &[usize], t: usize| !SPECIAL.contains(&t) && !types.contains(&t);
        for k in 0..n {
            if types[k] != usize::MAX {
                continue;
            }
            let p = &variant.pieces[k];
            let name = p.name.to_ascii_lowercase();
            let liked = BY_MOVES
                .iter()
                .filter(|(m, _)| *m == p.moves)
                .chain(BY_NAME.iter().filter(|(m, _)| *m == name))
                .map(|&(_, t)| t)
                .find(|&t| free(&types, t));
            types[k] = liked.unwrap_or(usize::MAX);
        }
        for k in 0..n {
            if types[k] == usize::MAX {
                types[k] = (1..KING).find(|&t| free(&types, t)).expect("counted above");
            }
        }
        let letters = assign_letters(&variant)?;
        let mut moves = Vec::new();
        for (k, p) in variant.pieces.iter().enumerate() {
            if !p.by_file.is_empty() {
                problems.push(format!("{} moves by file", p.name));
            }
            let xb = xboard_movement(&p.movement);
            for why in xb.problems {
                problems.push(format!("{}: {why}", p.name));
            }
            let mut text = xb.text;
            if types[k] == KING {
                text = king_moves(&variant, &p.movement, text, &mut problems);
            }
            moves.push(text);
        }
        for (k, &t) in types.iter().enumerate() {
            if t == PAWN || t == LANCE {
                promotion_problems(&variant, k, &mut problems);
            }
        }
        if variant.win.royal_far_rank {
            problems.push("a king reaching the far rank wins".into());
        }
        let mut seen = Vec::new();
        problems.retain(|p| {
            let fresh = !seen.contains(p);
            seen.push(p.clone());
            fresh
        });
        let first_rank = if g.height == 10 { 0 } else { 1 - rank_offset };
        Ok(XbVariant {
            variant,
            letters,
            types,
            moves,
            parent,
            first_rank,
            problems,
        })
    }

    /// The letter of `kind` for `color`, as in a position or a promotion.
    pub fn letter(&self, kind: Kind, color: Color) -> String {
        if color == 0 {
            self.letters[kind].clone()
        } else {
            self.letters[kind].to_ascii_lowercase()
        }
    }

    /// The kind written with `letter` (and its color), if any.
    fn kind_of(&self, letter: &str) -> Option<(Kind, Color)> {
        let color = if letter.starts_with(|c: char| c.is_ascii_lowercase()) {
            1
        } else {
            0
        };
        let upper = letter.to_ascii_uppercase();
        self.letters.iter().position(|l| *l == upper).map(|k| (k, color))
    }

    /// `setup (TABLE) WxH+0_PARENT FEN`: XBoard's piece table (a letter
    /// for each of its types, `.` for those not used, the king's last), the
    /// board size and the position.
    pub fn setup_line(&self, pos: &Position) -> String {
        let g = self.variant.geometry;
        let used = self.types.iter().filter(|&&t| t != KING).max().map_or(0, |&t| t + 1);
        let len = used.max(5);
        let mut white = vec![".".to_string(); len];
        let mut king = ".".to_string();
        for (k, &t) in self.types.iter().enumerate() {
            if t == KING {
                king = self.letters[k].clone();
            } else {
                white[t] = self.letters[k].clone();
            }
        }
        let table = format!("{}{king}", white.concat());
        format!(
            "setup ({table}{}) {}x{}+0_{} {}",
            table.to_ascii_lowercase(),
            g.width,
            g.height,
            self.parent,
            self.fen(pos)
        )
    }

    /// `piece X& MOVES` for each kind.
    pub fn piece_lines(&self) -> Vec<String> {
        (0..self.letters.len())
            .map(|k| format!("piece {}& {}", self.letters[k], self.moves[k]))
            .collect()
    }

    /// The rank number XBoard gives the first rank.
    fn first_rank(&self) -> i32 {
        self.first_rank
    }

    /// A square as XBoard names it.
    pub fn square_name(&self, sq: Square) -> String {
        let g = self.variant.geometry;
        format!(
            "{}{}",
            char::from(b'a' + g.file(sq) as u8),
            g.rank(sq) + self.first_rank()
        )
    }

    /// Reads a square name as XBoard writes it at the start of `text`.
    pub fn parse_square_prefix<'a>(&self, text: &'a str) -> Option<(Square, &'a str)> {
        let g = self.variant.geometry;
        let file = text.bytes().next().filter(u8::is_ascii_lowercase)? - b'a';
        let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let rank: i32 = text[1..1 + digits].parse().ok()?;
        let sq = g.square(file as i32, rank - self.first_rank())?;
        Some((sq, &text[1 + digits..]))
    }

    /// A move as XBoard reads it: one leg (`e2e4`, `e9e10q`), or one per
    /// man taken on the way, every leg but the last ending in a comma.
    pub fn move_legs(&self, pos: &Position, m: Move) -> Vec<String> {
        let mut squares = vec![m.from];
        squares.extend(pos.taken_on_the_way(m));
        squares.push(m.to);
        let n = squares.len() - 1;
        let mut legs: Vec<String> = (0..n)
            .map(|i| {
                let comma = if i + 1 < n { "," } else { "" };
                format!(
                    "{}{}{comma}",
                    self.square_name(squares[i]),
                    self.square_name(squares[i + 1])
                )
            })
            .collect();
        if let Some(k) = m.promotion_kind() {
            legs[n - 1].push_str(&self.letter(k, 1));
        }
        legs
    }

    /// A move written as XBoard writes them, in one piece (legs joined).
    pub fn move_text(&self, pos: &Position, m: Move) -> String {
        self.move_legs(pos, m).concat()
    }

    /// Reads a move XBoard sends (`e2e4`, `e9e10q`, `c4d5,d5e4`) and finds
    /// it among the legal moves.
    pub fn parse_move(&self, pos: &mut Position, text: &str) -> Result<Move, String> {
        let g = self.variant.geometry;
        let unreadable = || format!("cannot read '{}' as a move", echo(text));
        if text.contains('@') {
            return Err(format!("'{}': this variant has no drops", echo(text)));
        }
        let mut squares = Vec::new();
        let mut rest = text;
        let mut promotion = "";
        for (i, leg) in text.split(',').enumerate() {
            let (from, more) = self.parse_square_prefix(leg).ok_or_else(unreadable)?;
            let (to, more) = self.parse_square_prefix(more).ok_or_else(unreadable)?;
            if i == 0 {
                squares.push(from);
            } else if squares.last() != Some(&from) {
                return Err(unreadable());
            }
            squares.push(to);
            rest = more;
        }
        if !rest.is_empty() {
            promotion = rest;
        }
        let name = |sq: Square| g.name(sq).to_string();
        let mut coord = format!("{}{}", name(squares[0]), name(*squares.last().expect("two squares")));
        // The squares between are where men are taken on the way.
        for &sq in &squares[1..squares.len() - 1] {
            if pos.piece_at(sq).is_some() {
                coord.push('^');
                coord.push_str(&name(sq));
            }
        }
        if !promotion.is_empty() {
            let (kind, _) = self
                .kind_of(promotion)
                .ok_or_else(|| format!("'{}': no piece has the letter '{}'", echo(text), echo(promotion)))?;
            coord.push('=');
            coord.push_str(&self.variant.pieces[kind].code);
        }
        // Squares in what the engine says are XBoard's, as the GUI named them.
        let from = squares[0];
        match pos.piece_at(from) {
            None => return Err(format!("no piece on {}", self.square_name(from))),
            Some((_, c)) if c != pos.side_to_move() => {
                return Err(format!(
                    "the piece on {} is not the side to move's",
                    self.square_name(from)
                ));
            }
            Some(_) => {}
        }
        pos.parse_move(&coord).map_err(|e| e.message)
    }

    /// The position as XBoard reads it: its letters, and in the castling
    /// field what XBoard expects there (castling rights when the king
    /// castles; the files of unmoved back-rank men when it does not).
    pub fn fen(&self, pos: &Position) -> String {
        let g = self.variant.geometry;
        let mut s = String::new();
        for rank in (0..g.height as i32).rev() {
            let mut empty = 0;
            for file in 0..g.width as i32 {
                let sq = g.square(file, rank).expect("on the board");
                match pos.piece_at(sq) {
                    None => empty += 1,
                    Some((kind, color)) => {
                        if empty > 0 {
                            let _ = write!(s, "{empty}");
                            empty = 0;
                        }
                        s.push_str(&self.letter(kind, color));
                    }
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let fields: Vec<String> = pos.fen().split_whitespace().map(str::to_string).collect();
        let side = if pos.side_to_move() == 0 { "w" } else { "b" };
        let castling = if self.variant.castling.is_empty() {
            self.unmoved_files(pos)
        } else {
            fields.get(2).cloned().unwrap_or_else(|| "-".into())
        };
        let ep = match fields.get(3).map(String::as_str) {
            Some(t) if t != "-" => t
                .split([',', ':'])
                .next()
                .and_then(|first| g.parse_square(first))
                .map_or("-".into(), |sq| self.square_name(sq)),
            _ => "-".into(),
        };
        format!(
            "{s} {side} {castling} {ep} {} {}",
            pos.halfmove_clock(),
            pos.fullmove_number()
        )
    }

    /// The files of men on their own back rank (`ABCabc`), which XBoard
    /// reads as unmoved where the king has no castling.
    fn unmoved_files(&self, pos: &Position) -> String {
        let g = self.variant.geometry;
        let mut s = String::new();
        for (color, rank, base) in [(0, 0, b'A'), (1, g.height as i32 - 1, b'a')] {
            for file in 0..g.width as i32 {
                let sq = g.square(file, rank).expect("on the board");
                if pos.piece_at(sq).is_some_and(|(_, c)| c == color) {
                    s.push(char::from(base + file as u8));
                }
            }
        }
        if s.is_empty() { "-".into() } else { s }
    }

    /// Reads a position XBoard sends (`setboard`) into bigboard's position
    /// text. The en-passant square is dropped where bigboard would read it
    /// otherwise than XBoard means it (XBoard marks one after any long pawn
    /// step).
    pub fn read_fen(&self, text: &str) -> Result<Position, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() || fields.len() > 6 {
            return Err(format!(
                "expected a position (board, side, castling, en passant, counters), not '{}'",
                echo(text)
            ));
        }
        let mut board = String::new();
        let mut chars = fields[0].chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() || c == '/' {
                board.push(c);
            } else if c.is_ascii_alphabetic() {
                let mut letter = c.to_string();
                if let Some(&s) = chars.peek().filter(|s| SUFFIXES.contains(&s.to_string().as_str())) {
                    letter.push(s);
                    chars.next();
                }
                let (kind, color) = self
                    .kind_of(&letter)
                    .ok_or_else(|| format!("board: no piece has the letter '{}'", echo(&letter)))?;
                let code = &self.variant.pieces[kind].code;
                let code = if color == 0 {
                    code.to_ascii_uppercase()
                } else {
                    code.to_ascii_lowercase()
                };
                if code.len() == 1 {
                    board.push_str(&code);
                } else {
                    let _ = write!(board, "{{{code}}}");
                }
            } else {
                return Err(format!(
                    "board: '{}' is not a piece letter, an empty count or '/'",
                    echo(c.encode_utf8(&mut [0; 4]))
                ));
            }
        }
        let side = fields.get(1).copied().unwrap_or("w");
        let castling: String = if self.variant.castling.is_empty() {
            "-".into()
        } else {
            let rights: String = fields
                .get(2)
                .unwrap_or(&"-")
                .chars()
                .filter(|c| "KQkq".contains(*c))
                .collect();
            if rights.is_empty() { "-".into() } else { rights }
        };
        let ep = fields
            .get(3)
            .and_then(|t| self.parse_square_prefix(t))
            .filter(|(_, rest)| rest.is_empty())
            .map_or("-".into(), |(sq, _)| self.variant.geometry.name(sq).to_string());
        let counters = fields.get(4..).map(|c| c.join(" ")).unwrap_or_default();
        let read = |ep: &str| {
            Position::from_fen(
                self.variant.clone(),
                &format!("{board} {side} {castling} {ep} {counters}"),
            )
        };
        match read(&ep) {
            Err(e) if e.field == "en passant" => read("-"),
            other => other,
        }
        .map_err(|e| e.to_string())
    }

    /// A move as XBoard writes it in a game (SAN or coordinates) in
    /// bigboard's terms: its piece letters as bigboard's codes, its rank
    /// numbers as bigboard's. Castling (`O-O`) is left as it is.
    pub fn san_to_bigboard(&self, text: &str) -> String {
        if text.starts_with("O-O") {
            return text.to_string();
        }
        let mut out = String::new();
        // XBoard writes its pawn type's moves without a letter.
        if text.starts_with(|c: char| c.is_ascii_lowercase())
            && let Some(k) = self.types.iter().position(|&t| t == PAWN)
            && self.variant.pieces[k].code != "P"
        {
            out.push_str(&self.variant.pieces[k].code);
        }
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_uppercase() {
                let mut letter = c.to_string();
                if let Some(&s) = chars.peek().filter(|s| SUFFIXES[1..].contains(&s.to_string().as_str())) {
                    letter.push(s);
                    chars.next();
                }
                match self.kind_of(&letter) {
                    Some((kind, _)) => out.push_str(&self.variant.pieces[kind].code),
                    None => out.push_str(&letter),
                }
            } else if c.is_ascii_digit() {
                let mut digits = c.to_string();
                while let Some(d) = chars.next_if(char::is_ascii_digit) {
                    digits.push(d);
                }
                match digits.parse::<i32>() {
                    Ok(n) => {
                        let _ = write!(out, "{}", n - self.first_rank() + 1);
                    }
                    Err(_) => out.push_str(&digits),
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    /// `highlight` for a piece lifted from `from`: its legal destinations,
    /// yellow for a move, red for a capture, magenta where it promotes.
    pub fn highlight(&self, pos: &mut Position, from: Square) -> String {
        let g = self.variant.geometry;
        let mut marks = vec![None; g.len()];
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        for m in legal.into_iter().filter(|m| m.from == from) {
            let capture = m.kind == MoveKind::EnPassant
                || !pos.taken_on_the_way(m).is_empty()
                || (m.to != m.from && pos.piece_at(m.to).is_some() && m.kind != MoveKind::Castle);
            let mark = if m.promotion_kind().is_some() {
                'M'
            } else if capture {
                'R'
            } else {
                'Y'
            };
            let slot = &mut marks[m.to as usize];
            // A promotion choice outranks a plain move to the same square.
            if *slot != Some('M') {
                *slot = Some(mark);
            }
        }
        let mut s = String::new();
        for rank in (0..g.height as i32).rev() {
            let mut empty = 0;
            for file in 0..g.width as i32 {
                let sq = g.square(file, rank).expect("on the board");
                match marks[sq as usize] {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            let _ = write!(s, "{empty}");
                            empty = 0;
                        }
                        s.push(c);
                    }
                }
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
            }
            if rank > 0 {
                s.push('/');
            }
        }
        format!("highlight {s}")
    }

    /// `choice LETTERS` for a piece put down on `to` from `from` where it
    /// may promote: the pieces it may become, the piece itself last where
    /// promotion is optional.
    pub fn choice(&self, pos: &mut Position, from: Square, to: Square) -> Option<String> {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let mut letters = Vec::new();
        let mut plain = false;
        for m in legal.into_iter().filter(|m| m.from == from && m.to == to) {
            match m.promotion_kind() {
                Some(k) => letters.push(self.letters[k].clone()),
                None => plain = true,
            }
        }
        if letters.is_empty() {
            return None;
        }
        if plain && let Some((kind, _)) = pos.piece_at(from) {
            letters.push(self.letters[kind].clone());
        }
        Some(format!("choice {}", letters.concat()))
    }
}

/// White's letter for each kind: its own code where that is one letter,
/// else a free letter, then letters with XBoard's suffixes (`A'`). A kind
/// that is promoted to gets a plain letter first, as a promotion is one
/// letter in XBoard's moves, even if another kind gives up its code for it.
fn assign_letters(variant: &Variant) -> Result<Vec<String>, String> {
    let n = variant.pieces.len();
    let promoted: Vec<Kind> = variant
        .promotion_choices
        .iter()
        .flat_map(|c| c.choices.iter().copied())
        .collect();
    let own = |k: Kind| {
        let code = variant.pieces[k].code.to_ascii_uppercase();
        (code.len() == 1).then_some(code)
    };
    let mut letters: Vec<Option<String>> = (0..n).map(own).collect();
    // One letter, one kind: of two kinds with the same code the first
    // keeps it.
    for k in 0..n {
        if letters[..k].contains(&letters[k]) {
            letters[k] = None;
        }
    }
    let plain: Vec<String> = ('A'..='Z').map(String::from).collect();
    for &k in &promoted {
        if letters[k].is_some() {
            continue;
        }
        let first = variant.pieces[k]
            .code
            .chars()
            .next()
            .map(|c| c.to_ascii_uppercase().to_string());
        let holder = |l: &String| letters.iter().position(|x| x.as_ref() == Some(l));
        let free = first.iter().chain(&plain).find(|l| holder(l).is_none()).cloned();
        let letter = match free {
            Some(l) => l,
            None => {
                // Every plain letter is some kind's: one that is not
                // promoted to gives it up.
                let l = first
                    .iter()
                    .chain(&plain)
                    .find(|l| holder(l).is_some_and(|h| !promoted.contains(&h)))
                    .cloned()
                    .ok_or_else(|| "more kinds are promoted to than XBoard has letters".to_string())?;
                let h = holder(&l).expect("held");
                letters[h] = None;
                l
            }
        };
        letters[k] = Some(letter);
    }
    for k in 0..n {
        if letters[k].is_some() {
            continue;
        }
        let first = variant.pieces[k].code.chars().next().map(|c| c.to_ascii_uppercase());
        let letter = SUFFIXES
            .iter()
            .flat_map(|suffix| first.into_iter().chain('A'..='Z').map(move |c| format!("{c}{suffix}")))
            .find(|l| !letters.contains(&Some(l.clone())))
            .ok_or_else(|| {
                format!(
                    "XBoard has {} piece letters; this variant has {n} kinds",
                    26 * SUFFIXES.len()
                )
            })?;
        letters[k] = Some(letter);
    }
    Ok(letters.into_iter().map(|l| l.expect("every kind lettered")).collect())
}

/// The royal kind's moves with its castling in XBoard's terms (`rO5`: the
/// king goes five squares right, the corner piece jumps next to it), or,
/// without castling, with a harmless `i` move: XBoard takes a king move of
/// two squares along its rank for castling unless the king has `i` moves
/// and no `O`.
fn king_moves(
    variant: &Variant,
    movement: &bigboard::betza::Movement,
    text: String,
    problems: &mut Vec<String>,
) -> String {
    let g = variant.geometry;
    let mut text = text;
    if variant.castling.is_empty() {
        if let Some(first) = movement.patterns.first() {
            let alone = bigboard::betza::Movement {
                patterns: vec![first.clone()],
            };
            let again = xboard_movement(&alone).text;
            if !again.is_empty() && !again.starts_with('i') {
                text = format!("{text}i{again}");
            }
        }
        return text;
    }
    for r in &variant.castling {
        let (kf, kt, rf, rt) = (g.file(r.king), g.file(r.king_to), g.file(r.rook), g.file(r.rook_to));
        let right = kt > kf;
        let corner = if right { g.width as i32 - 1 } else { 0 };
        let beside = if right { kt - 1 } else { kt + 1 };
        let fits = g.rank(r.king) == 0 && g.rank(r.king_to) == 0 && rf == corner && rt == beside && kt != kf;
        if fits {
            let _ = write!(text, "{}O{}", if right { "r" } else { "l" }, (kt - kf).abs());
        } else {
            problems.push("castling XBoard cannot describe".into());
        }
    }
    text
}

/// What XBoard gets wrong about a pawn or lance kind's promotion: it
/// promotes on the last rank only, always, to any piece but a king.
fn promotion_problems(variant: &Variant, kind: Kind, problems: &mut Vec<String>) {
    let g = variant.geometry;
    let name = &variant.pieces[kind].name;
    for sq in 0..g.len() as Square {
        if let Some(p) = variant.promotion(kind, 0, sq) {
            if g.rank(sq) != g.height as i32 - 1 {
                problems.push(format!("{name} promotes before the last rank"));
            }
            if p.optional {
                problems.push(format!("{name} may decline to promote"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bigboard::builtin;

    fn xb(id: &str) -> XbVariant {
        XbVariant::new(builtin(id).unwrap(), 0).unwrap()
    }

    #[test]
    fn xhess_is_taught_with_its_own_letters_on_ranks_from_zero() {
        let x = xb("xhess");
        let pos = Position::new(x.variant.clone());
        let setup = x.setup_line(&pos);
        // The Horseman moves off its file without taking, so it is XBoard's
        // lance, in XBoard's Berolina chess, where that is no en passant.
        assert_eq!(
            setup,
            "setup (.NBRQ......CI.....HK.nbrq......ci.....hk) 10x10+0_berolina \
             r8r/3nkqn3/hcb1ii1bch/1hhhhhhhh1/10/10/1HHHHHHHH1/HCB1II1BCH/3NKQN3/R8R w AJaj - 0 1"
        );
        assert_eq!(x.square_name(0), "a0");
        assert_eq!(x.parse_square_prefix("j9"), Some((99, "")));
        assert!(x.parse_square_prefix("a10").is_none());
        let pieces = x.piece_lines();
        assert!(pieces.contains(&"piece K& KiK".to_string()), "{pieces:?}");
        assert!(
            pieces.contains(&"piece H& faflfrmWlafrmWraflmWfmWflfrcF".to_string()),
            "{pieces:?}"
        );
        assert_eq!(x.problems, ["a king reaching the far rank wins"]);
    }
}
