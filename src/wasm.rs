//! The JavaScript boundary: a `Game` handle for the page and an `Engine`
//! for the AI worker. The only file that knows about wasm-bindgen; errors
//! become JS exceptions with a message, never panics.

use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::outcome::Reason;
use crate::position::Position;
use crate::search::{Control, Info, Limits, Score, Searcher, level};
use crate::variant::{BUILTIN_IDS, DefinitionErrors, Loader, MENU_IDS, Summary, Variant, builtin, builtin_summary};
use serde::Serialize;
use std::cell::{Cell as StdCell, RefCell};
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

/// How many compiled definitions are kept, by exact text: checking a
/// definition and then playing it, a second game of it, or the AI's
/// request after a move, use the same compilation.
const KEPT_DEFINITIONS: usize = 2;

/// Programs compiled between two looks at the clock.
const PROGRAMS_PER_STEP: usize = 1;

type Compiled = Result<Arc<Variant>, DefinitionErrors>;

thread_local! {
    /// The last compiled definitions, most recent first.
    static DEFINITIONS: RefCell<Vec<(String, Compiled)>> = const { RefCell::new(Vec::new()) };
    /// How many definitions this instance began to compile.
    static COMPILATIONS: StdCell<u32> = const { StdCell::new(0) };
}

/// The kept compilation of `text`, made the most recent.
fn kept(text: &str) -> Option<Compiled> {
    DEFINITIONS.with_borrow_mut(|list| {
        let i = list.iter().position(|(t, _)| t == text)?;
        let entry = list.remove(i);
        let out = entry.1.clone();
        list.insert(0, entry);
        Some(out)
    })
}

/// Keeps the compilation of `text`, forgetting the oldest beyond
/// [`KEPT_DEFINITIONS`].
fn keep(text: String, compiled: Compiled) {
    DEFINITIONS.with_borrow_mut(|list| {
        list.retain(|(t, _)| *t != text);
        list.insert(0, (text, compiled));
        list.truncate(KEPT_DEFINITIONS);
    });
}

fn count_compilation() {
    COMPILATIONS.with(|c| c.set(c.get() + 1));
}

/// A definition compiled, or taken from those kept.
fn compile_definition(text: &str) -> Compiled {
    if let Some(known) = kept(text) {
        return known;
    }
    count_compilation();
    let compiled = Variant::from_toml(text);
    keep(text.to_string(), compiled.clone());
    compiled
}

/// How many definition texts this wasm instance has compiled; a text
/// compiled lately is not compiled again. For tests.
#[wasm_bindgen(js_name = definitionCompilations)]
pub fn definition_compilations() -> u32 {
    COMPILATIONS.with(|c| c.get())
}

/// A text argument from JavaScript, or a `TypeError` naming it. Text is
/// taken as a `JsValue` because the glue wasm-bindgen writes for `&str`
/// and `Option<String>` does not check the type: a number or an object
/// from a page script would be read as string memory and trap in wasm.
fn text_arg(value: &JsValue, name: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        let got = if value.is_null() {
            "null".to_string()
        } else {
            value.js_typeof().as_string().unwrap_or_default()
        };
        js_sys::TypeError::new(&format!("{name} must be a string, not {got}")).into()
    })
}

/// An optional text argument: `undefined` and `null` are none.
fn optional_text_arg(value: &JsValue, name: &str) -> Result<Option<String>, JsValue> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        text_arg(value, name).map(Some)
    }
}

/// An optional seed: `undefined` and `null` are none; else a whole number
/// from 0 to 2^53.
fn optional_seed_arg(value: &JsValue, name: &str) -> Result<Option<u64>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n >= 0.0 && n.fract() == 0.0 && n <= 9_007_199_254_740_992.0 => Ok(Some(n as u64)),
        Some(_) => Err(js_sys::RangeError::new(&format!("{name} must be a whole number from 0 to 2^53")).into()),
        None => Err(js_sys::TypeError::new(&format!("{name} must be a number")).into()),
    }
}

