//! What the page shows of a move's effects besides the move itself: the
//! men it took, the men it changed elsewhere (a swap's partner, a man
//! reborn, recoloured or changed by a hop, men frozen or freed), and the
//! men standing frozen. The effects themselves are found by
//! [`Position::effects_of`](crate::rules::position::Position::effects_of).

use super::game::Game;
use super::to_js;
use crate::core::geometry::Square;
use crate::rules::mechanisms::aura;
use crate::text::effects::Effect;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// An effect as the page reads it.
#[derive(Serialize, PartialEq)]
pub(super) struct EffectJs {
    kind: &'static str,
    at: Square,
    to: Option<Square>,
}

pub(super) fn effects_js(list: &[Effect]) -> Vec<EffectJs> {
    list.iter()
        .map(|e| EffectJs {
            kind: e.kind.name(),
            at: e.at,
            to: e.to,
        })
        .collect()
}

#[wasm_bindgen]
impl Game {
    /// The squares of the men the last move took, by any mechanism (on
    /// its target, on the way, by withdrawal, approach, custodial capture,
    /// a shot ...), for the page to show what happened; empty at the
    /// start.
    #[wasm_bindgen(js_name = lastCaptures)]
    pub fn last_captures(&self) -> Vec<Square> {
        let mut before = self.pos.clone();
        match before.undo() {
            Some(m) => before.captures_of(m),
            None => Vec::new(),
        }
    }

    /// What the last turn did besides its move and drops, for the page to
    /// show on the board: `{ kind, at, to }` for each man it took, swapped,
    /// turned, promoted or demoted, reborn, froze or freed (kinds named by
    /// [`EffectKind::name`](crate::text::effects::EffectKind::name); `at` its square before, `to` after or null).
    /// Empty at the start.
    #[wasm_bindgen(js_name = lastEffects)]
    pub fn last_effects(&self) -> JsValue {
        let mut before = self.pos.clone();
        let list = match before.undo() {
            Some(m) => before.effects_of(m),
            None => Vec::new(),
        };
        to_js(&effects_js(&list))
    }

    /// The squares of the men that stand frozen now (next to an enemy
    /// freezing man), of both sides.
    pub fn frozen(&self) -> Vec<Square> {
        let pos = &self.pos;
        let mut out = Vec::new();
        for color in 0..2 {
            if let Some(f) = aura::frozen_squares(pos, color) {
                out.extend(pos.squares_of(color).iter().copied().filter(|&sq| f.has(sq)));
            }
        }
        out.sort_unstable();
        out
    }
}
