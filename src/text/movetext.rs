//! Move text: the coordinate form `FROMTO[=PIECE]` that the command line
//! and the wasm boundary read, and a SAN-style form for display.

use crate::core::echo::echo;
use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{EMPTY, cell_kind};
use crate::rules::position::Position;
use std::collections::HashMap;
use std::fmt;

/// A move text that could not be read or is not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The move's text.
    pub text: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move '{}': {}", self.text, self.message)
    }
}

impl std::error::Error for ParseMoveError {}

/// A drop as a move text writes it: the kind's code if given, the square.
type WrittenDrop = (Option<usize>, Square);

impl Position {
    /// Coordinate text of a move: `e2e4`, `i1n1` (castling), `f1f1` (a
    /// pass), `e15e16=W`; men taken on the way follow `^` (`d4e6^e5`, an
    /// igui `d4d4^e5`, a chain `e4g6^e5^f6`), a rebirth square the mover
    /// chose `>` (`c3e3>b1`).
    pub fn move_text(&self, m: Move) -> String {
        let mut s = self.move_text_alone(m);
        if self.variant.reserve.is_some() {
            s.push_str(&self.drops_text(m));
        }
        s
    }

    /// [`Position::move_text`] without a turn's drops.
    fn move_text_alone(&self, m: Move) -> String {
        let g = self.variant.geometry;
        if let Some(mark) = self.action_mark(m) {
            return self.action_text(m, mark);
        }
        let mut s = format!("{}{}", g.name(m.from), g.name(self.text_to(m)));
        for sq in self.taken_on_the_way(m) {
            s.push('^');
            s.push_str(&g.name(sq).to_string());
        }
        self.push_rebirth(m, &mut s);
        if let Some(k) = m.promotion_kind() {
            s.push('=');
            s.push_str(&self.variant.pieces[k].code);
        }
        s
    }

    /// Appends a rebirth's chosen square, `>b1` (`c3e3>b1`).
    fn push_rebirth(&self, m: Move, s: &mut String) {
        if let Some(sq) = self.rebirth_choice(m) {
            s.push('>');
            s.push_str(&self.variant.geometry.name(sq).to_string());
        }
    }

    /// Move text in the UCI convention of Fairy-Stockfish for large boards:
    /// coordinates, promotion as a lower-case suffix (`a10a9`, `e15e16w`).
    pub fn uci_text(&self, m: Move) -> String {
        let g = self.variant.geometry;
        if let Some(mark) = self.action_mark(m) {
            return self.action_text(m, mark) + &self.drops_text(m);
        }
        let mut s = format!("{}{}", g.name(m.from), g.name(self.text_to(m)));
        for sq in self.taken_on_the_way(m) {
            s.push('^');
            s.push_str(&g.name(sq).to_string());
        }
        self.push_rebirth(m, &mut s);
        if let Some(k) = m.promotion_kind() {
            s.push_str(&self.variant.pieces[k].code.to_ascii_lowercase());
        }
        s.push_str(&self.drops_text(m));
        s
    }