/// The variant named by a built-in id, or read from a definition text.
fn load_variant(variant: &str, definition: Option<String>) -> Result<Arc<Variant>, JsError> {
    match definition {
        Some(text) => compile_definition(&text).map_err(error),
        None => builtin(variant).ok_or_else(|| {
            error(format!(
                "unknown variant '{}' (known: {})",
                crate::echo::echo(variant),
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
    sides: [String; 2],
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

/// One pattern of a piece's movement at a glance, for drawing its token
/// (see [`crate::betza::Sketch`]).
#[derive(Serialize)]
struct SketchInfo {
    /// "step", "leap", "slide", "hop", "bent", "crooked", "circle", "mill",
    /// "chain" or "leapfrog".
    path: &'static str,
    atom: [u8; 2],
    /// The first leg's directions, [file step, rank step] from White's side.
    dirs: Vec<[i32; 2]>,
    range: u8,
    moves: bool,
    captures: bool,
    /// "normal", "near", "far", "fly", "bounce", "half" or "mill".
    style: &'static str,
    ski: bool,
    lame: bool,
    initial: bool,
    wrap: bool,
    grasshopper: bool,
    legs: usize,
    last_atom: [u8; 2],
    last_rides: bool,
}

fn style_name(s: crate::betza::Style) -> &'static str {
    use crate::betza::Style;
    match s {
        Style::Normal => "normal",
        Style::Near => "near",
        Style::Far => "far",
        Style::Fly => "fly",
        Style::Bounce => "bounce",
        Style::Half => "half",
        Style::Mill => "mill",
    }
}

/// The ids and names of the built-in variants a page's menu offers
/// ([`MENU_IDS`]; every built-in id is accepted by `Game`).
#[wasm_bindgen(js_name = builtinVariants)]
pub fn builtin_variants() -> JsValue {
    // Read from the definitions, not compiled: a page listing the
    // variants compiles only the one it plays.
    let list: Vec<VariantInfo> = MENU_IDS
        .iter()
        .filter_map(|&id| builtin_summary(id))
        .map(variant_info)
        .collect();
    to_js(&list)
}

fn variant_info(s: Summary) -> VariantInfo {
    VariantInfo {
        id: s.id,
        name: s.name,
        width: s.width,
        height: s.height,
        notes: s.notes,
        sources: s.sources,
        sides: s.sides,
    }
}

/// The problems of a definition for JavaScript: `[{at, message}]`, empty
/// for none.
fn problems_js(errors: Option<&DefinitionErrors>) -> JsValue {
    #[derive(Serialize)]
    struct Problem<'a> {
        at: &'a str,
        message: &'a str,
    }
    let problems: Vec<Problem> = match errors {
        None => Vec::new(),
        Some(e) => {
            e.0.iter()
                .map(|p| Problem {
                    at: &p.at,
                    message: &p.message,
                })
                .collect()
        }
    };
    to_js(&problems)
}

/// Checks a variant definition; returns the list of problems (empty when
/// it is valid), each `{at, message}`. A valid definition is kept
/// compiled for the game that follows.
/// Throws a `TypeError` when `text` is not a string.
#[wasm_bindgen(js_name = checkDefinition)]
pub fn check_definition(text: JsValue) -> Result<JsValue, JsValue> {
    let text = text_arg(&text, "checkDefinition: text")?;
    Ok(problems_js(compile_definition(&text).as_ref().err()))
}

/// Compiles a definition a little at a time, so that a page can compile
/// a large one between frames: `step(ms)` until it returns true, then
/// `problems()`. The result is kept like `checkDefinition`'s, so a `Game`
/// of the same text made afterwards does not compile it again.
#[wasm_bindgen]
pub struct DefinitionLoader {
    text: String,
    /// The compilation under way, if any.
    loader: Option<Box<Loader>>,
    /// The outcome, once over.
    result: Option<Compiled>,
}

#[wasm_bindgen]
impl DefinitionLoader {
    /// Throws a `TypeError` when `text` is not a string.
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> Result<DefinitionLoader, JsValue> {
        let text = text_arg(&text, "new DefinitionLoader: text")?;
        let mut out = DefinitionLoader {
            text,
            loader: None,
            result: None,
        };
        match kept(&out.text) {
            Some(known) => out.result = Some(known),
            None => {
                count_compilation();
                match Loader::new(&out.text) {
                    Ok(loader) => out.loader = Some(Box::new(loader)),
                    Err(e) => out.end(Err(e)),
                }
            }
        }
        Ok(out)
    }

    fn end(&mut self, compiled: Compiled) {
        keep(self.text.clone(), compiled.clone());
        self.result = Some(compiled);
    }

    /// Compiles for about `ms` milliseconds (at least one small step);
    /// true once the definition is compiled or found wrong.
    pub fn step(&mut self, ms: f64) -> bool {
        let start = now();
        while let Some(loader) = self.loader.as_mut() {
            if loader.step(PROGRAMS_PER_STEP) {
                let loader = self.loader.take().expect("compiling");
                self.end(loader.finish());
            } else if now() - start >= ms {
                return false;
            }
        }
        true
    }

    /// Whether the compilation is over.
    pub fn done(&self) -> bool {
        self.result.is_some()
    }

    /// The problems found, each `{at, message}`: empty while compiling
    /// and for a valid definition.
    pub fn problems(&self) -> JsValue {
        problems_js(self.result.as_ref().and_then(|r| r.as_ref().err()))
    }
}

/// A game in progress: position, history, undo and redo.
#[wasm_bindgen]
pub struct Game {
    pos: Position,
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

    pub fn variant(&self) -> JsValue {
        to_js(&variant_info(self.pos.variant().summary()))
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
            // A castling move written as the king taking its rook is
            // entered on the rook's square.
            let to = self.pos.text_to(m);
            let i = match out.iter().position(|d| d.to == to) {
                Some(i) => i,
                None => {
                    out.push(Destination {
                        to,
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

    /// Piece `kind`'s movement at a glance, pattern by pattern (the path
    /// each takes, its first leg's directions from White's side, range and
    /// style, whether it only moves or only captures), for drawing its
    /// token. Empty for a piece moving by file.
    #[wasm_bindgen(js_name = movementSketch)]
    pub fn movement_sketch(&self, kind: usize) -> Result<JsValue, JsError> {
        let v = self.pos.variant();
        let Some(p) = v.pieces.get(kind) else {
            return Err(error(format!("no piece kind {kind}")));
        };
        let list: Vec<SketchInfo> = crate::betza::sketch(&p.movement)
            .into_iter()
            .map(|s| SketchInfo {
                path: s.path.name(),
                atom: [s.atom.0, s.atom.1],
                dirs: s.dirs.iter().map(|&(x, y)| [x, y]).collect(),
                range: s.range,
                moves: s.moves,
                captures: s.captures,
                style: style_name(s.style),
                ski: s.ski,
                lame: s.lame,
                initial: s.initial,
                wrap: s.wrap,
                grasshopper: s.grasshopper,
                legs: s.legs,
                last_atom: [s.last_atom.0, s.last_atom.1],
                last_rides: s.last_rides,
            })
            .collect();
        Ok(to_js(&list))
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
/// survives between moves. The variant searched is compiled once (it is
/// kept like the page's, by its definition text) with its evaluation.
#[wasm_bindgen]
pub struct Engine {
    searcher: Searcher,
}

#[wasm_bindgen]
impl Engine {
    #[wasm_bindgen(constructor)]
    pub fn new(hash_mb: usize) -> Result<Engine, JsError> {
        Ok(Engine {
            searcher: Searcher::try_new(hash_mb.clamp(1, 1024)).map_err(error)?,
        })
    }

    /// The variant to search: a built-in (compiled once per page) or the
    /// definition, taken from those kept compiled when its text is known.
    fn variant(&mut self, variant: &JsValue, definition: &JsValue, at: &str) -> Result<Arc<Variant>, JsValue> {
        let variant = text_arg(variant, &format!("Engine.{at}: variant"))?;
        let definition = optional_text_arg(definition, &format!("Engine.{at}: definition"))?;
        let v = load_variant(&variant, definition)?;
        self.searcher.evaluator(&v);
        Ok(v)
    }

    /// Compiles the variant and its evaluation ahead of a search, so that
    /// the time it takes can be told from the search's.
    pub fn load(&mut self, variant: JsValue, definition: JsValue) -> Result<(), JsValue> {
        self.variant(&variant, &definition, "load").map(|_| ())
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
        variant: JsValue,
        definition: JsValue,
        fen: JsValue,
        moves: JsValue,
        level: u8,
        time_ms: f64,
        seed: u32,
        progress: &js_sys::Function,
    ) -> Result<JsValue, JsValue> {
        let v = self.variant(&variant, &definition, "think")?;
        let fen = text_arg(&fen, "Engine.think: fen")?;
        let moves = text_arg(&moves, "Engine.think: moves")?;
        let mut pos = load_position(v, Some(fen), Some(moves))?;
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
        variant: JsValue,
        definition: JsValue,
        fen: JsValue,
        moves: JsValue,
        depth: u32,
    ) -> Result<JsValue, JsValue> {
        let v = self.variant(&variant, &definition, "searchDepth")?;
        let fen = text_arg(&fen, "Engine.searchDepth: fen")?;
        let moves = text_arg(&moves, "Engine.searchDepth: moves")?;
        let mut pos = load_position(v, Some(fen), Some(moves))?;
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
