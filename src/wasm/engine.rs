//! The AI, for a Web Worker.

use super::{error, load_position, load_variant, now, optional_text_arg, text_arg, to_js};
use crate::rules::position::Position;
use crate::search::{Control, Info, Limits, Score, Searcher, level};
use crate::text::load::builtin;
use crate::variant::Variant;
use serde::Serialize;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

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

/// How deep [`Engine::warm_up`] searches: from Xhess's start, about 20,000
/// nodes (a tenth of a second before the browser optimises the code, a
/// hundredth after).
const WARM_UP_DEPTH: u32 = 6;

/// The AI, for a Web Worker: one long-lived searcher whose hash table
/// survives between moves. The variant searched is compiled once (it is
/// kept like the page's, by its definition text) with its evaluation.
#[wasm_bindgen]
pub struct Engine {
    searcher: Searcher,
}

#[wasm_bindgen]
impl Engine {
    /// An engine with a hash table of `hash_mb` megabytes (1 to 1024), or
    /// an error when its memory cannot be had.
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

    /// A short search of Xhess's start with a searcher of its own: the
    /// engine's table and histories are untouched, so every search after
    /// it is the one a fresh engine makes. A browser runs a module's code
    /// first as its baseline compiler made it and optimises a function
    /// only once it has run a while (for about a second of searching): a
    /// fresh worker's first search ran at about 70% of the speed of its
    /// later ones. The worker calls this while no request waits.
    #[wasm_bindgen(js_name = warmUp)]
    pub fn warm_up(&self) {
        let v = builtin("xhess").expect("Xhess is built in");
        let mut searcher = Searcher::new(1);
        searcher.evaluator(&v);
        let mut pos = Position::new(v);
        let control = Control {
            clock: &now,
            stop: &|| false,
        };
        let limits = Limits {
            depth: Some(WARM_UP_DEPTH),
            ..Limits::default()
        };
        searcher.search(&mut pos, limits, &control, &mut |_| {});
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
