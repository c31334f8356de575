//! What the page draws of a piece kind: the catalogue, a sketch of its
//! movement for its token, and its moves from the centre of an empty
//! board.

use super::game::Game;
use super::{error, to_js};
use crate::core::geometry::Square;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct PieceInfo {
    kind: usize,
    code: String,
    name: String,
    moves: String,
    royal: bool,
    value: Option<i32>,
    description: String,
    /// A pawn kind (`pawn = true`, or it promotes).
    pawn: bool,
    /// What it does beyond moving and taking by landing, for the
    /// catalogue's filters: "special capture" (withdrawal, approach,
    /// custodial, a shot, a locust, effects on a hopper's screen),
    /// "aura" (freezing, shielding, taken by pawns only), "borrowed powers"
    /// (it moves as other men), "anti-royal".
    traits: Vec<&'static str>,
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

/// What kind `kind` does beyond moving and taking by landing (see
/// [`PieceInfo::traits`]).
fn traits(v: &crate::variant::Variant, kind: usize) -> Vec<&'static str> {
    let m = &v.pieces[kind].mechanics;
    let mut out = Vec::new();
    if m.bits != 0 || m.hurdle != 0 || v.special_attacks[kind] || m.recapture {
        out.push("special capture");
    }
    if m.freeze || m.shield || m.pawns_only {
        out.push("aura");
    }
    if m.borrows() || m.jester || m.mimic {
        out.push("borrowed powers");
    }
    if v.pieces[kind].anti_royal {
        out.push("anti-royal");
    }
    out
}

#[wasm_bindgen]
impl Game {
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
                pawn: v.pawn[kind],
                traits: traits(v, kind),
            })
            .collect();
        to_js(&list)
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
}
