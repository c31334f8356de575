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
use crate::mechanism::Frozen;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, EMPTY, Kind, cell_color, cell_kind};
use crate::position::Position;
use crate::variant::walks;
use std::cell::OnceCell;

/// A set of kinds without allocation for the first 512 kinds.
#[derive(Default)]
struct KindSet {
    small: [u64; 8],
    large: Vec<Kind>,
}

impl KindSet {
    /// Adds `k`; was it new?
    fn insert(&mut self, k: Kind) -> bool {
        if let Some(w) = self.small.get_mut(k >> 6) {
            let new = *w & (1 << (k & 63)) == 0;
            *w |= 1 << (k & 63);
            new
        } else if self.large.contains(&k) {
            false
        } else {
            self.large.push(k);
            true
        }
    }

    fn contains(&self, k: Kind) -> bool {
        self.small
            .get(k >> 6)
            .map_or_else(|| self.large.contains(&k), |w| w & (1 << (k & 63)) != 0)
    }
}

/// What an attack test finds once for all the borrowers it asks: the
/// frozen men of both sides and the borrowed powers.
#[derive(Default)]
pub(crate) struct BorrowCache {
    frozen: OnceCell<[Option<Frozen>; 2]>,
    powers: OnceCell<Powers>,
}

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
    #[inline]
    pub(crate) fn kind_takes(&self, from: Square, kind: Kind, by: Color, target: Square) -> bool {
        let t = &self.variant.tables;
        let pi = t.program_index(kind, by, from);
        (t.reaches(pi, target) && {
            let (p, nodes) = self.program_nodes(pi, kind, by, from);
            self.attacks_along(p, nodes, by, target)
        }) || (self.variant.walks[kind] & (walks::SPECIAL | walks::MECHANISM) != 0
            && self.kind_takes_walking(from, kind, by, target))
    }

    /// The takes of [`Position::kind_takes`] the tables do not answer
    /// for: special walks and mechanisms (out of line: most kinds have
    /// neither).
    #[inline(never)]
    fn kind_takes_walking(&self, from: Square, kind: Kind, by: Color, target: Square) -> bool {
        self.lent_walk_takes(from, kind, by, target, |_| true)
            || (self.variant.mech_bits[kind] & !mech::MIMIC != 0 && self.mechanism_takes(from, kind, by, target))
    }

    /// [`Position::kind_takes`] for the man on `x` lending (or holding) the
    /// power `kind`: a pawn-kind man whose side may not enter its last
    /// rank (`crate::drops`) takes nothing by a move that lands there.
    fn lender_takes(&self, x: Square, kind: Kind, by: Color, target: Square) -> bool {
        let own = cell_kind(self.board[x as usize]);
        if !self.variant.pawn[own] || !self.pawns_barred(by) {
            return self.kind_takes(x, kind, by, target);
        }
        if kind == own && !self.variant.pieces[own].mechanics.borrows() && Self::takes_elsewhere(&self.variant, own) {
            // Asked of its own moves, when it could take there at all.
            return self.kind_takes(x, kind, by, target) && self.pawn_man_takes(x, by, target);
        }
        // A borrowed power: its captures by landing on the last rank
        // are no moves of this man.
        let lands_only = !Self::takes_elsewhere(&self.variant, kind);
        !(lands_only && self.variant.geometry.rank(target) == self.variant.far_rank(by))
            && self.kind_takes(x, kind, by, target)
    }

    /// Could a special walk of `kind` (locusts, chains) from `from`, made
    /// for another man, take `target`: one that takes at most one man on
    /// the way (longer chains are walked again as the mover's own kind
    /// when played, so they are not lent), every man it takes passing
    /// `victim_ok`?
    pub(crate) fn lent_walk_takes(
        &self,
        from: Square,
        kind: Kind,
        by: Color,
        target: Square,
        victim_ok: impl Fn(Square) -> bool,
    ) -> bool {
        let t = &self.variant.tables;
        // A `{recapture}` kind takes only the last capturer.
        let recapture_only = self.variant.pieces[kind].mechanics.recapture_only;
        self.variant.special_attacks[kind]
            && (target == self.last_capturer || !recapture_only)
            && t.may_take(t.program_index(kind, by, from), target)
            && self.special_takes_such(from, kind, by, target, |s| {
                let to = s.to();
                let landed = to != from && (to == target || self.board[to as usize] != EMPTY);
                !s.en_passant() && s.taken_count() <= 1 && s.all_taken(&victim_ok) && (!landed || victim_ok(to))
            })
    }

    /// The powers of every `{orphan}` and `{friend}` man on the board, to
    /// a fixpoint: each starts with none; a lender lends its own kind and
    /// every power it holds; rounds go on until no borrower gains one.
    pub(crate) fn borrowed_powers(&self) -> Powers {
        self.borrowed_powers_with(&[self.frozen_squares(0), self.frozen_squares(1)])
    }

    /// [`Position::borrowed_powers`] with the frozen men of each side.
    fn borrowed_powers_with(&self, frozen: &[Option<Frozen>; 2]) -> Powers {
        let frozen = |s: Square| {
            frozen[cell_color(self.board[s as usize])]
                .as_ref()
                .is_some_and(|f| f.has(s))
        };
        let mut at: Vec<Square> = Vec::new();
        for color in 0..2 {
            for &s in &self.list[color] {
                let km = &self.variant.pieces[cell_kind(self.board[s as usize])].mechanics;
                if km.borrows() && !frozen(s) {
                    at.push(s);
                }
            }
        }
        let mut held: Vec<Vec<Kind>> = vec![Vec::new(); at.len()];
        // (borrower, lending borrower, linked, how many of the lender's
        // kinds were tried): a borrower's powers grow, so such pairs are
        // asked again while anything changes.
        let mut pairs: Vec<(usize, usize, bool, usize)> = Vec::new();
        for (i, &b) in at.iter().enumerate() {
            let c = self.board[b as usize];
            let (kind, color) = (cell_kind(c), cell_color(c));
            let km = &self.variant.pieces[kind].mechanics;
            for (lends, side) in [(km.orphan, color ^ 1), (km.friend, color)] {
                if !lends {
                    continue;
                }
                // An attack honours the target's immunity; a guard
                // asks about an enemy with none standing there.
                let shielded = side != color && self.shielded(b, color);
                for &x in &self.list[side] {
                    let xk = cell_kind(self.board[x as usize]);
                    let xm = &self.variant.pieces[xk].mechanics;
                    if x == b
                        || xm.jester
                        || xm.mimic
                        || (side != color && (shielded || self.immune_unshielded(b, xk)))
                        || frozen(x)
                    {
                        continue;
                    }
                    if let Some(j) = at.iter().position(|&s| s == x) {
                        pairs.push((i, j, false, 0));
                    } else if !held[i].contains(&xk) && self.lender_takes(x, xk, side, b) {
                        held[i].push(xk);
                    }
                }
            }
        }
        loop {
            let mut changed = false;
            for (i, j, linked, tried) in pairs.iter_mut() {
                let (b, x) = (at[*i], at[*j]);
                let c = self.board[x as usize];
                let (xk, side) = (cell_kind(c), cell_color(c));
                // The lender's own kind first, then what it holds.
                let n = 1 + held[*j].len();
                let kind_at = |held: &[Vec<Kind>], t: usize| if t == 0 { xk } else { held[*j][t - 1] };
                if !*linked {
                    *linked = (*tried..n).any(|t| self.lender_takes(x, kind_at(&held, t), side, b));
                    *tried = n;
                }
                if *linked {
                    for t in 0..n {
                        let k = kind_at(&held, t);
                        if !held[*i].contains(&k) {
                            held[*i].push(k);
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return Powers {
                    at: at.into_iter().zip(held).collect(),
                };
            }
        }
    }

    /// The moves of the borrower of `kind` and `us` on `from`: its own
    /// and those of the kinds `lent` to it, one move per destination and
    /// action, taking what any of its powers would take there.
    pub(crate) fn borrowing_moves(&self, from: Square, kind: Kind, us: Color, lent: &[Kind], out: &mut Vec<Move>) {
        let start = out.len();
        self.kind_moves_with(from, kind, us, false, out);
        for &l in lent {
            let s = out.len();
            self.kind_moves_with(from, l, us, false, out);
            // A chain that takes several men is played by walking the
            // mover's own kind again: it cannot be lent.
            out.retain_from(s, |m| m.kind != MoveKind::Path);
            if self.variant.pawn[l] {
                self.plain_pawn_power(s, out);
            }
        }
        let reach = self.mechanism_reach(from, kind, us, lent);
        for m in &mut out[start..] {
            if matches!(m.kind, MoveKind::Normal | MoveKind::Effect) && m.from != m.to {
                m.aux = 0;
                m.kind = if self.victims_of_powers(from, m.to, us, &reach).is_empty() {
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
        let reach = self.mechanism_reach(from, kind, us, powers.of(from));
        self.victims_of_powers(from, to, us, &reach)
    }

    /// Of a borrower's kinds (its own and `lent`), those with mechanisms
    /// that come with a move, each with the squares its own moves reach.
    fn mechanism_reach(&self, from: Square, kind: Kind, us: Color, lent: &[Kind]) -> Vec<(Kind, Vec<Square>)> {
        let mut out = Vec::new();
        for k in std::iter::once(kind).chain(lent.iter().copied()) {
            if self.variant.mech_bits[k] & mech::MOVING == 0 {
                continue;
            }
            let mut moves = Vec::new();
            self.kind_moves_with(from, k, us, false, &mut moves);
            let squares = moves
                .iter()
                .filter(|m| matches!(m.kind, MoveKind::Normal | MoveKind::Effect))
                .map(|m| m.to)
                .collect();
            out.push((k, squares));
        }
        out
    }

    /// What a borrower's move from `from` to `to` takes besides the man on
    /// `to`: the mechanisms of each of its kinds (`reach`, from
    /// [`Position::mechanism_reach`]) whose own move reaches `to`.
    fn victims_of_powers(&self, from: Square, to: Square, us: Color, reach: &[(Kind, Vec<Square>)]) -> Vec<Square> {
        let mut out = Vec::new();
        for (k, squares) in reach {
            if squares.contains(&to) {
                out.extend(self.own_victims(from, to, *k, us));
            }
        }
        crate::heap_sort::sort(&mut out);
        out.dedup();
        out
    }

    /// Could the borrower of `kind` and `by` on `from` take `target` with
    /// its own movement or a power lent to it (frozen men are not looked
    /// at here)? The answer of the powers [`Position::borrowed_powers`]
    /// finds, mostly without them. Where no borrower could lend to this
    /// one, each lender lends its own kind alone: a man whose kind could
    /// take `target` from `from` is asked whether it lends (most kinds
    /// could not, and that is the cheaper question). Else only the
    /// fixpoint answers (kept in `cache` for the rest of an attack test,
    /// with the frozen men), found only when some kind on the board could
    /// take `target` from `from` at all.
    pub(crate) fn borrower_takes(
        &self,
        from: Square,
        kind: Kind,
        by: Color,
        target: Square,
        cache: &BorrowCache,
    ) -> bool {
        if self.kind_takes(from, kind, by, target) {
            return true;
        }
        // Whether a kind takes the target from here, each asked once.
        let (mut asked, mut able) = (KindSet::default(), KindSet::default());
        asked.insert(kind);
        let mut takes = |k: Kind| {
            if asked.insert(k) && self.kind_takes(from, k, by, target) {
                able.insert(k);
            }
            able.contains(k)
        };
        // `{jester}` and `{mimic}` men lend nothing.
        let lends_nothing = walks::JESTER | walks::MIMIC;
        let frozen_men = || {
            cache
                .frozen
                .get_or_init(|| [self.frozen_squares(0), self.frozen_squares(1)])
        };
        let frozen = |s: Square| {
            frozen_men()[cell_color(self.board[s as usize])]
                .as_ref()
                .is_some_and(|f| f.has(s))
        };
        let km = &self.variant.pieces[kind].mechanics;
        let sides = [(km.orphan, by ^ 1), (km.friend, by)];
        // May the man on `x` of `side` lend to this one? An attack honours
        // the borrower's immunity (as in the fixpoint).
        let may_lend = |side: Color, x: Square| {
            let xk = cell_kind(self.board[x as usize]);
            !(x == from
                || self.variant.walks[xk] & lends_nothing != 0
                || (side != by && (self.shielded(from, by) || self.immune_unshielded(from, xk)))
                || frozen(x))
        };
        let borrows = |x: Square| self.variant.walks[cell_kind(self.board[x as usize])] & walks::BORROW != 0;
        // A borrower that may lend to this one lends what it borrows: then
        // only the fixpoint answers, found when some kind on the board
        // could take the target from here at all (most tests end there).
        let chained = cache.powers.get().is_some()
            || sides
                .iter()
                .any(|&(lends, side)| lends && self.list[side].iter().any(|&x| x != from && borrows(x)));
        if chained {
            let may = (0..2).any(|color| {
                self.list[color].iter().any(|&s| {
                    let k = cell_kind(self.board[s as usize]);
                    self.variant.walks[k] & lends_nothing == 0 && takes(k)
                })
            });
            if !may {
                return false;
            }
            if cache.powers.get().is_some()
                || sides
                    .iter()
                    .any(|&(lends, side)| lends && self.list[side].iter().any(|&x| borrows(x) && may_lend(side, x)))
            {
                let powers = cache.powers.get_or_init(|| self.borrowed_powers_with(frozen_men()));
                return powers.of(from).iter().any(|&k| takes(k));
            }
        }
        // Whether a man lends (the frozen men, immunity, its own attack on
        // this one) is asked only of those whose kind could take the
        // target from here.
        sides.iter().any(|&(lends, side)| {
            lends
                && self.list[side].iter().any(|&x| {
                    let xk = cell_kind(self.board[x as usize]);
                    x != from
                        && self.variant.walks[xk] & lends_nothing == 0
                        && takes(xk)
                        && may_lend(side, x)
                        && self.lender_takes(x, xk, side, from)
                })
        })
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