    /// The mark between the squares of a move that does not simply go
    /// from one square to another: a shot `a1*a6`, mutual destruction
    /// `d4*e5` (`d4**e5` for a man that could also shoot), a swap
    /// `d4<>d7`, a frozen man's removal `e4-`.
    fn action_mark(&self, m: Move) -> Option<&'static str> {
        match m.kind {
            MoveKind::Shoot => Some("*"),
            MoveKind::Destroy => {
                let both = self
                    .piece_at(m.from)
                    .is_some_and(|(k, _)| self.variant.pieces[k].mechanics.shoots_and_destroys());
                Some(if both { "**" } else { "*" })
            }
            MoveKind::Swap => Some("<>"),
            MoveKind::Remove => Some("-"),
            _ => None,
        }
    }

    fn action_text(&self, m: Move, mark: &str) -> String {
        let g = self.variant.geometry;
        if m.kind == MoveKind::Remove {
            format!("{}-", g.name(m.from))
        } else {
            format!("{}{mark}{}", g.name(m.from), g.name(m.to))
        }
    }

    /// Reads the moves of [`Position::action_mark`] (`None` when `text`
    /// is no such move).
    fn parse_action(&mut self, text: &str, drops: &[(Option<usize>, Square)]) -> Option<Result<Move, ParseMoveError>> {
        let g = self.variant.geometry;
        let (from, rest) = g.parse_square_prefix(text)?;
        let (kinds, rest): (&[MoveKind], &str) = if rest == "-" {
            (&[MoveKind::Remove], "")
        } else if let Some(r) = rest.strip_prefix("**") {
            (&[MoveKind::Destroy], r)
        } else if let Some(r) = rest.strip_prefix('*') {
            (&[MoveKind::Shoot, MoveKind::Destroy], r)
        } else if let Some(r) = rest.strip_prefix("<>") {
            (&[MoveKind::Swap], r)
        } else {
            return None;
        };
        let to = if kinds[0] == MoveKind::Remove {
            from
        } else {
            match g.parse_square(rest) {
                Some(sq) => sq,
                None => {
                    return Some(Err(ParseMoveError {
                        text: echo(text),
                        message: "expected a square after the mark (a1*a6, d4<>d7, e4-)".into(),
                    }));
                }
            }
        };
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let found = kinds.iter().find_map(|&k| {
            legal
                .iter()
                .copied()
                .find(|&m| m.kind == k && m.from == from && m.to == to && self.drops_match(m, drops))
        });
        Some(found.ok_or_else(|| ParseMoveError {
            text: echo(text),
            message: match self.piece_at(from) {
                None => format!("no piece on {}", g.name(from)),
                Some(_) => "not a legal move in this position".into(),
            },
        }))
    }

    /// Why a turn's drops are not legal: the credits and the next reserve
    /// men of the side to move, and some of the legal turns of its move.
    fn drops_help(&self, reached: &[Move]) -> String {
        use crate::rules::reserve::reserves::{PAWNS, PIECES};
        let c = self.credits(self.side);
        let next = |class: usize| {
            self.next_drop(class).map_or("none left".to_string(), |k| {
                format!("{} ({})", self.variant.pieces[k].name, self.variant.pieces[k].code)
            })
        };
        let mut texts: Vec<String> = reached.iter().take(8).map(|&m| self.move_text(m)).collect();
        if reached.len() > 8 {
            texts.push(format!("... ({} in all)", reached.len()));
        }
        format!(
            "no such turn: the side to move holds {} piece and {} pawn credits (next piece: {}; next pawn: {}), plus what its move earns; drops are written +@SQ, the piece first, on empty squares of its drop ranks; this move's turns are {}",
            c[PIECES],
            c[PAWNS],
            next(PIECES),
            next(PAWNS),
            texts.join(", ")
        )
    }

    /// Splits a turn's text into its move and its drops (`e2e4+@c1+@f2`,
    /// `e2e4+{AK}@f2`): each drop an optional kind code and a square.
    fn split_drops<'t>(&self, text: &'t str) -> Result<(&'t str, Vec<WrittenDrop>), String> {
        let Some(at) = text.find('+').filter(|_| self.variant.reserve.is_some()) else {
            return Ok((text, Vec::new()));
        };
        let g = self.variant.geometry;
        let bad = || "expected drops as +@SQ (+CODE@SQ to name the kind), such as e2e4+@c1+@f2".to_string();
        let mut drops = Vec::new();
        for part in text[at + 1..].split('+') {
            let (code, square) = part.split_once('@').ok_or_else(bad)?;
            let sq = g.parse_square(square).ok_or_else(bad)?;
            let code = code.strip_prefix('{').and_then(|c| c.strip_suffix('}')).unwrap_or(code);
            let kind = if code.is_empty() {
                None
            } else {
                Some(
                    self.variant
                        .pieces
                        .iter()
                        .position(|p| p.code.eq_ignore_ascii_case(code))
                        .ok_or_else(|| format!("unknown piece code '{}' in a drop", echo(code)))?,
                )
            };
            drops.push((kind, sq));
        }
        if drops.len() > 2 {
            return Err("at most two drops a turn: a piece, then a pawn".into());
        }
        Ok((&text[..at], drops))
    }

    /// The square a move's text names as its target: where it lands, but
    /// the rook's square for a castling move written as the king taking
    /// its rook (its landing square is one the king's own move reaches).
    pub fn text_to(&self, m: Move) -> Square {
        if m.kind == MoveKind::Castle && self.variant.castling_by_rook.get(m.extra() as usize) == Some(&true) {
            let color = self.piece_at(m.from).map_or(self.side, |(_, c)| c);
            self.variant.castling_for(m.extra() as usize, color).rook
        } else {
            m.to
        }
    }

    /// Reads a coordinate move and finds it among the legal moves. The
    /// promotion piece is a letter code or a name (`=W`, `=wonder`,
    /// `=ski-queen`).
    pub fn parse_move(&mut self, text: &str) -> Result<Move, ParseMoveError> {
        let fail = |message: String| ParseMoveError {
            text: echo(text),
            message,
        };
        let g = self.variant.geometry;
        let (t, drops) = self.split_drops(text.trim()).map_err(fail)?;
        if let Some(result) = self.parse_action(t, &drops) {
            return result;
        }
        let unreadable =
            || fail("expected FROMTO[^TAKEN...][>REBIRTH][=PIECE], such as e2e4, d4e6^e5, c3e3>b1 or e15e16=Q".into());
        let (from, rest) = g.parse_square_prefix(t).ok_or_else(unreadable)?;
        let (to, mut rest) = g.parse_square_prefix(rest).ok_or_else(unreadable)?;
        let mut taken = Vec::new();
        while let Some(after) = rest.strip_prefix('^') {
            let (sq, more) = g.parse_square_prefix(after).ok_or_else(unreadable)?;
            taken.push(sq);
            rest = more;
        }
        taken.sort_unstable();
        let mut rebirth = None;
        if let Some(after) = rest.strip_prefix('>') {
            let (sq, more) = g.parse_square_prefix(after).ok_or_else(unreadable)?;
            rebirth = Some(sq);
            rest = more;
        }
        let promo_text = rest.strip_prefix('=').unwrap_or(rest);
        let promo_text = promo_text
            .strip_prefix('{')
            .and_then(|p| p.strip_suffix('}'))
            .unwrap_or(promo_text);
        let promotion = if promo_text.is_empty() {
            None
        } else {
            let k = self
                .variant
                .kind_by_name(promo_text)
                .ok_or_else(|| fail(format!("unknown piece '{}'", echo(promo_text))))?;
            Some(k)
        };
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let reached: Vec<Move> = legal
            .into_iter()
            .filter(|&m| m.from == from && self.text_to(m) == to)
            // Shots, swaps, destruction and removal have texts of their
            // own (`parse_action`).
            .filter(|m| {
                !matches!(
                    m.kind,
                    MoveKind::Shoot | MoveKind::Swap | MoveKind::Destroy | MoveKind::Remove
                )
            })
            .collect();
        let candidates: Vec<Move> = reached
            .iter()
            .copied()
            .filter(|&m| {
                let mut on_way = self.taken_on_the_way(m);
                on_way.sort_unstable();
                on_way == taken && self.rebirth_choice(m) == rebirth && self.drops_match(m, &drops)
            })
            .collect();
        // A text without the men taken, where only one move goes there:
        // that move (texts written before moves were told apart by them).
        let candidates = if candidates.is_empty() && taken.is_empty() {
            let near: Vec<Move> = reached
                .iter()
                .copied()
                .filter(|&m| self.rebirth_choice(m) == rebirth && self.drops_match(m, &drops))
                .collect();
            let mut sets: Vec<Vec<Square>> = near.iter().map(|&m| self.taken_on_the_way(m)).collect();
            sets.sort();
            sets.dedup();
            if sets.len() == 1 { near } else { candidates }
        } else {
            candidates
        };
        if candidates.is_empty() && !reached.is_empty() {
            let texts: Vec<String> = reached.iter().map(|&m| self.move_text(m)).collect();
            if !drops.is_empty() || reached.iter().any(|&m| !self.drops(m).is_empty()) {
                return Err(fail(self.drops_help(&reached)));
            }
            let what = if reached.iter().any(|&m| self.rebirth_choice(m).is_some()) || rebirth.is_some() {
                "rebirth square (>SQ)"
            } else {
                "men taken on the way"
            };
            return Err(fail(format!(
                "no such move: see the {what}; the moves from {} to {} are {}",
                g.name(from),
                g.name(to),
                texts.join(", ")
            )));
        }
        if candidates.is_empty() {
            let why = match self.piece_at(from) {
                None => format!("no piece on {}", g.name(from)),
                Some((_, c)) if c != self.side => format!("the piece on {} is not the side to move's", g.name(from)),
                Some(_) => "not a legal move in this position".into(),
            };
            return Err(fail(why));
        }
        // A promotion from the reserve is forced: its code may be left out.
        let forced = self.variant.reserve.is_some_and(|r| r.promote) && candidates.iter().all(|m| m.promotion != 0);
        let wanted = promotion.map_or(0, |k| k as u8 + 1);
        let found: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|m| m.promotion == wanted || (forced && promotion.is_none()))
            .collect();
        if found.len() > 1 {
            let texts: Vec<String> = found.iter().map(|&m| self.move_text(m)).collect();
            return Err(fail(format!(
                "it could be {}: give the dropped kind's code",
                texts.join(" or ")
            )));
        }
        if let Some(&m) = found.first() {
            return Ok(m);
        }
        let names: Vec<String> = candidates
            .iter()
            .map(|m| match m.promotion_kind() {
                Some(k) => format!("{} ({})", self.variant.pieces[k].code, self.variant.pieces[k].name),
                None => "no promotion".into(),
            })
            .collect();
        Err(fail(match promotion {
            None => format!("needs a promotion piece: one of {}", names.join(", ")),
            Some(_) => format!("that promotion is not allowed here; choose {}", names.join(", ")),
        }))
    }

    /// Plays a legal move given as text; the position is unchanged on error.
    pub fn play_text(&mut self, text: &str) -> Result<Move, ParseMoveError> {
        let m = self.parse_move(text)?;
        self.play_unchecked(m);
        Ok(m)
    }

    /// The men a locust or chain move takes on the way (not on `to`), in
    /// the order of their squares.
    pub fn taken_on_the_way(&self, m: Move) -> Vec<Square> {
        match m.kind {
            MoveKind::Locust => vec![m.extra()],
            MoveKind::Path => self.path_effect(m).map(|e| e.taken).unwrap_or_default(),
            // A man that borrows or copies powers may reach one square
            // by moves that take different men: each is written with its
            // victims (docs/variants/rule-decisions.md, rule decision 20).
            MoveKind::Effect | MoveKind::EnPassant if self.takes_by_other_powers(m) => {
                let mut v = self.captures_of(m);
                v.retain(|&sq| sq != m.to);
                v
            }
            _ => Vec::new(),
        }
    }

    /// Is `m` a move whose square other moves of its man may reach taking
    /// other men: a borrower's move by a mechanism or en passant, a
    /// `{mimic}` man's en-passant capture (its other moves there take all
    /// that fits at once)?
    fn takes_by_other_powers(&self, m: Move) -> bool {
        self.piece_at(m.from).is_some_and(|(k, _)| {
            let km = &self.variant.pieces[k].mechanics;
            km.borrows() || (km.mimic && m.kind == MoveKind::EnPassant)
        })
    }

    /// SAN-style text of a legal move: piece code (none for `P`), the
    /// origin where needed to tell moves apart (its file, else its rank,
    /// else the square; on boards of more than 26 files a file alone only
    /// before `x`), `x` for captures, the target, `=CODE`, and `+` or `#`.
    /// Castling is `O-O` (rook towards the h-side) or `O-O-O`, followed by
    /// the king's landing square where there are several ways to castle
    /// to one side (`O-O(h1)`); a pass is
    /// the code and its square twice.
    pub fn san(&mut self, m: Move) -> String {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let g = self.variant.geometry;
        let kind = cell_kind(self.board[m.from as usize]);
        let mut rivals = Rivals::default();
        for o in legal {
            if o.to == m.to
                && o.from != m.from
                && o.promotion == m.promotion
                && cell_kind(self.board[o.from as usize]) == kind
            {
                rivals.any = true;
                rivals.same_file |= g.file(o.from) == g.file(m.from);
                rivals.same_rank |= g.rank(o.from) == g.rank(m.from);
            }
        }
        let mut s = self.san_body(m, rivals);
        self.play_unchecked(m);
        let mut replies = Vec::new();
        self.legal_moves(&mut replies);
        if self.in_check() {
            s.push(if replies.is_empty() { '#' } else { '+' });
        }
        self.undo();
        s
    }

    /// Every legal move with its SAN, without check marks, in one pass.
    /// Moves are grouped by (target, promotion, piece kind), so telling a
    /// move from its rivals costs the size of its group, not a scan of
    /// every move: linear in the number of moves, where asking [`san`] of
    /// each would be quadratic (a 64 x 64 board can have 100,000 moves).
    ///
    /// [`san`]: Position::san
    pub fn san_list(&mut self) -> Vec<(Move, String)> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let g = self.variant.geometry;
        let kind_of = |sq: Square| cell_kind(self.board[sq as usize]);
        let mut order: Vec<usize> = (0..legal.len()).collect();
        order.sort_unstable_by_key(|&i| {
            let m = legal[i];
            (m.to, m.promotion, kind_of(m.from), m.from)
        });
        let mut rivals = vec![Rivals::default(); legal.len()];
        let same_group = |a: &usize, b: &usize| {
            let (a, b) = (legal[*a], legal[*b]);
            a.to == b.to && a.promotion == b.promotion && kind_of(a.from) == kind_of(b.from)
        };
        for group in order.chunk_by(same_group) {
            // Sorted by origin, so a move found twice is counted once.
            let mut origins: Vec<Square> = group.iter().map(|&i| legal[i].from).collect();
            origins.dedup();
            if origins.len() < 2 {
                continue;
            }
            let mut files: HashMap<i32, u32> = HashMap::new();
            let mut ranks: HashMap<i32, u32> = HashMap::new();
            for &sq in &origins {
                *files.entry(g.file(sq)).or_default() += 1;
                *ranks.entry(g.rank(sq)).or_default() += 1;
            }
            for &i in group {
                let from = legal[i].from;
                rivals[i] = Rivals {
                    any: true,
                    same_file: files[&g.file(from)] > 1,
                    same_rank: ranks[&g.rank(from)] > 1,
                };
            }
        }
        legal
            .iter()
            .zip(rivals)
            .map(|(&m, r)| (m, self.san_body(m, r)))
            .collect()
    }

    /// The SAN of `m` without check marks, told apart from `rivals`.
    fn san_body(&self, m: Move, rivals: Rivals) -> String {
        self.san_move(m, rivals) + &self.san_drops(m)
    }

    /// [`Position::san_body`] without a turn's drops.
    fn san_move(&self, m: Move, rivals: Rivals) -> String {
        let v = &self.variant;
        let g = v.geometry;
        if m.kind == MoveKind::Castle {
            let r = v.castling[m.extra() as usize];
            let short = g.file(r.rook) > g.file(r.king);
            let mut s = (if short { "O-O" } else { "O-O-O" }).to_string();
            // Several castling moves that way (the king going one to four
            // squares): the king's landing square tells them apart.
            let ways = v
                .castling
                .iter()
                .filter(|o| (g.file(o.rook) > g.file(o.king)) == short)
                .count();
            if ways > 1 {
                s += &format!("({})", g.name(m.to));
            }
            return s;
        }
        let mut s = String::new();
        let code = &v.pieces[cell_kind(self.board[m.from as usize])].code;
        if let Some(mark) = self.action_mark(m) {
            // The origin always: these marks stand between two squares.
            let pawn = code == "P";
            return format!("{}{}", if pawn { "" } else { code.as_str() }, self.action_text(m, mark));
        }
        let capture = m.kind == MoveKind::EnPassant || (m.from != m.to && self.board[m.to as usize] != EMPTY);
        let pawn = code == "P";
        if !pawn {
            s.push_str(code);
        }
        let on_way = self.taken_on_the_way(m);
        if !on_way.is_empty() {
            // Men taken on the way: the origin, then each of them after `^`
            // (`LNd4^e5xf6`); unique without rivals.
            s.push_str(&g.name(m.from).to_string());
            for sq in on_way {
                s.push('^');
                s.push_str(&g.name(sq).to_string());
            }
            if capture {
                s.push('x');
            }
            s.push_str(&g.name(m.to).to_string());
            if let Some(k) = m.promotion_kind() {
                s.push('=');
                s.push_str(&v.pieces[k].code);
            }
            return s;
        }
        if m.from == m.to {
            s.push_str(&g.name(m.from).to_string());
        } else if rivals.any || (pawn && capture) {
            let from = g.name(m.from).to_string();
            let file: String = from.chars().take_while(|c| c.is_ascii_lowercase()).collect();
            let rank: String = from.chars().skip_while(|c| c.is_ascii_lowercase()).collect();
            // Beyond 26 files a file name may have two letters, so a file
            // written straight before the target would read as part of it
            // (`Qaa22`): only a capture's `x` keeps the two apart.
            let file_readable = capture || g.width <= 26;
            if !rivals.same_file && file_readable {
                s.push_str(&file);
            } else if !rivals.same_rank {
                s.push_str(&rank);
            } else {
                s.push_str(&from);
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&g.name(m.to).to_string());
        self.push_rebirth(m, &mut s);
        if let Some(k) = m.promotion_kind() {
            s.push('=');
            s.push_str(&v.pieces[k].code);
        }
        s
    }

    /// Finds the legal move whose SAN is `text` (check marks and
    /// annotations optional), in time linear in the number of legal moves.
    pub fn parse_san(&mut self, text: &str) -> Result<Move, ParseMoveError> {
        let want = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let found: Vec<Move> = self
            .san_list()
            .into_iter()
            .filter(|(_, san)| san == want)
            .map(|(m, _)| m)
            .collect();
        let fail = |message: String| ParseMoveError {
            text: echo(text),
            message,
        };
        match found.first() {
            None => Err(fail("no legal move has this notation".into())),
            Some(&m) if found.iter().all(|o| o.key() == m.key()) => Ok(m),
            Some(_) => {
                let texts: Vec<String> = found.iter().map(|&m| self.move_text(m)).collect();
                Err(fail(format!("ambiguous: {}", texts.join(", "))))
            }
        }
    }
}

