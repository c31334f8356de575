//! The JavaScript boundary: a `Game` handle for the page and an `Engine`
//! for the AI worker. The only file that knows about wasm-bindgen; errors
//! become JS exceptions with a message, never panics.

use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::outcome::Reason;
use crate::position::Position;
use crate::search::{Control, Info, Limits, Score, Searcher, level};
use crate::variant::{BUILTIN_IDS, Variant, builtin};
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

fn error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

/// The variant named by a built-in id, or read from a definition text.
fn load_variant(variant: &str, definition: Option<String>) -> Result<Arc<Variant>, JsError> {
    match definition {
        Some(text) => Variant::from_toml(&text).map_err(error),
        None => builtin(variant).ok_or_else(|| {
            error(format!(
                "unknown variant '{variant}' (known: {})",
                BUILTIN_IDS.join(", ")
            ))
        }),
    }
}

/// A position from an optional position text and move list.
fn load_position(variant: Arc<Variant>, fen: Option<String>, moves: Option<String>) -> Result<Position, JsError> {
    let mut pos = match fen.filter(|f| !f.trim().is_empty()) {
        Some(f) => Position::from_fen(variant, &f).map_err(error)?,
        None => Position::new(variant),
    };
    for text in moves.as_deref().unwrap_or("").split_whitespace() {
        pos.play_text(text).map_err(error)?;
    }
    Ok(pos)
}

#[derive(Serialize)]
struct VariantInfo {
    id: String,
    name: String,
    width: u8,
    height: u8,
    notes: String,
    sources: Vec<String>,
}

