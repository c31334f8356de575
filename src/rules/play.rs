//! Play and undo: what a move does to a position. This is the one file
//! that asks the others what a move does: the walk (a path's victims), the
//! capture mechanisms and hurdles (an Effect's victims and screen), the
//! reserve (the exchange a capture settles, the turn's drops) and the
//! counted checks; the position below it only edits squares and state
//! (docs/architecture.md). Legality, royal modes and outcomes, which play
//! moves to judge them, stand above it; the reserve's turns with drops
//! play them from below, by method calls (docs/architecture.md).

use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Cell, EMPTY, cell, cell_color, cell_kind};
use crate::rules::mechanisms::hurdle::Fate;
use crate::rules::position::{Position, push_within};
use crate::rules::state::{
    EnPassant, NO_BAN, NO_CAPTURER, PIECES, SIDE_KEY, State, TOOK, capturer_key, castling_key, ep_key, mover_key,
    square_key, swap_ban_key, swap_pair,
};

impl Position {
    /// Saves the state fields and the hash before a move or a pass.
    /// Room is made first, so that the values are read and stored with no
    /// growth path (a call) between: the browser's engine would hold them
    /// in memory across it.
    #[inline]
    fn save_state(&mut self) {
        self.stack.reserve(1);
        self.history.reserve(1);
        push_within(
            &mut self.stack,
            State {
                castling: self.castling,
                ep: self.ep,
                halfmove: self.halfmove,
                fullmove: self.fullmove,
                hash: self.hash,
                log_len: self.log.len() as u32,
                swap_ban: self.swap_ban,
                last_capturer: self.last_capturer,
                last_mover: self.last_mover,
                checks: self.checks,
                rsv: self.rsv,
            },
        );
        push_within(&mut self.history, self.hash);
    }

    /// Plays a move without checking it. The move must come from this
    /// position's move generator.
    pub fn play_unchecked(&mut self, m: Move) {
        self.save_state();
        self.moves_played.push(m);
        let us = self.side;
        let piece = self.board[m.from as usize];
        let target = self.board[m.to as usize];
        let kind = cell_kind(piece);
        let v = &self.variant;
        // Every kind that promotes is a pawn; en passant, locust and path
        // moves (the kinds after castling) capture.
        let resets =
            (target != EMPTY && m.kind != MoveKind::Swap) || v.pawn[kind] || m.kind as u8 > MoveKind::Castle as u8;
        let mut new_ep = EnPassant::NONE;
        // The last turn's facts, found on the board before the move and
        // kept once it is played (its effects read the opponent's last
        // mover: a `{jester}`'s lender).
        let last_turn = v.reads_last_turn.then(|| {
            let capturer = match m.kind {
                _ if !self.is_capture(m) => NO_CAPTURER,
                MoveKind::Shoot => m.from,
                MoveKind::Destroy => NO_CAPTURER,
                _ => m.to,
            };
            let mover = (kind as u16 + 1) | if self.is_capture(m) { TOOK } else { 0 };
            (capturer, mover)
        });
        // Reserves: the men this move takes, for the exchange it settles.
        let exchange = self.variant.reserve.is_some().then(|| self.exchange_victims(m));
        let v = &self.variant;
        match m.kind {
            MoveKind::Normal => {
                // The man that arrives must still be one that en passant
                // takes: a long move that promotes it into another kind
                // leaves no rights (as a FIDE pawn can be taken en passant
                // only as a pawn), and the position text names the squares
                // by the creator standing beyond them.
                let arrives = m.promotion_kind().unwrap_or(kind);
                if v.ep_creator[kind] && v.ep_creator[arrives] && target == EMPTY && v.is_initial(kind, us, m.from) {
                    new_ep = self.long_move_rights(m.from, m.to);
                }
                if v.has_special && v.special[kind] && new_ep.count == 0 {
                    new_ep = self.leapfrog_rights(m, kind);
                }
                let moved = match m.promotion_kind() {
                    Some(p) => cell(p, us),
                    None => piece,
                };
                self.change_two(m.from, EMPTY, m.to, moved);
            }
            MoveKind::EnPassant => {
                self.change(m.from, EMPTY);
                self.change(m.extra(), EMPTY);
                let moved = match m.promotion_kind() {
                    Some(p) => cell(p, us),
                    None => piece,
                };
                self.change(m.to, moved);
            }
            MoveKind::Locust | MoveKind::Path => self.play_taking_on_the_way(m, piece),
            MoveKind::Effect | MoveKind::Shoot | MoveKind::Swap | MoveKind::Destroy | MoveKind::Remove => {
                self.play_mechanism(m, piece);
            }
            MoveKind::Castle => {
                let r = v.castling_for(m.extra() as usize, us);
                let rook = self.board[r.rook as usize];
                self.change(r.king, EMPTY);
                self.change(r.rook, EMPTY);
                self.change(r.king_to, piece);
                self.change(r.rook_to, rook);
            }
        }
        let mask = &self.castling_mask;
        let lost = mask[m.from as usize] | mask[m.to as usize];
        let castling = self.castling & !lost;
        if castling != self.castling {
            self.hash ^= castling_key(self.castling) ^ castling_key(castling);
            self.castling = castling;
        }
        if new_ep != self.ep {
            self.hash ^= ep_key(self.ep) ^ ep_key(new_ep);
            self.ep = new_ep;
        }
        let ban = if m.kind == MoveKind::Swap && target != EMPTY && cell_color(target) != us {
            swap_pair(m.from, m.to)
        } else {
            NO_BAN
        };
        self.hash ^= swap_ban_key(self.swap_ban) ^ swap_ban_key(ban);
        self.swap_ban = ban;
        if let Some((capturer, mover)) = last_turn {
            self.hash ^= capturer_key(self.last_capturer) ^ capturer_key(capturer);
            self.last_capturer = capturer;
            self.hash ^= mover_key(self.last_mover) ^ mover_key(mover);
            self.last_mover = mover;
        }
        let mut dropped = false;
        if let Some(victims) = exchange {
            self.settle_exchange(m, piece, victims);
            if m.promotion != 0 && self.variant.reserve.is_some_and(|r| r.promote) {
                // The promoted man is the reserve's last piece.
                let before = self.reserve_key();
                let back = &mut self.rsv.back[us][PIECES];
                *back = back.saturating_sub(1);
                self.hash ^= before ^ self.reserve_key();
            }
            dropped = self.play_drops(m);
        }
        self.halfmove = if resets || dropped { 0 } else { self.halfmove + 1 };
        if us == 1 {
            self.fullmove += 1;
        }
        self.side ^= 1;
        self.hash ^= SIDE_KEY;
        if self.variant.win.checks > 0 {
            self.count_check(us);
        }
    }