/// The parts of a SAN move as another program may write it: the piece
/// code (empty for a pawn), what is given of the origin, whether it
/// captures, the target and the promotion code.
struct SanParts<'a> {
    code: &'a str,
    file: Option<i32>,
    rank: Option<i32>,
    capture: bool,
    to: Square,
    promotion: Option<&'a str>,
}

impl Position {
    /// Reads SAN as other programs write it, a PGN file's moves: like
    /// [`parse_san`](Position::parse_san), but where no move has exactly
    /// this text the move is found from its parts, so an origin written
    /// where bigboard leaves it out (`Ngf3`), a pawn's letter (`Pe4`), a
    /// pawn kind's moves without its letter (`de5`, XBoard's way) and a
    /// promotion left out where only one move fits are read too. The
    /// parts must still name one legal move.
    pub fn parse_san_loose(&mut self, text: &str) -> Result<Move, ParseMoveError> {
        let exact = self.parse_san(text);
        if exact.is_ok() {
            return exact;
        }
        let fail = |message: String| ParseMoveError {
            text: echo(text),
            message,
        };
        let want = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let parts = self.san_parts(want).ok_or_else(|| {
            fail("expected SAN such as Nf3, exd5, e8=Q or Qa21a22, or coordinates such as e2e4".into())
        })?;
        let v = self.variant.clone();
        let g = v.geometry;
        let kind_fits = |kind: usize| {
            let code = &v.pieces[kind].code;
            if parts.code.is_empty() {
                code == "P" || v.pawn[kind]
            } else {
                code.eq_ignore_ascii_case(parts.code)
            }
        };
        let promotion_kind = match parts.promotion {
            Some(p) => Some(
                v.kind_by_name(p)
                    .ok_or_else(|| fail(format!("unknown piece '{}'", echo(p))))?,
            ),
            None => None,
        };
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let found: Vec<Move> = legal
            .into_iter()
            .filter(|&m| {
                let capture = m.kind == MoveKind::EnPassant
                    || !self.taken_on_the_way(m).is_empty()
                    || (m.from != m.to && m.kind != MoveKind::Castle && self.board[m.to as usize] != EMPTY);
                m.to == parts.to
                    && kind_fits(cell_kind(self.board[m.from as usize]))
                    && parts.file.is_none_or(|f| g.file(m.from) == f)
                    && parts.rank.is_none_or(|r| g.rank(m.from) == r)
                    && (!parts.capture || capture)
                    && (promotion_kind.is_none() || m.promotion_kind() == promotion_kind)
            })
            .collect();
        // Without a promotion written, a move that does not promote is
        // meant when there is one.
        let plain: Vec<Move> = found.iter().copied().filter(|m| m.promotion == 0).collect();
        let found = if promotion_kind.is_none() && !plain.is_empty() {
            plain
        } else {
            found
        };
        match found.first() {
            None => Err(fail("no legal move has this notation".into())),
            Some(&m) if found.iter().all(|o| o.key() == m.key()) => Ok(m),
            Some(_) => {
                let texts: Vec<String> = found.iter().map(|&m| self.move_text(m)).collect();
                Err(fail(format!("ambiguous: {}", texts.join(", "))))
            }
        }
    }

