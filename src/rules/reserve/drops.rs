//! Drops (`[reserve]` variants; docs/variants/rule-decisions.md, rule decision 18;
//! docs/variants/uc-170-17-game-rules.md section 5): a turn
//! is a normal move, then at most one piece drop (the next reserve piece,
//! on an empty square of one's piece rank; an anti-royal on any empty
//! square where it stands attacked after the turn) and at most one pawn
//! drop (the next reserve pawn, on an empty square of one's pawn rank),
//! each paying a credit of its class. Credits the move earns may pay its
//! drops. The move must be legal by itself (a drop never parries a
//! check), and the whole turn too.
//!
//! A turn is one [`Move`]: the drops ride in `aux` above the move's extra,
//! as `crate::core::moves` lays out and decodes them
//! ([`DROPS_SHIFT`](crate::core::moves::DROPS_SHIFT), [`Move::drop_code`]);
//! the code is `(piece square + 1) x (files + 1) + (pawn file + 1)`, 0 for
//! none, which fits ten bits on the boards reserves allow.

use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Color, EMPTY, Kind, cell, cell_kind};
use crate::rules::mechanisms::aura;
use crate::rules::mechanisms::borrowed;
use crate::rules::position::Position;
use crate::rules::reserve::reserves::{NO_PENDING, PAWNS, PIECES};

/// A turn's drops: where the next reserve piece and the next reserve pawn
/// are dropped, if they are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Drops {
    /// Where the next reserve piece is dropped.
    pub piece: Option<Square>,
    /// Where the next reserve pawn is dropped.
    pub pawn: Option<Square>,
}

impl Drops {
    /// The turn drops nothing.
    pub fn is_empty(self) -> bool {
        self.piece.is_none() && self.pawn.is_none()
    }
}

impl Position {
    /// The rank (0-based) `color` drops pieces (`pawn` false) or pawns on.
    fn drop_rank(&self, color: Color, pawn: bool) -> i32 {
        let r = self.variant.reserve.expect("a variant with reserves");
        let rank = if pawn { r.pawn_rank } else { r.piece_rank } as i32;
        if color == 0 {
            rank
        } else {
            self.variant.geometry.height as i32 - 1 - rank
        }
    }

    /// The drops of a turn of the side to move (none in variants without
    /// reserves).
    pub fn drops(&self, m: Move) -> Drops {
        if self.variant.reserve.is_none() {
            return Drops::default();
        }
        let g = self.variant.geometry;
        let files = g.width as u16 + 1;
        let code = m.drop_code();
        let (piece, file) = (code / files, code % files);
        Drops {
            piece: piece.checked_sub(1),
            pawn: file
                .checked_sub(1)
                .and_then(|f| g.square(f as i32, self.drop_rank(self.side, true))),
        }
    }

    /// `m` with the drops `d` (pawn drops on the side to move's pawn rank).
    pub(crate) fn with_drops(&self, m: Move, d: Drops) -> Move {
        let g = self.variant.geometry;
        let files = g.width as u16 + 1;
        let code = d.piece.map_or(0, |sq| sq + 1) * files + d.pawn.map_or(0, |sq| g.file(sq) as u16 + 1);
        m.with_drop_code(code)
    }

    /// The kind the side to move would drop next of `class`, if any.
    pub fn next_drop(&self, class: usize) -> Option<Kind> {
        self.reserve(self.side, class).first().copied()
    }

    /// Plays a turn's drops after its move (the side to move not changed
    /// yet); whether it had any.
    pub(crate) fn play_drops(&mut self, m: Move) -> bool {
        let d = self.drops(m);
        if d.is_empty() {
            return false;
        }
        let us = self.side;
        let before = self.reserve_key();
        for (class, sq) in [(PIECES, d.piece), (PAWNS, d.pawn)] {
            let Some(sq) = sq else { continue };
            let Some(kind) = self.reserve(us, class).first().copied() else {
                continue;
            };
            self.change(sq, cell(kind, us));
            self.rsv.front[us][class] += 1;
            self.rsv.credits[us][class] = self.rsv.credits[us][class].saturating_sub(1);
        }
        self.hash ^= before ^ self.reserve_key();
        true
    }

    /// The move of a turn, without its drops.
    pub fn move_alone(&self, m: Move) -> Move {
        m.without_drops()
    }

    /// Could some turn of the side to move drop: a credit held, or an
    /// exchange open that a recapture completes (a mutual destruction
    /// earns one too, but the generators' moves then carry no drop: the
    /// search leaves those turns to the next turn's credit)?
    pub(crate) fn may_drop(&self) -> bool {
        self.rsv.credits[self.side] != [0, 0] || self.rsv.pending.sq != NO_PENDING
    }

