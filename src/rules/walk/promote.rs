//! The promotions the move generator's common path leaves out of line:
//! choices limited by what the side has on the board (`only_lost`,
//! `limits`), and promotion zones, where whether a move may promote
//! depends on where it starts and whether it captures.

use crate::core::moves::Move;
use crate::rules::position::Position;
use crate::rules::walk::movegen::Sink;

impl Position {
    /// Emits `m` (a move of a piece of `kind` that promotes somewhere) with
    /// the promotions it may make under limits and zones.
    #[inline(never)]
    pub(crate) fn emit_ruled_promotions<S: Sink>(&self, m: Move, kind: usize, out: &mut S) {
        let us = self.side;
        let capture = self.is_capture(m);
        let Some(p) = self.variant.zone_promotion(kind, us, m.from, m.to, capture) else {
            out.push(m);
            return;
        };
        if p.optional {
            out.push(m);
        }
        for (i, &k) in p.choices.iter().enumerate() {
            if p.limits.get(i).is_some_and(|l| self.count(k, us) >= l[us] as usize) {
                continue;
            }
            out.push(Move {
                promotion: k as u8 + 1,
                ..m
            });
        }
    }
}