    /// The squares changed by a move that takes men on the way (kept out of
    /// the common path of [`Position::play_unchecked`]).
    #[inline(never)]
    fn play_taking_on_the_way(&mut self, m: Move, piece: Cell) {
        let moved = match m.promotion_kind() {
            Some(p) => cell(p, self.side),
            None => piece,
        };
        if m.kind == MoveKind::Locust {
            self.change(m.from, EMPTY);
            self.change(m.extra(), EMPTY);
        } else {
            // The walk again, from the position before the move.
            let taken = self.path_effect(m).map(|e| e.taken).unwrap_or_default();
            self.change(m.from, EMPTY);
            for sq in taken {
                self.change(sq, EMPTY);
            }
        }
        self.change(m.to, moved);
    }

    /// The squares changed by a move of the capture mechanisms (see
    /// [`crate::rules::mechanisms`]).
    #[inline(never)]
    fn play_mechanism(&mut self, m: Move, piece: Cell) {
        let moved = match m.promotion_kind() {
            Some(p) => cell(p, self.side),
            None => piece,
        };
        match m.kind {
            MoveKind::Effect => {
                let kind = self.acting_kind(m);
                let victims = self.mechanism_victims(m, kind, self.side);
                let screen = self.hurdle_effect(m);
                self.change(m.from, EMPTY);
                for sq in victims {
                    self.change(sq, EMPTY);
                }
                if let Some(e) = screen {
                    let stays = e.fate == Fate::Stays;
                    self.change(e.screen, if stays { e.man } else { EMPTY });
                }
                self.change(m.to, moved);
                // Reborn last: its square may be the one the mover left.
                if let Some(e) = screen
                    && let Fate::Reborn(sq) = e.fate
                {
                    self.change(sq, e.man);
                }
            }
            MoveKind::Shoot => self.change(m.to, EMPTY),
            MoveKind::Swap => {
                let other = self.board[m.to as usize];
                self.change(m.from, other);
                self.change(m.to, moved);
            }
            MoveKind::Destroy => {
                self.change(m.from, EMPTY);
                self.change(m.to, EMPTY);
            }
            _ => self.change(m.from, EMPTY),
        }
    }

