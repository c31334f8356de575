//! Move text: the coordinate form `FROMTO[=PIECE]` that the command line
//! and the wasm boundary read, and a SAN-style form for display.

use crate::echo::echo;
use crate::moves::{Move, MoveKind};
use crate::piece::{EMPTY, cell_kind};
use crate::position::Position;
use std::fmt;

/// A move text that could not be read or is not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    pub text: String,
    pub message: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move '{}': {}", self.text, self.message)
    }
}

impl std::error::Error for ParseMoveError {}

impl Position {
    /// Coordinate text of a move: `e2e4`, `i1n1` (castling), `f1f1` (a
    /// pass), `e15e16=W`.
    pub fn move_text(&self, m: Move) -> String {
        let g = self.variant.geometry;
        let mut s = format!("{}{}", g.name(m.from), g.name(m.to));
        if let Some(k) = m.promotion_kind() {
            s.push('=');
            s.push_str(&self.variant.pieces[k].code);
        }
        s
    }

    /// Move text in the UCI convention of Fairy-Stockfish for large boards:
    /// coordinates, promotion as a lower-case suffix (`a10a9`, `e15e16w`).
    pub fn uci_text(&self, m: Move) -> String {
        let g = self.variant.geometry;
        let mut s = format!("{}{}", g.name(m.from), g.name(m.to));
        if let Some(k) = m.promotion_kind() {
            s.push_str(&self.variant.pieces[k].code.to_ascii_lowercase());
        }
        s
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
        let t = text.trim();
        let unreadable = || fail("expected FROMTO[=PIECE], such as e2e4 or e15e16=Q".into());
        let (from, rest) = g.parse_square_prefix(t).ok_or_else(unreadable)?;
        let (to, rest) = g.parse_square_prefix(rest).ok_or_else(unreadable)?;
        let promo_text = rest.strip_prefix('=').unwrap_or(rest);
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
        let candidates: Vec<Move> = legal.into_iter().filter(|m| m.from == from && m.to == to).collect();
        if candidates.is_empty() {
            let why = match self.piece_at(from) {
                None => format!("no piece on {}", g.name(from)),
                Some((_, c)) if c != self.side => format!("the piece on {} is not the side to move's", g.name(from)),
                Some(_) => "not a legal move in this position".into(),
            };
            return Err(fail(why));
        }
        let wanted = promotion.map_or(0, |k| k as u8 + 1);
        if let Some(m) = candidates.iter().find(|m| m.promotion == wanted) {
            return Ok(*m);
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

    /// Plays `m` if it is legal; the position is unchanged otherwise.
    pub fn play(&mut self, m: Move) -> Result<(), ParseMoveError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(ParseMoveError {
                text: self.move_text(m),
                message: "not a legal move in this position".into(),
            })
        }
    }

    /// SAN-style text of a legal move: piece code (none for `P`), the
    /// origin where needed to tell moves apart, `x` for captures, the
    /// target, `=CODE`, and `+` or `#`. Castling is `O-O` (rook towards
    /// the h-side) or `O-O-O`; a pass is the code and its square twice.
    pub fn san(&mut self, m: Move) -> String {
        let v = self.variant.clone();
        let g = v.geometry;
        let mut s = String::new();
        if m.kind == MoveKind::Castle {
            let r = v.castling[m.aux as usize];
            s.push_str(if g.file(r.rook) > g.file(r.king) {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let kind = cell_kind(self.board[m.from as usize]);
            let code = &v.pieces[kind].code;
            let capture = m.kind == MoveKind::EnPassant || (m.from != m.to && self.board[m.to as usize] != EMPTY);
            let mut legal = Vec::new();
            self.legal_moves(&mut legal);
            let rivals: Vec<Move> = legal
                .into_iter()
                .filter(|o| {
                    o.to == m.to
                        && o.from != m.from
                        && o.promotion == m.promotion
                        && cell_kind(self.board[o.from as usize]) == kind
                })
                .collect();
            let pawn = code == "P";
            if !pawn {
                s.push_str(code);
            }
            if m.from == m.to {
                s.push_str(&g.name(m.from).to_string());
            } else if !rivals.is_empty() || (pawn && capture) {
                let from = g.name(m.from).to_string();
                let file: String = from.chars().take_while(|c| c.is_ascii_lowercase()).collect();
                let rank: String = from.chars().skip_while(|c| c.is_ascii_lowercase()).collect();
                let same_file = rivals.iter().any(|o| g.file(o.from) == g.file(m.from));
                let same_rank = rivals.iter().any(|o| g.rank(o.from) == g.rank(m.from));
                if !same_file {
                    s.push_str(&file);
                } else if !same_rank {
                    s.push_str(&rank);
                } else {
                    s.push_str(&from);
                }
            }
            if capture {
                s.push('x');
            }
            s.push_str(&g.name(m.to).to_string());
            if let Some(k) = m.promotion_kind() {
                s.push('=');
                s.push_str(&v.pieces[k].code);
            }
        }
        self.play_unchecked(m);
        let mut replies = Vec::new();
        self.legal_moves(&mut replies);
        if self.in_check() {
            s.push(if replies.is_empty() { '#' } else { '+' });
        }
        self.undo();
        s
    }

    /// Finds the legal move whose SAN is `text` (check marks optional).
    pub fn parse_san(&mut self, text: &str) -> Result<Move, ParseMoveError> {
        let clean = |t: &str| t.trim().trim_end_matches(['+', '#', '!', '?']).to_string();
        let want = clean(text);
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        for m in legal {
            if clean(&self.san(m)) == want {
                return Ok(m);
            }
        }
        Err(ParseMoveError {
            text: echo(text),
            message: "no legal move has this notation".into(),
        })
    }
}
