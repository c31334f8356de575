//! Each side's reserves and credits for the page: the lists in drop order
//! as the game holds them, with the cursors that tell which men are still
//! there, which is dropped next and which the next promotion brings.

use super::game::Game;
use super::to_js;
use crate::rules::reserve::reserves::{PAWNS, PIECES};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// One side's reserves. A list holds the men of the game's setup (or of
/// the position text it started from) in drop order; the men from
/// `front` up to (not including) `back` are still there: drops take the
/// front, promotions the back.
#[derive(Serialize)]
struct SideReserve {
    /// Piece kinds in drop order.
    pieces: Vec<usize>,
    /// Their codes.
    piece_codes: Vec<String>,
    pawns: Vec<usize>,
    pawn_codes: Vec<String>,
    piece_front: usize,
    piece_back: usize,
    pawn_front: usize,
    pawn_back: usize,
    /// The index of the piece dropped next, if any is left.
    next_piece: Option<usize>,
    /// The index of the pawn dropped next.
    next_pawn: Option<usize>,
    /// The index of the piece the next promotion brings.
    promotion: Option<usize>,
    /// Credits: pieces and pawns the side may still drop.
    credits: [u8; 2],
}

#[wasm_bindgen]
impl Game {
    /// Both sides' reserves (White's, then the second side's); `null` in a
    /// variant without reserves.
    pub fn reserves(&self) -> JsValue {
        let pos = &self.pos;
        let v = pos.variant();
        if v.reserve.is_none() {
            return JsValue::NULL;
        }
        let code = |k: &usize| v.pieces[*k].code.clone();
        let sides: Vec<SideReserve> = (0..2)
            .map(|color| {
                let lists = &pos.reserves.kinds[color];
                let s = &pos.rsv;
                let [pf, wf] = s.front[color].map(usize::from);
                let [pb, wb] = s.back[color].map(usize::from);
                SideReserve {
                    pieces: lists[PIECES].clone(),
                    piece_codes: lists[PIECES].iter().map(code).collect(),
                    pawns: lists[PAWNS].clone(),
                    pawn_codes: lists[PAWNS].iter().map(code).collect(),
                    piece_front: pf,
                    piece_back: pb,
                    pawn_front: wf,
                    pawn_back: wb,
                    next_piece: (pf < pb).then_some(pf),
                    next_pawn: (wf < wb).then_some(wf),
                    promotion: (pf < pb).then(|| pb - 1),
                    credits: pos.credits(color),
                }
            })
            .collect();
        to_js(&sides)
    }

    /// Each side's credits, `[[pieces, pawns], [pieces, pawns]]` (White's
    /// first); `null` in a variant without reserves.
    pub fn credits(&self) -> JsValue {
        if self.pos.variant().reserve.is_none() {
            return JsValue::NULL;
        }
        to_js(&[self.pos.credits(0), self.pos.credits(1)])
    }

    /// The square of the man whose capture on this turn completes an
    /// exchange (it took on the last turn), or `undefined`.
    #[wasm_bindgen(js_name = pendingExchange)]
    pub fn pending_exchange(&self) -> Option<crate::core::geometry::Square> {
        let sq = self.pos.rsv.pending.sq;
        (self.pos.variant().reserve.is_some() && sq != crate::rules::reserve::reserves::NO_PENDING).then_some(sq)
    }
}