    /// The hash `m` would give, without playing it, where that is quick
    /// to know: a move of one man from one square to another (promoting
    /// or taking on its landing square), in a variant that hashes no
    /// record of the last move, no reserves and no count of checks.
    /// `None` for the others. The search reads ahead the hash table's
    /// slots of the moves it is about to play.
    pub fn hash_after(&self, m: Move) -> Option<u64> {
        let v = &self.variant;
        if m.kind != MoveKind::Normal || m.from == m.to || v.reads_last_turn || v.reserve.is_some() || v.win.checks > 0
        {
            return None;
        }
        let us = self.side;
        let piece = self.board[m.from as usize];
        let target = self.board[m.to as usize];
        let kind = cell_kind(piece);
        // The rights the move leaves, as `play_unchecked` finds them.
        let arrives = m.promotion_kind().unwrap_or(kind);
        let mut ep = EnPassant::NONE;
        if v.ep_creator[kind] && v.ep_creator[arrives] && target == EMPTY && v.is_initial(kind, us, m.from) {
            ep = self.long_move_rights(m.from, m.to);
        }
        if v.has_special && v.special[kind] && ep.count == 0 {
            ep = self.leapfrog_rights(m, kind);
        }
        let moved = m.promotion_kind().map_or(piece, |p| cell(p, us));
        let mut h = self.hash ^ SIDE_KEY ^ square_key(m.from, piece) ^ square_key(m.to, moved);
        if target != EMPTY {
            h ^= square_key(m.to, target);
        }
        let lost = self.castling_mask[m.from as usize] | self.castling_mask[m.to as usize];
        if self.castling & lost != 0 {
            h ^= castling_key(self.castling) ^ castling_key(self.castling & !lost);
        }
        if ep != self.ep {
            h ^= ep_key(self.ep) ^ ep_key(ep);
        }
        Some(h ^ swap_ban_key(self.swap_ban))
    }

    /// A `{leapfrog}` hop (two squares straight forward over a friendly
    /// pawn) leaves the hopped pawn's square open to en passant: a capture
    /// there takes both pawns.
    fn leapfrog_rights(&self, m: Move, kind: usize) -> EnPassant {
        let g = self.variant.geometry;
        let forward = if self.side == 0 { 1 } else { -1 };
        let over = g.offset(m.from, 0, forward);
        let hop = over.is_some_and(|o| g.offset(o, 0, forward) == Some(m.to))
            && self.variant.pieces[kind].movement.patterns.iter().any(|p| p.leapfrog);
        match over {
            Some(o)
                if hop && self.board[o as usize] != EMPTY && self.variant.pawn[cell_kind(self.board[o as usize])] =>
            {
                EnPassant {
                    first: o,
                    count: 1,
                    stride: (g.width as i16) * forward as i16,
                    victim: m.to,
                }
            }
            _ => EnPassant::NONE,
        }
    }

    /// The squares crossed by a straight move of two or more squares.
    fn long_move_rights(&self, from: Square, to: Square) -> EnPassant {
        let g = self.variant.geometry;
        let (dx, dy) = (g.file(to) - g.file(from), g.rank(to) - g.rank(from));
        let n = dx.abs().max(dy.abs());
        let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        if n < 2 || !straight {
            return EnPassant::NONE;
        }
        let stride = (dy / n) * g.width as i32 + dx / n;
        // A leap over pieces crossed nothing it could be taken on.
        if (1..n).any(|i| self.board[(from as i32 + i * stride) as usize] != EMPTY) {
            return EnPassant::NONE;
        }
        EnPassant {
            first: (from as i32 + stride) as Square,
            count: (n - 1) as u8,
            stride: stride as i16,
            victim: to,
        }
    }

    /// Takes back the last move played.
    pub fn undo(&mut self) -> Option<Move> {
        // The saved state is read after the squares are put back, in
        // place: read before, its dozen fields would be held through the
        // loop, which the browser's engine does in memory.
        let log_len = self.stack.last()?.log_len as usize;
        while self.log.len() > log_len {
            let (sq, c, slot) = self.log.pop().expect("log entry");
            self.unput(sq, c, slot);
        }
        let s = self.stack.pop().expect("the state just read");
        self.castling = s.castling;
        self.ep = s.ep;
        self.halfmove = s.halfmove;
        self.fullmove = s.fullmove;
        self.hash = s.hash;
        self.swap_ban = s.swap_ban;
        self.last_capturer = s.last_capturer;
        self.last_mover = s.last_mover;
        self.checks = s.checks;
        self.rsv = s.rsv;
        self.side ^= 1;
        self.history.pop();
        self.moves_played.pop()
    }

    /// Passes the turn without moving (the search's null move).
    pub fn play_null(&mut self) {
        self.save_state();
        self.hash ^= ep_key(self.ep)
            ^ SIDE_KEY
            ^ swap_ban_key(self.swap_ban)
            ^ capturer_key(self.last_capturer)
            ^ mover_key(self.last_mover);
        self.ep = EnPassant::NONE;
        self.swap_ban = NO_BAN;
        self.last_capturer = NO_CAPTURER;
        self.last_mover = 0;
        self.halfmove += 1;
        self.side ^= 1;
    }

    /// Takes back [`Position::play_null`].
    pub fn undo_null(&mut self) {
        let s = self.stack.pop().expect("a null move to undo");
        self.ep = s.ep;
        self.swap_ban = s.swap_ban;
        self.last_capturer = s.last_capturer;
        self.last_mover = s.last_mover;
        self.halfmove = s.halfmove;
        self.hash = s.hash;
        self.side ^= 1;
        self.history.pop();
    }
}
