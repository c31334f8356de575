//! What the page needs to enter a turn without knowing the rules: where a
//! man may go (with the promotions and the distinct moves of each target,
//! for a chooser), and, after a move, where the turn may drop.

use super::effects::{EffectJs, effects_js};
use super::game::Game;
use super::{error, text_arg, to_js};
use crate::core::geometry::Square;
use crate::core::moves::Move;
use crate::rules::reserve::reserves::{PAWNS, PIECES};
use crate::text::effects::Effect;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct Destination {
    to: Square,
    /// The text of the move there, without a promotion (`e2e4`, or a
    /// shot's, swap's or mutual destruction's own: `a1*a6`, `d4<>d7`); one
    /// of them when `choices` lists several.
    text: String,
    /// Some move there takes a man (on the target or elsewhere).
    capture: bool,
    /// Promotion codes offered on this square.
    promotions: Vec<String>,
    /// The piece may also move there without promoting.
    plain: bool,
    /// When two or more moves reach this square with different effects (a
    /// Lion's igui and its step, a Frog's paths, a shot and a capture by
    /// landing, rebirth squares), each of them, for a chooser; empty
    /// otherwise (promotions alone are told by `promotions`).
    choices: Vec<Choice>,
    /// What the moves there do besides moving the man, each effect once
    /// (see [`Position::effects_of`](crate::rules::position::Position::effects_of)):
    /// men taken elsewhere than on the target (by withdrawal, approach, on
    /// the way, a shot ...), swapped, turned, promoted or demoted, reborn,
    /// frozen or freed.
    effects: Vec<EffectJs>,
}

/// One of several moves to one square.
#[derive(Serialize)]
struct Choice {
    /// The move's text (`d4d4^e5`, `a1*a6`, `c3e3>b1`).
    text: String,
    /// The squares of the men it takes.
    captures: Vec<Square>,
    promotion: Option<String>,
    /// What it does besides moving the man.
    effects: Vec<EffectJs>,
}

/// A man to drop: kind and code.
#[derive(Serialize)]
struct Man {
    kind: usize,
    code: String,
}

/// The drops a move may be followed by.
#[derive(Serialize)]
struct DropOptions {
    /// The reserve piece a piece drop brings, if one may be dropped.
    piece: Option<Man>,
    /// The reserve pawn a pawn drop brings, if one may be dropped.
    pawn: Option<Man>,
    /// Squares where the piece may be dropped (with or without a pawn
    /// drop).
    piece_squares: Vec<Square>,
    /// Squares where the pawn may be dropped.
    pawn_squares: Vec<Square>,
    /// Every legal turn of the move with drops, with its text.
    turns: Vec<DropTurn>,
}

#[derive(Serialize)]
struct DropTurn {
    piece: Option<Square>,
    pawn: Option<Square>,
    text: String,
}

impl Game {
    /// The legal turns of the side to move.
    fn turns(&mut self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.pos.legal_moves(&mut moves);
        moves
    }
}

#[wasm_bindgen]
impl Game {
    /// Where the man on `sq` can go, with the promotion choices of each
    /// target and, where several moves reach it with different effects,
    /// each of them. Turns with drops are entered after their move (see
    /// [`Game::drop_squares`]), so they are not listed.
    pub fn destinations(&mut self, sq: Square) -> JsValue {
        let moves: Vec<Move> = self.turns();
        let moves: Vec<Move> = moves
            .into_iter()
            .filter(|&m| m.from == sq && self.pos.drops(m).is_empty())
            .collect();
        // Each move's effects, read off the board after playing it.
        let effects: Vec<Vec<Effect>> = moves.iter().map(|&m| self.pos.effects_of(m)).collect();
        let pos = &self.pos;
        let v = pos.variant().clone();
        // Each destination with its moves' indices.
        let mut out: Vec<(Destination, Vec<usize>)> = Vec::new();
        for (j, (&m, effects)) in moves.iter().zip(&effects).enumerate() {
            let captures = pos.captures_of(m);
            // A castling move written as the king taking its rook is
            // entered on the rook's square.
            let to = pos.text_to(m);
            let i = match out.iter().position(|(d, _)| d.to == to) {
                Some(i) => i,
                None => {
                    out.push((
                        Destination {
                            to,
                            text: pos.move_text(Move { promotion: 0, ..m }),
                            capture: false,
                            promotions: Vec::new(),
                            plain: false,
                            choices: Vec::new(),
                            effects: Vec::new(),
                        },
                        Vec::new(),
                    ));
                    out.len() - 1
                }
            };
            let (d, list) = &mut out[i];
            d.capture |= pos.is_capture(m) || !captures.is_empty();
            for e in effects_js(effects) {
                if !d.effects.contains(&e) {
                    d.effects.push(e);
                }
            }
            match m.promotion_kind() {
                Some(k) => d.promotions.push(v.pieces[k].code.clone()),
                None => d.plain = true,
            }
            list.push(j);
        }
        for (d, list) in &mut out {
            // Moves that differ by more than their promotion.
            let distinct = |a: &Move, b: &Move| Move { promotion: 0, ..*a } != Move { promotion: 0, ..*b };
            if list.iter().any(|&j| distinct(&moves[j], &moves[list[0]])) {
                d.choices = list
                    .iter()
                    .map(|&j| Choice {
                        text: pos.move_text(moves[j]),
                        captures: pos.captures_of(moves[j]),
                        promotion: moves[j].promotion_kind().map(|k| v.pieces[k].code.clone()),
                        effects: effects_js(&effects[j]),
                    })
                    .collect();
            }
        }
        let out: Vec<Destination> = out.into_iter().map(|(d, _)| d).collect();
        to_js(&out)
    }

    /// The drops that may follow the move written `text` (a legal move
    /// without drops): the next reserve piece and pawn, the squares each
    /// may be dropped on, and every legal turn of that move with drops
    /// with its text (`e2e4+@c1+@f2`). Nothing to drop (lists empty) in a
    /// variant without reserves or without a credit to pay. Throws when
    /// `text` is no legal move.
    #[wasm_bindgen(js_name = dropSquares)]
    pub fn drop_squares(&mut self, text: JsValue) -> Result<JsValue, JsValue> {
        let text = text_arg(&text, "Game.dropSquares: text")?;
        let m = self.pos.parse_move(&text).map_err(error)?;
        let m = self.pos.move_alone(m);
        let turns = self.turns();
        let pos = &self.pos;
        let mut out = DropOptions {
            piece: None,
            pawn: None,
            piece_squares: Vec::new(),
            pawn_squares: Vec::new(),
            turns: Vec::new(),
        };
        let man = |class: usize| {
            pos.next_drop(class).map(|kind| Man {
                kind,
                code: pos.variant().pieces[kind].code.clone(),
            })
        };
        for t in turns.into_iter().filter(|&t| pos.move_alone(t) == m) {
            let d = pos.drops(t);
            if d.is_empty() {
                continue;
            }
            if let Some(sq) = d.piece {
                if out.piece.is_none() {
                    out.piece = man(PIECES);
                }
                if !out.piece_squares.contains(&sq) {
                    out.piece_squares.push(sq);
                }
            }
            if let Some(sq) = d.pawn {
                if out.pawn.is_none() {
                    out.pawn = man(PAWNS);
                }
                if !out.pawn_squares.contains(&sq) {
                    out.pawn_squares.push(sq);
                }
            }
            out.turns.push(DropTurn {
                piece: d.piece,
                pawn: d.pawn,
                text: pos.move_text(t),
            });
        }
        out.piece_squares.sort_unstable();
        out.pawn_squares.sort_unstable();
        Ok(to_js(&out))
    }
}
