//! Legality among men of capture mechanisms without playing every move.
//!
//! Out of check, a move can expose a royal only by changing a square that
//! some enemy man's take of it could depend on: the lines of the move
//! tables and the regions of special walks (`mark_royal_lines`), every
//! square on the lines of an enemy man with mechanisms (its path, its
//! landing, the square it withdraws into, the men it leaps: on the line
//! toward a royal, or every line for coordination and custodial capture;
//! a `{circe}` hopper's lines toward a royal and the royal's rebirth
//! squares),
//! and the squares round each royal when a shooter could need a spotter's
//! open line there. Moves that do more than change squares (a swap puts
//! an enemy man where the mover stood; a hurdle effect may turn or promote
//! a man; an aura or a royal moves; a capture that a `{recapture}` man
//! could answer) are always played and tested.

use crate::betza::{Dir, RING, hurdle, mech};
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::cell_kind;
use crate::position::Position;

/// Is `(dx, dy)` a positive multiple of `v`?
fn on_line(dx: i32, dy: i32, v: Dir) -> bool {
    let n = if v.0 != 0 { dx / v.0 } else { dy / v.1 };
    n >= 1 && dx == n * v.0 && dy == n * v.1
}

impl Position {
    /// The squares whose change could let an enemy man take a royal of the
    /// side to move, as a bitset of `words` words; `None` when any move
    /// could (an enemy `{jester}` borrows the kind that moves; an enemy
    /// `{orphan}` or `{friend}` borrows from men anywhere; what an enemy
    /// `{mimic}` takes depends on the kinds on the board).
    pub(crate) fn sensitive_squares(&mut self) -> Option<Vec<u64>> {
        let them = self.side ^ 1;
        if self.list[them].iter().any(|&s| {
            let km = &self.variant.pieces[cell_kind(self.board[s as usize])].mechanics;
            km.jester || km.borrows() || km.mimic
        }) {
            return None;
        }
        self.mark_royal_lines(false);
        let mut marks = self.marks.clone();
        let mut mark = |sq: Square| marks[sq as usize >> 6] |= 1 << (sq & 63);
        let us = self.side;
        let g = self.variant.geometry;
        let mut circe = false;
        for &s in &self.list[them] {
            let kind = cell_kind(self.board[s as usize]);
            let km = &self.variant.pieces[kind].mechanics;
            if km.bits == 0 && km.hurdle & hurdle::CIRCE == 0 {
                continue;
            }
            circe |= km.hurdle & hurdle::CIRCE != 0;
            let sign = if them == 0 { 1 } else { -1 };
            for line in &km.lines {
                // Coordination and custodial capture may start anywhere on
                // the man's lines; the other mechanisms take only on the
                // line toward the royal (and withdrawal next to it).
                let everywhere = line.bits & (mech::COORD | mech::CUSTODIAL) != 0;
                for &v in &line.vectors {
                    let toward = self.royals[us].iter().any(|&k| {
                        let (dx, dy) = ((g.file(k) - g.file(s)) * sign, (g.rank(k) - g.rank(s)) * sign);
                        on_line(dx, dy, v) || on_line(-dx, -dy, v)
                    });
                    if !everywhere && !toward {
                        continue;
                    }
                    let mut sq = s;
                    let mut n = 0;
                    while let Some(next) = g.offset(sq, v.0 * sign, v.1 * sign) {
                        n += 1;
                        if line.range != 0 && n > line.range as i32 + 1 {
                            break;
                        }
                        sq = next;
                        mark(sq);
                    }
                }
            }
        }
        // A `{circe}` hop over a royal captures it when its rebirth square
        // is taken, and a hop over the hopper's own royal is no move then:
        // the squares every royal could be reborn on (its home squares,
        // else its rebirth rank; `crate::hurdle`).
        if circe {
            let antis = [self.anti_royals(us), self.anti_royals(them)].concat();
            for &k in self.royals[us].iter().chain(&self.royals[them]).chain(&antis) {
                let c = self.board[k as usize];
                let mut homed = false;
                for (sq, &h) in self.home.iter().enumerate() {
                    if h == c {
                        homed = true;
                        mark(sq as Square);
                    }
                }
                if !homed {
                    let rank = self.rebirth_rank(c);
                    for f in 0..g.width as i32 {
                        mark(g.square(f, rank).expect("a rank of the board"));
                    }
                }
            }
        }
        // A shot from afar needs a spotter next to the royal or two squares
        // from it over an empty square next to it.
        let shooters = self.list[them]
            .iter()
            .any(|&s| self.variant.mech_bits[cell_kind(self.board[s as usize])] & mech::SHOOT != 0);
        if shooters {
            for &k in &self.royals[us] {
                for &(dx, dy) in &RING {
                    if let Some(sq) = g.offset(k, dx, dy) {
                        mark(sq);
                    }
                }
            }
        }
        Some(marks)
    }

    /// Is `m` certain to leave the royals unattacked, out of check, given
    /// the [`Position::sensitive_squares`]?
    pub(crate) fn leaves_royals_alone(&self, m: Move, sensitive: &[u64]) -> bool {
        let kind = cell_kind(self.board[m.from as usize]);
        let piece = &self.variant.pieces[kind];
        let km = &piece.mechanics;
        if piece.royal || km.freeze || km.shield || km.friendly || km.mimic {
            return false;
        }
        if !matches!(
            m.kind,
            MoveKind::Normal
                | MoveKind::Effect
                | MoveKind::Shoot
                | MoveKind::Destroy
                | MoveKind::Remove
                | MoveKind::EnPassant
                | MoveKind::Locust
                | MoveKind::Path
        ) {
            return false;
        }
        if self.variant.reads_last_turn && self.is_capture(m) {
            return false;
        }
        let marked = |sq: Square| sensitive[sq as usize >> 6] >> (sq & 63) & 1 != 0;
        if marked(m.from) || marked(m.to) {
            return false;
        }
        match m.kind {
            MoveKind::Effect => {
                // A `{jester}` acts as the kind it borrowed.
                let acting = self.acting_kind(m);
                self.hurdle_effect(m).is_none()
                    && !self
                        .mechanism_victims(m.from, m.to, acting, self.side)
                        .into_iter()
                        .any(marked)
            }
            MoveKind::EnPassant | MoveKind::Locust => !marked(self.extra(m)),
            MoveKind::Path => self.path_effect(m).is_some_and(|e| !e.taken.into_iter().any(marked)),
            _ => true,
        }
    }
}