#[derive(Serialize)]
struct PieceInfo {
    kind: usize,
    code: String,
    name: String,
    moves: String,
    royal: bool,
    value: Option<i32>,
    description: String,
}

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
struct Destination {
    to: Square,
    capture: bool,
    /// Promotion codes offered on this square.
    promotions: Vec<String>,
    /// The piece may also move there without promoting.
    plain: bool,
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

#[derive(Serialize)]
struct Diagram {
    width: u8,
    height: u8,
    from: Square,
    /// Squares the piece may move to (empty board).
    moves: Vec<Square>,
    /// Squares where it could capture a lone enemy.
    captures: Vec<Square>,
}

/// The ids and names of the built-in variants.
#[wasm_bindgen(js_name = builtinVariants)]
pub fn builtin_variants() -> JsValue {
    let list: Vec<VariantInfo> = BUILTIN_IDS
        .iter()
        .filter_map(|id| builtin(id))
        .map(|v| variant_info(&v))
        .collect();
    to_js(&list)
}

fn variant_info(v: &Variant) -> VariantInfo {
    VariantInfo {
        id: v.id.clone(),
        name: v.name.clone(),
        width: v.geometry.width,
        height: v.geometry.height,
        notes: v.notes.clone(),
        sources: v.sources.clone(),
    }
}

/// Checks a variant definition; returns the list of problems (empty when
/// it is valid), each `{at, message}`.
#[wasm_bindgen(js_name = checkDefinition)]
pub fn check_definition(text: &str) -> JsValue {
    #[derive(Serialize)]
    struct Problem {
        at: String,
        message: String,
    }
    let problems: Vec<Problem> = match Variant::from_toml(text) {
        Ok(_) => Vec::new(),
        Err(e) => {
            e.0.into_iter()
                .map(|p| Problem {
                    at: p.at,
                    message: p.message,
                })
                .collect()
        }
    };
    to_js(&problems)
}

/// A game in progress: position, history, undo and redo.
#[wasm_bindgen]
pub struct Game {
    pos: Position,
    start_fen: String,
    san: Vec<String>,
    redo: Vec<Move>,
}

#[wasm_bindgen]
impl Game {
    /// A game of a built-in variant (or of `definition`, a TOML text, when
    /// given), from its setup or from `fen`, after `moves`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        variant: &str,
        definition: Option<String>,
        fen: Option<String>,
        moves: Option<String>,
    ) -> Result<Game, JsError> {
        let v = load_variant(variant, definition)?;
        let start = load_position(v, fen, None)?;
        let mut game = Game {
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

    pub fn variant(&self) -> JsValue {
        to_js(&variant_info(self.pos.variant()))
    }

    /// The piece catalogue: kind, code, name, movement, royal, value,
    /// description.
    pub fn pieces(&self) -> JsValue {
        let v = self.pos.variant();
        let list: Vec<PieceInfo> = v
            .pieces
            .iter()
            .enumerate()
            .map(|(kind, p)| PieceInfo {
                kind,
                code: p.code.clone(),
                name: p.name.clone(),
                moves: p.moves.clone(),
                royal: p.royal,
                value: p.value,
                description: p.description.clone(),
            })
            .collect();
        to_js(&list)
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

    pub fn fen(&self) -> String {
        self.pos.fen()
    }

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

    /// Where the piece on `sq` can go, with the promotion choices of each
    /// target.
    pub fn destinations(&mut self, sq: Square) -> JsValue {
        let mut moves = Vec::new();
        self.pos.legal_moves(&mut moves);
        let v = self.pos.variant().clone();
        let mut out: Vec<Destination> = Vec::new();
        for m in moves.into_iter().filter(|m| m.from == sq) {
            let capture = self.pos.is_capture(m);
            let i = match out.iter().position(|d| d.to == m.to) {
                Some(i) => i,
                None => {
                    out.push(Destination {
                        to: m.to,
                        capture,
                        promotions: Vec::new(),
                        plain: false,
                    });
                    out.len() - 1
                }
            };
            match m.promotion_kind() {
                Some(k) => out[i].promotions.push(v.pieces[k].code.clone()),
                None => out[i].plain = true,
            }
        }
        to_js(&out)
    }

    /// Plays a move given as `e2e4` or `e15e16=W`; returns the move played.
    /// On error the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsError> {
        let m = self.pos.parse_move(text).map_err(error)?;
        let info = self.move_info(m);
        let san = self.pos.san(m);
        self.pos.play_unchecked(m);
        self.san.push(san);
        self.redo.clear();
        Ok(to_js(&info))
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

    /// Where piece `kind` moves from the centre of an empty board, for the
    /// piece panel.
    pub fn diagram(&self, kind: usize) -> Result<JsValue, JsError> {
        let v = self.pos.variant().clone();
        if kind >= v.pieces.len() {
            return Err(error(format!("no piece kind {kind}")));
        }
        let g = v.geometry;
        let from = g
            .square(
                g.width as i32 / 2 - i32::from(g.width.is_multiple_of(2)),
                g.height as i32 / 2 - 1,
            )
            .unwrap_or(0);
        let p = v.tables.program(kind, 0, from);
        let nodes = &v.tables.nodes[p.start as usize..p.start as usize + p.len as usize];
        let mut moves = Vec::new();
        crate::movement::for_each_destination(
            nodes,
            |s| if s == from { crate::movement::FRIEND } else { 0 },
            |to, _| {
                if to != from && !moves.contains(&to) {
                    moves.push(to)
                }
            },
        );
        let mut captures = Vec::new();
        for target in 0..g.len() as Square {
            if target == from {
                continue;
            }
            let mut hit = false;
            crate::movement::for_each_destination(
                nodes,
                |s| {
                    if s == target {
                        crate::movement::ENEMY
                    } else if s == from {
                        crate::movement::FRIEND
                    } else {
                        0
                    }
                },
                |to, cls| hit |= to == target && cls == crate::movement::ENEMY,
            );
            if hit {
                captures.push(target);
            }
        }
        Ok(to_js(&Diagram {
            width: g.width,
            height: g.height,
            from,
            moves,
            captures,
        }))
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

#[derive(Serialize)]
struct Progress {
    depth: u32,
    score_cp: Option<i32>,
    mate: Option<i32>,
    nodes: u64,
    nps: u64,
    time_ms: f64,
    pv: Vec<String>,
}

#[derive(Serialize)]
struct Choice {
    best: Option<String>,
    score_cp: Option<i32>,
    mate: Option<i32>,
    depth: u32,
    nodes: u64,
    pv: Vec<String>,
}

fn split_score(s: Score) -> (Option<i32>, Option<i32>) {
    match s {
        Score::Cp(c) => (Some(c), None),
        Score::Mate(m) => (None, Some(m)),
    }
}

/// The search result for JavaScript, moves written from `pos`.
fn choice(pos: &Position, r: &crate::search::SearchResult) -> JsValue {
    let (score_cp, mate) = split_score(r.score);
    to_js(&Choice {
        best: r.best.map(|m| pos.move_text(m)),
        score_cp,
        mate,
        depth: r.depth,
        nodes: r.nodes,
        pv: r.pv.iter().map(|&m| pos.move_text(m)).collect(),
    })
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The AI, for a Web Worker: one long-lived searcher whose hash table
/// survives between moves.
#[wasm_bindgen]
pub struct Engine {
    searcher: Searcher,
    /// The last author-defined variant, kept so that its tables, the
    /// evaluation and the hash table survive from one move to the next.
    defined: Option<(String, Arc<Variant>)>,
}

#[wasm_bindgen]
impl Engine {
    #[wasm_bindgen(constructor)]
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            searcher: Searcher::new(hash_mb.clamp(1, 1024)),
            defined: None,
        }
    }

    /// The variant to search: a built-in (compiled once per page) or the
    /// definition, compiled again only when its text changes.
    fn variant(&mut self, variant: &str, definition: Option<String>) -> Result<Arc<Variant>, JsError> {
        let Some(text) = definition else {
            return load_variant(variant, None);
        };
        if let Some((known, v)) = &self.defined
            && *known == text
        {
            return Ok(v.clone());
        }
        let v = load_variant(variant, Some(text.clone()))?;
        self.defined = Some((text, v.clone()));
        Ok(v)
    }

    /// Forgets what was learned (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// Chooses a move at `level` (1-8) for the position reached from
    /// `fen` by `moves`, thinking at most `time_ms`. `progress` is called
    /// after each depth with `{depth, score_cp, mate, nodes, nps, time_ms,
    /// pv}`; the result has the same fields and `best`.
    #[allow(clippy::too_many_arguments)]
    pub fn think(
        &mut self,
        variant: &str,
        definition: Option<String>,
        fen: &str,
        moves: &str,
        level: u8,
        time_ms: f64,
        seed: u32,
        progress: &js_sys::Function,
    ) -> Result<JsValue, JsError> {
        let v = self.variant(variant, definition)?;
        let mut pos = load_position(v, Some(fen.to_string()), Some(moves.to_string()))?;
        let shown = pos.clone();
        let control = Control {
            clock: &now,
            stop: &|| false,
        };
        let mut report = |info: &Info| {
            let (score_cp, mate) = split_score(info.score);
            let p = Progress {
                depth: info.depth,
                score_cp,
                mate,
                nodes: info.nodes,
                nps: info.nps,
                time_ms: info.time_ms,
                pv: info.pv.iter().map(|&m| shown.move_text(m)).collect(),
            };
            let _ = progress.call1(&JsValue::NULL, &to_js(&p));
        };
        let level = level.clamp(level::MIN_LEVEL, level::MAX_LEVEL);
        let r = self.searcher.choose(
            &mut pos,
            level,
            time_ms.max(1.0),
            u64::from(seed) | 1,
            &control,
            &mut report,
        );
        Ok(choice(&shown, &r))
    }

    /// Searches to a fixed depth (for tests and analysis).
    #[wasm_bindgen(js_name = searchDepth)]
    pub fn search_depth(
        &mut self,
        variant: &str,
        definition: Option<String>,
        fen: &str,
        moves: &str,
        depth: u32,
    ) -> Result<JsValue, JsError> {
        let v = self.variant(variant, definition)?;
        let mut pos = load_position(v, Some(fen.to_string()), Some(moves.to_string()))?;
        let control = Control {
            clock: &now,
            stop: &|| false,
        };
        let r = self.searcher.search(
            &mut pos,
            Limits {
                depth: Some(depth.clamp(1, 64)),
                ..Limits::default()
            },
            &control,
            &mut |_| {},
        );
        Ok(choice(&pos, &r))
    }
}