    /// Could a turn of the side to move carry a drop: a credit held, an
    /// exchange open, or a man that may destroy itself with an enemy
    /// (a mutual destruction credits both sides at once)?
    pub(crate) fn may_drop_this_turn(&self) -> bool {
        self.may_drop()
            || (self.mechanics_on_board()
                && self.squares_of(self.side).iter().any(|&sq| {
                    let km = &self.variant.pieces[cell_kind(self.board[sq as usize])].mechanics;
                    km.bits & crate::betza::mech::DESTROY != 0 || km.mimic || km.borrows() || km.jester
                }))
    }

    /// Could `m` be followed by a drop: a credit held, or one the move
    /// earns (completing the open exchange, or a mutual destruction)?
    pub(crate) fn may_drop_after(&self, m: Move) -> bool {
        let us = self.side;
        let c = self.rsv.credits[us];
        let pending = self.rsv.pending.sq;
        c != [0, 0] || m.kind == MoveKind::Destroy || (pending != NO_PENDING && self.captures_of(m).contains(&pending))
    }

    /// Promotion from the reserve (`[reserve] promote = true`): of the
    /// moves from `start`, those that bring a pawn kind onto its last rank
    /// by its own move become the reserve's last piece, or are no moves
    /// while the side's piece reserve is empty.
    pub(crate) fn reserve_promotions(&self, start: usize, out: &mut Vec<Move>) {
        let us = self.side;
        let g = self.variant.geometry;
        let far = self.variant.far_rank(us);
        let back = self.reserve(us, PIECES).last().map(|&k| k as u8 + 1);
        let mut keep = start;
        for i in start..out.len() {
            let mut m = out[i];
            let mover = self.board[m.from as usize];
            let lands = matches!(
                m.kind,
                MoveKind::Normal | MoveKind::EnPassant | MoveKind::Locust | MoveKind::Path | MoveKind::Effect
            );
            if lands && mover != EMPTY && self.variant.pawn[cell_kind(mover)] && g.rank(m.to) == far {
                let Some(k) = back else { continue };
                m.promotion = k;
            }
            out[keep] = m;
            keep += 1;
        }
        out.truncate(keep);
    }

    /// May no pawn kind of `by` enter its last rank, the piece reserve a
    /// promotion there takes from being empty (`[reserve] promote =
    /// true`)? Then its captures that land there are no moves.
    #[inline]
    pub(crate) fn pawns_barred(&self, by: Color) -> bool {
        self.variant.reserve.is_some_and(|r| r.promote) && self.reserve(by, PIECES).is_empty()
    }

    /// Where pawns are barred ([`Position::pawns_barred`]), does the man of
    /// `kind` of `by` on `s`, found by the attack tests to take on
    /// `target`, still take there? Any man but a pawn kind does; a pawn
    /// kind that takes only by landing does when `target` is not on its
    /// last rank; one that also takes otherwise (special walks,
    /// mechanisms, borrowed powers) is asked of its own moves (asked
    /// last: the cheap tests come first).
    #[inline]
    pub(crate) fn barred_pawn_takes(&self, s: Square, kind: Kind, by: Color, target: Square) -> bool {
        let v = &self.variant;
        if !v.pawn[kind] {
            return true;
        }
        if !Self::takes_elsewhere(v, kind) {
            return v.geometry.rank(target) != v.far_rank(by);
        }
        self.pawn_man_takes(s, by, target)
    }

    /// Does a pawn kind take otherwise than by landing on its victim?
    pub(crate) fn takes_elsewhere(v: &crate::variant::Variant, kind: Kind) -> bool {
        v.walks[kind] != 0 || v.special_attacks[kind]
    }

    /// Could the pawn-kind man of `by` on `s` take on `target` by one of
    /// its moves as the generator makes them for `by` (none entering a
    /// last rank it may not enter)?
    pub(crate) fn pawn_man_takes(&self, s: Square, by: Color, target: Square) -> bool {
        // The generators work for the side to move.
        let flipped;
        let p = if by == self.side {
            self
        } else {
            let mut c = self.clone();
            c.side = by;
            flipped = c;
            &flipped
        };
        let mut moves = Vec::new();
        if p.mechanics_on_board() {
            let frozen = aura::frozen_squares(p, by);
            // Only a borrower needs the powers (a lender asked here is none).
            let borrows = p.variant.pieces[cell_kind(self.board[s as usize])].mechanics.borrows();
            let powers = borrows.then(|| borrowed::borrowed_powers(p));
            p.man_moves_with_mechanics(s, frozen.as_ref(), powers.as_ref(), &mut moves);
        } else {
            p.man_moves(s, cell_kind(self.board[s as usize]), &mut moves);
        }
        p.reserve_promotions(0, &mut moves);
        moves.iter().any(|&m| p.captures_of(m).contains(&target))
    }

    /// Does the side to move have any man in reserve?
    pub(crate) fn holds_reserve(&self) -> bool {
        self.variant.reserve.is_some()
            && (!self.reserve(self.side, PIECES).is_empty() || !self.reserve(self.side, PAWNS).is_empty())
    }

