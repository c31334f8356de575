//! A position from a [`Setup`] and back: the one door through which
//! positions come into the rules and go out to the text formats
//! (docs/architecture.md, "The rules know no text"). `from_setup` checks
//! what only the rules can judge: the men stand on the board's squares,
//! the last turn's marks name the right men, and the side that just moved
//! has not left a royal attacked.

use crate::core::geometry::Square;
use crate::core::piece::{EMPTY, cell_color, cell_kind};
use crate::rules::position::{NO_BAN, NO_CAPTURER, Position, TOOK, swap_pair};
use crate::rules::reserve::reserves::{NO_PENDING, ReserveState};
use crate::rules::setup::{Setup, SetupError};
use crate::variant::Variant;
use std::sync::Arc;

fn err(field: &'static str, message: impl Into<String>) -> SetupError {
    SetupError {
        field,
        message: message.into(),
    }
}

impl Position {
    /// The position a setup describes, or what makes it none of the
    /// variant's.
    pub fn from_setup(variant: Arc<Variant>, setup: &Setup) -> Result<Position, SetupError> {
        let g = variant.geometry;
        let n = g.len();
        if setup.board.len() != n || setup.home.len() != n {
            return Err(err(
                "board",
                format!("{} squares, the board has {n}", setup.board.len()),
            ));
        }
        for (sq, &c) in setup.board.iter().enumerate() {
            if c == EMPTY {
                continue;
            }
            if cell_kind(c) >= variant.pieces.len() {
                return Err(err(
                    "board",
                    format!("no piece kind {} on {}", cell_kind(c), g.name(sq as Square)),
                ));
            }
            if variant.is_hole(sq as Square) {
                return Err(err(
                    "board",
                    format!("{} is a hole: no piece stands there", g.name(sq as Square)),
                ));
            }
        }
        if setup.side > 1 {
            return Err(err("side to move", "expected White (0) or Black (1)"));
        }
        if setup.ep.count > 0 && setup.ep.squares().chain([setup.ep.victim]).any(|sq| sq as usize >= n) {
            return Err(err("en passant", "a square off the board"));
        }
        let side = setup.side;
        let held_by = |sq: Square, color| {
            let c = setup.board.get(sq as usize).copied().unwrap_or(EMPTY);
            c != EMPTY && cell_color(c) == color
        };
        let p = setup.pending;
        if p.sq != NO_PENDING && !held_by(p.sq, side ^ 1) {
            return Err(err(
                "pending",
                format!("{} must hold a man of the side that just moved", g.name(p.sq)),
            ));
        }
        if let Some(sq) = setup.last_capturer
            && !held_by(sq, side ^ 1)
        {
            return Err(err(
                "capturer",
                format!(
                    "'{}', expected the square of the man of the side not to move that took on the last move",
                    g.name(sq)
                ),
            ));
        }
        if let Some((kind, _)) = setup.last_mover
            && kind >= variant.pieces.len()
        {
            return Err(err("mover", format!("no piece kind {kind}")));
        }
        let mut pos = Position::empty(variant.clone());
        for (sq, &c) in setup.board.iter().enumerate() {
            if c != EMPTY {
                pos.put(sq as Square, c);
            }
        }
        pos.checks = setup.checks;
        pos.side = side;
        if variant.reserve.is_some() {
            if let Some(lists) = &setup.reserves {
                pos.rsv.front = [[0; 2]; 2];
                pos.rsv.back = ReserveState::full(lists).back;
                pos.reserves = Arc::new(lists.clone());
            }
            pos.rsv.credits = setup.credits;
            pos.rsv.pending = setup.pending;
        }
        pos.swap_ban = setup.swap_ban.map_or(NO_BAN, |(a, b)| swap_pair(a, b));
        pos.last_mover = setup
            .last_mover
            .map_or(0, |(kind, took)| (kind as u16 + 1) | if took { TOOK } else { 0 });
        if !Arc::ptr_eq(&setup.home, &pos.home) {
            pos.home = setup.home.clone();
        }
        pos.last_capturer = setup.last_capturer.unwrap_or(NO_CAPTURER);
        pos.set_state(side, setup.castling, setup.ep, setup.halfmove, setup.fullmove);
        // The side that just moved may not have left a royal attacked: from
        // such a position the royal could be taken and play would go on
        // without it. (Under royal modes, a side in extinction mode may.)
        let them = side ^ 1;
        let checked = pos.check_rules(them);
        if let Some(&k) = pos.royals[them].iter().find(|&&k| checked && pos.is_attacked(k, side)) {
            let (kind, _) = pos.piece_at(k).expect("a royal square holds a piece");
            return Err(err(
                "side to move",
                format!(
                    "the side not to move ({}) is in check: its {} on {} is attacked",
                    variant.sides[them],
                    variant.pieces[kind].name,
                    g.name(k)
                ),
            ));
        }
        Ok(pos)
    }

    /// The position as plain data, for the text formats.
    pub fn to_setup(&self) -> Setup {
        let reserves = self.variant.reserve.is_some().then(|| {
            let mut lists = crate::rules::reserve::reserves::ReserveLists::default();
            for color in 0..2 {
                for class in 0..2 {
                    lists.kinds[color][class] = self.reserve(color, class).to_vec();
                }
            }
            lists
        });
        Setup {
            board: self.board.clone(),
            side: self.side,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            checks: self.checks,
            last_mover: (self.last_mover != 0)
                .then(|| ((self.last_mover & !TOOK) as usize - 1, self.last_mover & TOOK != 0)),
            last_capturer: (self.last_capturer != NO_CAPTURER).then_some(self.last_capturer),
            swap_ban: (self.swap_ban != NO_BAN)
                .then_some(((self.swap_ban >> 16) as Square, (self.swap_ban & 0xFFFF) as Square)),
            home: self.home.clone(),
            reserves,
            credits: self.rsv.credits,
            pending: self.rsv.pending,
        }
    }
}
