//! Borrowed moves: `{orphan}` men move also as every enemy man attacking
//! them, `{friend}` men as every friendly man guarding them (see
//! NOTATION.md, "Borrowed moves").
//!
//! What a man borrows depends on the whole board, and borrowers lend what
//! they borrow to one another, so the moves lent are found for every
//! borrower together, to a fixpoint, when moves are generated or an
//! attack test needs them. A power is the lender kind's own movement with
//! its capture mechanisms, walked for the borrower's side from the
//! borrower's square; a pawn kind's power neither promotes nor takes en
//! passant. Frozen men, `{jester}` men (their powers are borrowed too) and
//! `{mimic}` men (no victim of theirs has a kind that cannot take) lend
//! nothing; effects on a hopper's screen are no capture and are not lent.

use crate::betza::mech;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, EMPTY, Kind, cell_color, cell_kind};
use crate::position::Position;

/// The kinds each borrower on the board may move as, besides its own.
#[derive(Default)]
pub(crate) struct Powers {
    at: Vec<(Square, Vec<Kind>)>,
}

impl Powers {
    /// The kinds lent to the man on `sq` (none for a square without a
    /// borrower).
    pub(crate) fn of(&self, sq: Square) -> &[Kind] {
        self.at.iter().find(|(s, _)| *s == sq).map_or(&[], |(_, k)| k)
    }
}

impl Position {
    /// Could a man of `kind` and `by` on `from` take the man on `target`
    /// (counted as an enemy of `by`, whoever stands there) by one move of
    /// `kind`'s own movement or mechanisms? Neither frozen men nor
    /// immunity are looked at here.
    pub(crate) fn kind_takes(&self, from: Square, kind: Kind, by: Color, target: Square) -> bool {
        let t = &self.variant.tables;
        let pi = t.program_index(kind, by, from);
        (t.reaches(pi, target) && {
            let (p, nodes) = self.program_nodes(pi, kind, by, from);
            self.attacks_along(p, nodes, by, target)
        }) || (self.variant.special_attacks[kind]
            && (target == self.last_capturer || !self.variant.pieces[kind].mechanics.recapture_only)
            && t.may_take(pi, target)
            && self.special_takes(from, kind, by, target))
            || (self.variant.mech_bits[kind] & !mech::MIMIC != 0 && self.mechanism_takes(from, kind, by, target))
    }

    /// The powers of every `{orphan}` and `{friend}` man on the board, to
    /// a fixpoint: each starts with none; a lender lends its own kind and
    /// every power it holds; rounds go on until no borrower gains one.
    pub(crate) fn borrowed_powers(&self) -> Powers {
        let mut borrowers: Vec<(Square, Vec<Kind>)> = Vec::new();
        for color in 0..2 {
            for &s in &self.list[color] {
                let km = &self.variant.pieces[cell_kind(self.board[s as usize])].mechanics;
                if km.borrows() && !self.frozen(s) {
                    borrowers.push((s, Vec::new()));
                }
            }
        }
        loop {
            let mut changed = false;
            for i in 0..borrowers.len() {
                let b = borrowers[i].0;
                let c = self.board[b as usize];
                let (kind, color) = (cell_kind(c), cell_color(c));
                let km = &self.variant.pieces[kind].mechanics;
                let sides = [(km.orphan, color ^ 1), (km.friend, color)];
                for (lender_side, side) in sides {
                    if !lender_side {
                        continue;
                    }
                    for &x in &self.list[side] {
                        let xk = cell_kind(self.board[x as usize]);
                        let xm = &self.variant.pieces[xk].mechanics;
                        if x == b || xm.jester || xm.mimic || self.frozen(x) {
                            continue;
                        }
                        let held = borrowers.iter().find(|(s, _)| *s == x).map_or(&[][..], |(_, k)| k);
                        let mine = &borrowers[i].1;
                        let new = std::iter::once(xk)
                            .chain(held.iter().copied())
                            .any(|k| !mine.contains(&k));
                        if !new {
                            continue;
                        }
                        // An attack honours the target's immunity; a guard
                        // asks about an enemy with none standing there.
                        let lends = std::iter::once(xk)
                            .chain(held.iter().copied())
                            .any(|k| (side == color || !self.immune(b, color, xk)) && self.kind_takes(x, k, side, b));
                        if lends {
                            let gained: Vec<Kind> = std::iter::once(xk).chain(held.iter().copied()).collect();
                            let mine = &mut borrowers[i].1;
                            for k in gained {
                                if !mine.contains(&k) {
                                    mine.push(k);
                                    changed = true;
                                }
                            }
                        }
                    }
                }
            }
            if !changed {
                return Powers { at: borrowers };
            }
        }
    }