    /// The legal turns of a position of a variant with reserves, from the
    /// pseudo-legal moves in `out` (see the module's text).
    pub(crate) fn legal_turns(&mut self, out: &mut Vec<Move>, in_check: Option<bool>) {
        let us = self.side;
        let check_mode = self.check_rules(us);
        // Under check rules, a move that is illegal by itself may still
        // make a legal turn by dropping a royal: the side then plays under
        // extinction (royal modes are judged after the turn).
        let mut illegal_alone = Vec::new();
        if check_mode {
            // The move must be legal by itself.
            if self.may_drop_royal() && self.may_drop_this_turn() {
                let all = out.clone();
                self.retain_legal(out, in_check);
                illegal_alone = all.into_iter().filter(|m| !out.contains(m)).collect();
            } else {
                self.retain_legal(out, in_check);
            }
        }
        // Most positions hold no credit and no open exchange: then only a
        // mutual destruction brings a drop, and the list stays as it is.
        let quiet = self.rsv.credits[us] == [0, 0]
            && self.rsv.pending.sq == NO_PENDING
            && !out.iter().any(|m| m.kind == MoveKind::Destroy);
        if !quiet {
            let moves = std::mem::take(out);
            for &m in &moves {
                out.push(m);
                if self.may_drop_after(m) {
                    self.add_drop_turns(m, out);
                }
            }
        }
        for m in illegal_alone {
            if self.may_drop_after(m) {
                let start = out.len();
                self.add_drop_turns(m, out);
                // A drop never parries a check: only turns that end under
                // extinction (the royal dropped) stand.
                let mut keep = start;
                for i in start..out.len() {
                    let t = out[i];
                    self.play_unchecked(t);
                    let extinction = !self.check_rules(us);
                    self.undo();
                    if extinction {
                        out[keep] = t;
                        keep += 1;
                    }
                }
                out.truncate(keep);
            }
        }
        if !check_mode || self.has_anti_royal(us) || !self.variant.flee_kinds.is_empty() || self.may_make_anti_royal() {
            self.retain_by_royal_mode(out);
        }
    }

    /// Adds the legal turns of `m` with drops: every choice of the drops
    /// its credits pay for, each played and kept when the whole turn
    /// leaves the side's royals as its mode after the turn demands and a
    /// dropped anti-royal attacked.
    pub(crate) fn add_drop_turns(&mut self, m: Move, out: &mut Vec<Move>) {
        let us = self.side;
        let g = self.variant.geometry;
        self.play_unchecked(m);
        let credits = self.rsv.credits[us];
        let piece = (credits[PIECES] > 0)
            .then(|| self.reserve(us, PIECES).first().copied())
            .flatten();
        let pawn = (credits[PAWNS] > 0)
            .then(|| self.reserve(us, PAWNS).first().copied())
            .flatten();
        let empty = |pos: &Position, rank: i32| -> Vec<Square> {
            (0..g.width as i32)
                .filter_map(|f| g.square(f, rank))
                .filter(|&sq| pos.board[sq as usize] == EMPTY && !pos.variant.is_hole(sq))
                .collect()
        };
        let anti = piece.is_some_and(|k| self.variant.pieces[k].anti_royal);
        let piece_squares: Vec<Option<Square>> = match piece {
            None => Vec::new(),
            Some(_) if anti => (0..g.len() as Square)
                .filter(|&sq| self.board[sq as usize] == EMPTY && !self.variant.is_hole(sq))
                .map(Some)
                .collect(),
            Some(_) => empty(self, self.drop_rank(us, false)).into_iter().map(Some).collect(),
        };
        let pawn_squares: Vec<Square> = if pawn.is_some() {
            empty(self, self.drop_rank(us, true))
        } else {
            Vec::new()
        };
        self.undo();
        let mut choices = Vec::new();
        for &p in std::iter::once(&None).chain(&piece_squares) {
            if p.is_some() {
                choices.push(Drops { piece: p, pawn: None });
            }
            for &q in &pawn_squares {
                if Some(q) != p {
                    choices.push(Drops {
                        piece: p,
                        pawn: Some(q),
                    });
                }
            }
        }
        for d in choices {
            let t = self.with_drops(m, d);
            self.play_unchecked(t);
            let ok = (!anti || d.piece.is_none_or(|sq| self.anti_royal_attacked(sq, us ^ 1)))
                && (!self.check_rules(us) || !self.royal_attacked(us));
            self.undo();
            if ok {
                out.push(t);
            }
        }
    }

    /// Could a single drop on `sq` be either a piece drop or a pawn drop
    /// of the side to move (both reserves hold men, and the next piece may
    /// land on the pawn rank)?
    pub(crate) fn drop_square_ambiguous(&self, sq: Square) -> bool {
        let g = self.variant.geometry;
        let (Some(piece), Some(_)) = (self.next_drop(PIECES), self.next_drop(PAWNS)) else {
            return false;
        };
        let on_pawn_rank = g.rank(sq) == self.drop_rank(self.side, true);
        let piece_reaches = self.variant.pieces[piece].anti_royal || g.rank(sq) == self.drop_rank(self.side, false);
        on_pawn_rank && piece_reaches
    }
}
