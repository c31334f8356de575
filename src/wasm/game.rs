//! The `Game` handle: a game in progress for the page, its moves, undo
//! and redo, history and status.

use super::{error, load_position, load_variant, optional_seed_arg, optional_text_arg, text_arg, to_js, variant_info};
use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::rules::outcome::Reason;
use crate::rules::position::Position;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct MoveInfo {
    from: Square,
    to: Square,
    text: String,
    uci: String,
    capture: bool,
    castle: bool,
    promotion: Option<String>,
}

#[derive(Serialize)]
struct Status {
    side: usize,
    check: bool,
    over: bool,
    /// 0 White, 1 Black, null for a draw or a game in progress.
    winner: Option<usize>,
    reason: Option<String>,
    reason_id: Option<&'static str>,
}

#[derive(Serialize)]
struct Cell {
    sq: Square,
    kind: usize,
    color: usize,
    code: String,
}

#[derive(Serialize)]
struct History {
    san: Vec<String>,
    coord: Vec<String>,
    start_fen: String,
}

/// A game in progress: position, history, undo and redo.
#[wasm_bindgen]
pub struct Game {
    pub(super) pos: Position,
    /// The seed of a random setup the game started from, if it did.
    seed: Option<u64>,
    start_fen: String,
    san: Vec<String>,
    redo: Vec<Move>,
}