    /// The moves of the borrower of `kind` and `us` on `from`: its own
    /// and those of the kinds `lent` to it, one move per destination and
    /// action, taking what any of its powers would take there.
    pub(crate) fn borrowing_moves(&self, from: Square, kind: Kind, us: Color, lent: &[Kind], out: &mut Vec<Move>) {
        let start = out.len();
        self.kind_moves(from, kind, us, out);
        for &l in lent {
            let s = out.len();
            self.kind_moves(from, l, us, out);
            // A chain that takes several men is played by walking the
            // mover's own kind again: it cannot be lent.
            out.retain_from(s, |m| m.kind != MoveKind::Path);
            if self.variant.pawn[l] {
                self.plain_pawn_power(s, out);
            }
        }
        for m in &mut out[start..] {
            if matches!(m.kind, MoveKind::Normal | MoveKind::Effect) && m.from != m.to {
                m.aux = 0;
                m.kind = if self.victims_of_powers(from, m.to, kind, us, lent).is_empty() {
                    MoveKind::Normal
                } else {
                    MoveKind::Effect
                };
            }
        }
        self.one_move_per_square(start, out);
    }

    /// [`Position::victims_of_powers`] with the powers found now.
    pub(crate) fn borrowed_victims(&self, from: Square, to: Square, kind: Kind, us: Color) -> Vec<Square> {
        let powers = self.borrowed_powers();
        self.victims_of_powers(from, to, kind, us, powers.of(from))
    }

    /// What a borrower's move from `from` to `to` takes besides the man on
    /// `to`: the mechanisms of each of its kinds (its own and `lent`)
    /// whose own move reaches `to`.
    fn victims_of_powers(&self, from: Square, to: Square, kind: Kind, us: Color, lent: &[Kind]) -> Vec<Square> {
        let mut out = Vec::new();
        for k in std::iter::once(kind).chain(lent.iter().copied()) {
            if self.variant.mech_bits[k] & mech::MOVING == 0 {
                continue;
            }
            let mut moves = Vec::new();
            self.kind_moves(from, k, us, &mut moves);
            let reaches = moves
                .iter()
                .any(|m| m.to == to && matches!(m.kind, MoveKind::Normal | MoveKind::Effect));
            if reaches {
                out.extend(self.own_victims(from, to, k, us));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Could the borrower of `kind` and `by` on `from` take `target` with
    /// its own movement or one of the kinds `lent` to it?
    pub(crate) fn borrowed_takes(&self, from: Square, kind: Kind, by: Color, target: Square, lent: &[Kind]) -> bool {
        std::iter::once(kind)
            .chain(lent.iter().copied())
            .any(|k| self.kind_takes(from, k, by, target))
    }

    /// Makes the moves from `start` those of a borrowed pawn power: no
    /// promotion (a move onto the last rank is a plain move), no capture
    /// en passant.
    pub(crate) fn plain_pawn_power(&self, start: usize, out: &mut Vec<Move>) {
        out.retain_from(start, |m| m.kind != MoveKind::EnPassant);
        for m in &mut out[start..] {
            m.promotion = 0;
        }
        crate::movegen::dedup_since(out, start);
    }

    /// Keeps one move per (destination, action) among the moves from
    /// `start` of one man: the same move found by two powers once, and a
    /// capture en passant over the plain move to its square (captures
    /// there are compulsory).
    pub(crate) fn one_move_per_square(&self, start: usize, out: &mut Vec<Move>) {
        crate::movegen::dedup_since(out, start);
        let passant: Vec<Square> = out[start..]
            .iter()
            .filter(|m| m.kind == MoveKind::EnPassant)
            .map(|m| m.to)
            .collect();
        if !passant.is_empty() {
            out.retain_from(start, |m| {
                !(matches!(m.kind, MoveKind::Normal | MoveKind::Effect)
                    && passant.contains(&m.to)
                    && self.board[m.to as usize] == EMPTY)
            });
        }
    }
}

/// `Vec::retain` on the elements from `start` only.
pub(crate) trait RetainFrom<T> {
    fn retain_from(&mut self, start: usize, keep: impl FnMut(&T) -> bool);
}

impl<T: Copy> RetainFrom<T> for Vec<T> {
    fn retain_from(&mut self, start: usize, mut keep: impl FnMut(&T) -> bool) {
        let mut k = start;
        for i in start..self.len() {
            let x = self[i];
            if keep(&x) {
                self[k] = x;
                k += 1;
            }
        }
        self.truncate(k);
    }
}
