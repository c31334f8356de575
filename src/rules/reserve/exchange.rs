//! Exchanges and credits (`[reserve]` variants; docs/variants/uc-170-17-game-rules.md section 4):
//! when a man that took on the last turn is taken on the very next turn,
//! by any mechanism, the exchange is complete and both sides may later
//! drop a replacement of each man lost in it (a credit of the lost man's
//! class). A man not recaptured at once is an absolute loss.
//!
//! Each turn replaces the open exchange ([`Pending`]): the square where
//! the man that took now stands (none when the turn took nothing), and how
//! many pieces and pawns it took that no credit has paid for. A recapture credits the recapturing side
//! with those men and the other side with the recaptured man; the men it
//! takes besides go into the new exchange, the recaptured man does not (a
//! man is credited once: in A x B, C x A, D x C, the second capture
//! credits B and A, the third C only). Mutual destruction completes an
//! exchange at once: each owner is credited its man. Men a move removes
//! otherwise (a frozen man's self-removal, the own men an Anti-King
//! takes, a Circe removal, a change of side) earn nothing.

use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Cell, EMPTY, cell_color, cell_kind};
use crate::rules::mechanisms::hurdle;
use crate::rules::position::Position;
use crate::rules::reserve::reserves::{NO_PENDING, PAWNS, PIECES, Pending, exchange_key};

/// The enemy men a move takes (square and man), found before it is played.
pub(crate) struct Victims(Vec<(Square, Cell)>);

impl Position {
    /// The class of a man for credits: a pawn kind or a piece (a promoted
    /// pawn is a piece: its kind is one).
    fn class_of(&self, c: Cell) -> usize {
        if self.variant.pawn[cell_kind(c)] { PAWNS } else { PIECES }
    }

    /// The enemy men `m` captures, by any mechanism; a Circe removal is
    /// none of them.
    pub(crate) fn exchange_victims(&self, m: Move) -> Victims {
        if m.kind == MoveKind::Normal && self.board[m.to as usize] == EMPTY {
            return Victims(Vec::new());
        }
        let them = self.side ^ 1;
        let circe = hurdle::rebirth_capture(self, m);
        Victims(
            self.captures_of(m)
                .into_iter()
                .filter(|&sq| Some(sq) != circe)
                .map(|sq| (sq, self.board[sq as usize]))
                .filter(|&(_, c)| c != EMPTY && cell_color(c) == them)
                .collect(),
        )
    }

    /// Settles the open exchange after `m` (of the man `mover`, which took
    /// `victims`) is on the board, before the side to move changes: the
    /// credits it earns and the exchange it leaves open. Keeps the hash.
    pub(crate) fn settle_exchange(&mut self, m: Move, mover: Cell, victims: Victims) {
        // Most moves take nothing with no exchange open: nothing changes.
        if victims.0.is_empty() && self.rsv.pending.sq == NO_PENDING && m.kind != MoveKind::Destroy {
            return;
        }
        let us = self.side;
        let them = us ^ 1;
        let mut s = self.rsv;
        let open = s.pending;
        let recaptured = victims
            .0
            .iter()
            .find(|&&(sq, _)| open.sq != NO_PENDING && sq == open.sq);
        if let Some(&(_, man)) = recaptured {
            for class in [PIECES, PAWNS] {
                s.credits[us][class] = s.credits[us][class].saturating_add(open.victims[class]);
            }
            let c = &mut s.credits[them][self.class_of(man)];
            *c = c.saturating_add(1);
        }
        let mut left = [0u8; 2];
        for &(sq, man) in &victims.0 {
            if recaptured.is_some() && sq == open.sq {
                continue;
            }
            let class = self.class_of(man);
            if m.kind == MoveKind::Destroy {
                // The exchange is complete at once.
                let c = &mut s.credits[them][class];
                *c = c.saturating_add(1);
            } else {
                left[class] = left[class].saturating_add(1);
            }
        }
        if m.kind == MoveKind::Destroy {
            let c = &mut s.credits[us][self.class_of(mover)];
            *c = c.saturating_add(1);
        }
        // Where the man that took stands now: a shooter stays put.
        let at = if m.kind == MoveKind::Shoot { m.from } else { m.to };
        // A recapture leaves its own exchange open even when the men it
        // took are all credited: taking it back credits the recapturer.
        s.pending = if !victims.0.is_empty() && m.kind != MoveKind::Destroy {
            Pending { sq: at, victims: left }
        } else {
            Pending {
                sq: NO_PENDING,
                victims: [0; 2],
            }
        };
        // Only credits and the open exchange change here.
        self.hash ^= exchange_key(&self.rsv) ^ exchange_key(&s);
        self.rsv = s;
    }
}