    /// Splits SAN into its parts: `CODE [file][rank] [x] TARGET [[=]PROMO]`.
    fn san_parts<'a>(&self, text: &'a str) -> Option<SanParts<'a>> {
        let g = self.variant.geometry;
        let code_len = text.bytes().take_while(u8::is_ascii_uppercase).count();
        let (code, rest) = text.split_at(code_len);
        // The promotion: after `=`, or upper-case letters after the target.
        let (rest, promotion) = match rest.split_once('=') {
            Some((r, p)) if !p.is_empty() => (r, Some(p)),
            Some(_) => return None,
            None => {
                let tail = rest.bytes().rev().take_while(u8::is_ascii_uppercase).count();
                let (r, p) = rest.split_at(rest.len() - tail);
                (r, (!p.is_empty()).then_some(p))
            }
        };
        // The target is the last square: letters then digits at the end.
        let digits = rest.bytes().rev().take_while(u8::is_ascii_digit).count();
        let before = &rest.as_bytes()[..rest.len() - digits];
        // A file has one letter, or two on boards wider than 26 files; a
        // two-letter file starts with `a` or `b` (64 files at most), so an
        // `x` before the target's letter is the capture mark.
        let mut letters = before
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_lowercase())
            .count()
            .min(2);
        if letters == 2 && (g.width <= 26 || !matches!(before[before.len() - 2], b'a' | b'b')) {
            letters = 1;
        }
        let split = rest.len() - digits - letters;
        let (origin, target) = rest.split_at(split);
        let (origin, capture) = match origin.strip_suffix('x') {
            Some(o) => (o, true),
            None => (origin, false),
        };
        let to = g.parse_square(target)?;
        let file_len = origin.bytes().take_while(u8::is_ascii_lowercase).count();
        let (file_text, rank_text) = origin.split_at(file_len);
        if !rank_text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let file = match file_text {
            "" => None,
            f if f.len() <= 2 => Some(f.bytes().fold(0, |n, b| n * 26 + (b - b'a') as i32 + 1) - 1),
            _ => return None,
        };
        let rank = match rank_text {
            "" => None,
            r => Some(r.parse::<i32>().ok()? - 1),
        };
        Some(SanParts {
            code,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }
}

/// Other pieces of a move's kind that can reach its target (with the same
/// promotion): whether there are any, and whether one shares its file or
/// its rank, which decides how much of the origin SAN writes.
#[derive(Clone, Copy, Debug, Default)]
struct Rivals {
    any: bool,
    same_file: bool,
    same_rank: bool,
}