#[wasm_bindgen]
impl Game {
    /// A game of a built-in variant (or of `definition`, a TOML text, when
    /// given), from its setup or from `fen`, after `moves`; in a variant
    /// with random setups and without `fen`, from the setup of `seed` (a
    /// whole number; one is drawn when it is left out, see
    /// [`Game::seed`]). Every argument but `variant` may be left out or
    /// null; a value of the wrong type is a `TypeError`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        variant: JsValue,
        definition: JsValue,
        fen: JsValue,
        moves: JsValue,
        seed: JsValue,
    ) -> Result<Game, JsValue> {
        let variant = text_arg(&variant, "new Game: variant")?;
        let definition = optional_text_arg(&definition, "new Game: definition")?;
        let fen = optional_text_arg(&fen, "new Game: fen")?;
        let moves = optional_text_arg(&moves, "new Game: moves")?;
        let seed = optional_seed_arg(&seed, "new Game: seed")?;
        let v = load_variant(&variant, definition)?;
        let fen = fen.filter(|f| !f.trim().is_empty());
        let seed = match (&v.random_setup, &fen, seed) {
            (Some(_), None, s) => Some(s.unwrap_or_else(|| (js_sys::Math::random() * 1e9) as u64)),
            (_, _, None) => None,
            (None, _, Some(_)) => return Err(error(format!("new Game: {} has no random setups", v.id)).into()),
            (Some(_), Some(_), Some(_)) => return Err(error("new Game: give a fen or a seed, not both").into()),
        };
        let start = match seed {
            Some(s) => Position::random(v, s).map_err(error)?,
            None => load_position(v, fen, None)?,
        };
        let mut game = Game::of(start, moves)?;
        game.seed = seed;
        Ok(game)
    }

    /// The seed of the random setup the game started from (`undefined`
    /// for a fixed setup or a position text).
    pub fn seed(&self) -> Option<f64> {
        self.seed.map(|s| s as f64)
    }

    fn of(start: Position, moves: Option<String>) -> Result<Game, JsError> {
        let mut game = Game {
            seed: None,
            start_fen: start.fen(),
            pos: start,
            san: Vec::new(),
            redo: Vec::new(),
        };
        // Replayed as a game: no move may follow its end.
        let san = &mut game.san;
        game.pos
            .replay(moves.as_deref().unwrap_or(""), |p, m| san.push(p.san(m)))
            .map_err(error)?;
        Ok(game)
    }

    /// Another game of this game's variant, sharing its compiled tables
    /// (nothing is compiled): from `fen` (the setup when absent), after
    /// `moves`. A non-string is a `TypeError`.
    #[wasm_bindgen(js_name = withPosition)]
    pub fn with_position(&self, fen: JsValue, moves: JsValue) -> Result<Game, JsValue> {
        let fen = optional_text_arg(&fen, "Game.withPosition: fen")?;
        let moves = optional_text_arg(&moves, "Game.withPosition: moves")?;
        Ok(Game::of(load_position(self.pos.variant().clone(), fen, None)?, moves)?)
    }

    /// The variant's summary: id, name, board size, notes, sources, sides.
    pub fn variant(&self) -> JsValue {
        to_js(&variant_info(self.pos.variant().summary()))
    }

    /// The occupied squares.
    pub fn board(&self) -> JsValue {
        let v = self.pos.variant();
        let cells: Vec<Cell> = (0..v.geometry.len() as Square)
            .filter_map(|sq| {
                self.pos.piece_at(sq).map(|(kind, color)| Cell {
                    sq,
                    kind,
                    color,
                    code: v.pieces[kind].code.clone(),
                })
            })
            .collect();
        to_js(&cells)
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The side to move: 0 White, 1 Black.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> usize {
        self.pos.side_to_move()
    }

    /// Every legal move.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&mut self) -> JsValue {
        let mut moves = Vec::new();
        self.pos.legal_moves(&mut moves);
        let list: Vec<MoveInfo> = moves.iter().map(|&m| self.move_info(m)).collect();
        to_js(&list)
    }

    /// Plays a move given as `e2e4` or `e15e16=W`; returns the move played.
    /// On error the game is unchanged.
    pub fn play(&mut self, text: JsValue) -> Result<JsValue, JsValue> {
        let text = text_arg(&text, "Game.play: text")?;
        Ok(self.play_text(&text)?)
    }

    /// The coordinate text (`e2e4`, `e15e16=W`) of the legal move written
    /// `text` in SAN (check marks optional); throws when no move or more
    /// than one is written so. Takes time linear in the number of legal
    /// moves, however many there are.
    #[wasm_bindgen(js_name = moveFromSan)]
    pub fn move_from_san(&mut self, text: JsValue) -> Result<String, JsValue> {
        let text = text_arg(&text, "Game.moveFromSan: text")?;
        let m = self.pos.parse_san(&text).map_err(error)?;
        Ok(self.pos.move_text(m))
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.pos.undo() {
            Some(m) => {
                self.san.pop();
                self.redo.push(m);
                true
            }
            None => false,
        }
    }

    /// Plays again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.redo.pop() else { return false };
        let san = self.pos.san(m);
        self.pos.play_unchecked(m);
        self.san.push(san);
        true
    }

    /// How many moves taken back can be played again.
    #[wasm_bindgen(js_name = redoCount)]
    pub fn redo_count(&self) -> usize {
        self.redo.len()
    }

    /// Moves played so far, in SAN and coordinates, with the start
    /// position.
    pub fn history(&self) -> JsValue {
        let mut replay = Position::from_fen(self.pos.variant().clone(), &self.start_fen).ok();
        let coord: Vec<String> = self
            .pos
            .moves_played()
            .iter()
            .map(|&m| match replay.as_mut() {
                Some(p) => {
                    let t = p.move_text(m);
                    p.play_unchecked(m);
                    t
                }
                None => String::new(),
            })
            .collect();
        to_js(&History {
            san: self.san.clone(),
            coord,
            start_fen: self.start_fen.clone(),
        })
    }

    /// The coordinate moves played, separated by spaces (for the worker).
    #[wasm_bindgen(js_name = movesText)]
    pub fn moves_text(&self) -> String {
        let mut replay = match Position::from_fen(self.pos.variant().clone(), &self.start_fen) {
            Ok(p) => p,
            Err(_) => return String::new(),
        };
        let mut out = Vec::new();
        for &m in self.pos.moves_played() {
            out.push(replay.move_text(m));
            replay.play_unchecked(m);
        }
        out.join(" ")
    }

    /// The FEN the game started from.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.start_fen.clone()
    }

    /// Side to move, check, and the result with its reason when over.
    pub fn status(&mut self) -> JsValue {
        let outcome = self.pos.outcome();
        let status = Status {
            side: self.pos.side_to_move(),
            check: self.pos.in_check(),
            over: outcome.is_some(),
            winner: outcome.and_then(|o| o.winner),
            reason: outcome.map(|o| o.reason.to_string()),
            reason_id: outcome.map(|o| match o.reason {
                Reason::Checkmate => "checkmate",
                Reason::RoyalFarRank => "far-rank",
                Reason::Stalemate => "stalemate",
                Reason::Repetition => "repetition",
                Reason::MoveRule => "move-limit",
                Reason::BareKing => "bare-king",
                Reason::Goal => "goal",
                Reason::RoyalsCaptured => "royals-captured",
                Reason::AntiKingMated => "anti-king-mated",
                Reason::Checks => "checks",
            }),
        };
        to_js(&status)
    }

    /// Can `color` (0 White, 1 Black) still win with its material? When
    /// the other side's flag falls, a side that cannot win only draws.
    #[wasm_bindgen(js_name = canWin)]
    pub fn can_win(&self, color: usize) -> bool {
        self.pos.can_win(color.min(1))
    }

    /// The squares the board does not have (holes), in order.
    pub fn holes(&self) -> Vec<Square> {
        let v = self.pos.variant();
        (0..v.geometry.len() as Square).filter(|&sq| v.is_hole(sq)).collect()
    }

    /// Squares of the side to move's royal pieces that are attacked.
    #[wasm_bindgen(js_name = checkedSquares)]
    pub fn checked_squares(&self) -> Vec<Square> {
        let us = self.pos.side_to_move();
        self.pos
            .royals(us)
            .iter()
            .copied()
            .filter(|&k| self.pos.is_attacked(k, us ^ 1))
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<JsValue, JsError> {
        let m = self.pos.parse_move(text).map_err(error)?;
        let info = self.move_info(m);
        let san = self.pos.san(m);
        self.pos.play_unchecked(m);
        self.san.push(san);
        self.redo.clear();
        Ok(to_js(&info))
    }

    fn move_info(&self, m: Move) -> MoveInfo {
        MoveInfo {
            from: m.from,
            to: m.to,
            text: self.pos.move_text(m),
            uci: self.pos.uci_text(m),
            capture: self.pos.is_capture(m),
            castle: m.kind == MoveKind::Castle,
            promotion: m.promotion_kind().map(|k| self.pos.variant().pieces[k].code.clone()),
        }
    }
}
