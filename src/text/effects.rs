//! What a move does to the board besides moving its man, named for a
//! reader: men taken (on the way, by withdrawal, approach, overtaking,
//! coordination, custodial capture, a shot ...), men that leave the game
//! without being taken, a swap's partner, men that change side or kind
//! (promoted or demoted on the value ladder), men reborn, and men that
//! become frozen or free. Read off the board after playing the move, so
//! every mechanism shows; a hop's screen is told from its hurdle effect,
//! which alone tells a rebirth from a capture and a move.
//!
//! The page shows these on the board after a move and, for a man looked
//! at, for each of its moves (see `src/wasm/`); the rules do not use them.

use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Cell, cell_color, cell_kind};
use crate::rules::mechanisms::hurdle::Fate;
use crate::rules::position::Position;

/// What happens to a man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EffectKind {
    /// Taken elsewhere than where the mover lands (a landing capture is
    /// the move itself).
    Taken,
    /// Out of the game without being taken: a leapt man whose rebirth
    /// square is taken, the mover of a mutual destruction, a frozen man
    /// that removes itself.
    Left,
    /// A swap's partner, which goes to the mover's square.
    Swapped,
    /// Changes side (an Andernach hop).
    Side,
    /// Becomes a kind higher on the value ladder (an Einstein hop after a
    /// capture).
    Promoted,
    /// Becomes a kind lower on the value ladder.
    Demoted,
    /// Otherwise changed by the move (no mechanism above names it).
    Changed,
    /// Reborn: goes to its rebirth square.
    Reborn,
    /// Stands frozen after the move, and did not before.
    Frozen,
    /// Was frozen, and is free after the move.
    Unfrozen,
}

impl EffectKind {
    /// Its name for the page.
    pub fn name(self) -> &'static str {
        match self {
            EffectKind::Taken => "taken",
            EffectKind::Left => "left",
            EffectKind::Swapped => "swapped",
            EffectKind::Side => "side",
            EffectKind::Promoted => "promoted",
            EffectKind::Demoted => "demoted",
            EffectKind::Changed => "changed",
            EffectKind::Reborn => "reborn",
            EffectKind::Frozen => "frozen",
            EffectKind::Unfrozen => "unfrozen",
        }
    }
}

/// One effect of a move on one man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Effect {
    /// What happens to the man.
    pub kind: EffectKind,
    /// The man's square before the move.
    pub at: Square,
    /// Its square after the move; `None` when it is no longer on the board.
    pub to: Option<Square>,
}

impl Position {
    /// The effects of `m`, a move of the side to move from this position's
    /// move generator, besides its mover's own move, promotion and drops,
    /// each once (in no particular order: sorting would cost the wasm
    /// module a sort of its own). Castling's rook is part of the move, no
    /// effect.
    pub fn effects_of(&mut self, m: Move) -> Vec<Effect> {
        let n = self.variant.geometry.len() as Square;
        let us = self.side;
        let before: Vec<Option<Cell>> = (0..n).map(|sq| self.cell(sq)).collect();
        let freezing = !self.variant.freeze_kinds.is_empty();
        let frozen_of = |p: &Position| -> Vec<bool> {
            if freezing {
                (0..n).map(|sq| p.frozen(sq)).collect()
            } else {
                Vec::new()
            }
        };
        let frozen_before = frozen_of(self);
        let taken = self.captures_of(m);
        let hurdle = self.hurdle_effect(m);
        let drops = self.drops(m);
        self.play_unchecked(m);
        let after: Vec<Option<Cell>> = (0..n).map(|sq| self.cell(sq)).collect();
        let frozen_after = frozen_of(self);
        self.undo();

        let ours = |c: Option<Cell>| c.is_some_and(|c| cell_color(c) == us);
        let mut out = Vec::new();
        // Squares whose change is told by now; the others are read off the board below.
        let mut told = vec![m.from, m.to];
        told.extend(drops.piece);
        told.extend(drops.pawn);
        for &sq in &taken {
            told.push(sq);
            // The man on the landing square is taken by the move itself.
            if !(sq == m.to && ours(after[sq as usize])) {
                out.push(Effect {
                    kind: EffectKind::Taken,
                    at: sq,
                    to: None,
                });
            }
        }
        if let Some(e) = hurdle {
            let s = e.screen;
            told.push(s);
            let to = match e.fate {
                Fate::Stays => Some(s),
                Fate::Reborn(r) => {
                    told.push(r);
                    Some(r)
                }
                Fate::Leaves => None,
            };
            if cell_color(e.man) != cell_color(e.was) {
                out.push(Effect {
                    kind: EffectKind::Side,
                    at: s,
                    to,
                });
            }
            if cell_kind(e.man) != cell_kind(e.was) {
                out.push(Effect {
                    kind: self.ladder(cell_kind(e.was), cell_kind(e.man)),
                    at: s,
                    to,
                });
            }
            match e.fate {
                Fate::Reborn(_) => out.push(Effect {
                    kind: EffectKind::Reborn,
                    at: s,
                    to,
                }),
                Fate::Leaves if !taken.contains(&s) => out.push(Effect {
                    kind: EffectKind::Left,
                    at: s,
                    to: None,
                }),
                _ => {}
            }
        }
        if m.kind == MoveKind::Swap {
            out.push(Effect {
                kind: EffectKind::Swapped,
                at: m.to,
                to: Some(m.from),
            });
        }
        // The mover gone (a mutual destruction, a frozen man's removal): on neither of its squares.
        if !ours(after[m.to as usize]) && after[m.from as usize] != before[m.from as usize] {
            out.push(Effect {
                kind: EffectKind::Left,
                at: m.from,
                to: None,
            });
        }
        if m.kind != MoveKind::Castle {
            for sq in (0..n).filter(|sq| !told.contains(sq)) {
                let (b, a) = (before[sq as usize], after[sq as usize]);
                let kind = match (b, a) {
                    _ if a == b => continue,
                    (Some(b), Some(a)) if cell_kind(a) == cell_kind(b) => EffectKind::Side,
                    (Some(b), Some(a)) if cell_color(a) == cell_color(b) => self.ladder(cell_kind(b), cell_kind(a)),
                    (Some(_), None) => EffectKind::Left,
                    _ => EffectKind::Changed,
                };
                out.push(Effect {
                    kind,
                    at: sq,
                    to: a.map(|_| sq),
                });
            }
        }
        if freezing {
            // Men that stay where they are, as they are; and a swap's partner.
            let partner = (m.kind == MoveKind::Swap).then_some((m.to, m.from));
            let stay = (0..n).filter(|&sq| {
                before[sq as usize].is_some() && before[sq as usize] == after[sq as usize] && sq != m.from && sq != m.to
            });
            for (was, now) in stay.map(|sq| (sq, sq)).chain(partner) {
                let kind = match (frozen_before[was as usize], frozen_after[now as usize]) {
                    (false, true) => EffectKind::Frozen,
                    (true, false) => EffectKind::Unfrozen,
                    _ => continue,
                };
                out.push(Effect {
                    kind,
                    at: was,
                    to: Some(now),
                });
            }
        }
        out
    }

    /// Whether a man of kind `was` that became `now` went up or down the
    /// value ladder (by the definition's values, 0 where none is given,
    /// ties by the order of definition, as `{einstein}` climbs it).
    fn ladder(&self, was: usize, now: usize) -> EffectKind {
        let rank = |k: usize| (self.variant.pieces[k].value.unwrap_or(0), k);
        if rank(now) > rank(was) {
            EffectKind::Promoted
        } else {
            EffectKind::Demoted
        }
    }
}
