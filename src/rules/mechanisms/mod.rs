//! Capture mechanisms and other effects a move has beyond moving its man:
//! captures without landing, auras, hurdle effects, borrowed moves,
//! `{mimic}` and `{jester}`. One family a file, its internals free
//! functions called by path (`capture::victims(pos, ...)`,
//! `aura::frozen_squares(pos, color)`); the rows of the family contract
//! each file fills are in its opening comment and in docs/architecture.md
//! ("The family contract").
//!
//! What such a move takes depends on the men round it, so none of it is in
//! the compiled tables. While a man of such a kind stands on the board
//! (`Position::mechanics_on_board`), the position generates every move
//! here, man by man (frozen men only remove themselves), tests legality by
//! playing each move, and answers attack questions by asking every enemy
//! man whether some move of it would remove the target
//! (`Position::attacked_with_mechanics`). Without such men the fast paths
//! hold unchanged (`Position::tables_decide`). This file dispatches over
//! the families: a move's victims, the moves of each man, what a move
//! takes, and the attack test.

pub(crate) mod aura;
pub(crate) mod borrowed;
pub(crate) mod capture;
pub mod hurdle;
pub(crate) mod jester;
pub(crate) mod kind;
pub(crate) mod lines;
pub(crate) mod mimic;

pub(crate) use aura::Frozen;
pub(crate) use lines::{multiple, within};

use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Color, EMPTY, Kind, cell_color, cell_kind};
use crate::rules::mechanisms::borrowed::RetainFrom;
use crate::rules::mechanisms::hurdle::ACTING;
use crate::rules::position::Position;
use crate::rules::walk::special::Effect;
use crate::variant::mechanics::{ANTI, PAWNS_ONLY};
use crate::variant::walks;

impl Position {
    /// The effect of a path move (see [`MoveKind::Path`]): the walk again;
    /// a borrower's or a mimic's numbered among the chains of all its
    /// powers, which this floor knows and the walk's does not.
    pub fn path_effect(&self, m: Move) -> Option<Effect> {
        let kind = cell_kind(self.board[m.from as usize]);
        let km = &self.variant.pieces[kind].mechanics;
        if km.borrows() || km.mimic {
            // Numbered among the chains of every power the man borrows or
            // copies (`crate::rules::mechanisms::borrowed`).
            let paths = if km.mimic {
                borrowed::power_paths(
                    self,
                    m.from,
                    mimic::mimicked_kinds(self, self.side ^ 1).into_iter(),
                    self.side,
                    true,
                )
            } else {
                let powers = borrowed::borrowed_powers(self);
                let lent = powers.of(m.from).iter().copied();
                borrowed::power_paths(self, m.from, std::iter::once(kind).chain(lent), self.side, false)
            };
            return paths.into_iter().filter(|e| e.to == m.to).nth(m.extra() as usize);
        }
        let mut list = Vec::new();
        self.special_effects(m.from, kind, self.side, None, &mut list);
        list.into_iter()
            .filter(|e| e.to == m.to && e.taken.len() >= 2 && !e.en_passant)
            .nth(m.extra() as usize)
    }

    /// The men a move of the man of `kind` and `us` on `from` to `to`
    /// takes besides the man on `to`, on the board before the move: its
    /// own mechanisms' victims ([`capture::victims`]), a `{mimic}`
    /// man's (`crate::rules::mechanisms::mimic`) or those of the moves a `{orphan}` or
    /// `{friend}` man borrows (`crate::rules::mechanisms::borrowed`).
    pub(crate) fn mechanism_victims(&self, m: Move, kind: Kind, us: Color) -> Vec<Square> {
        let (from, to) = (m.from, m.to);
        let km = lines::mechanics_of(self, kind);
        if km.mimic {
            mimic::mimic_victims(self, from, to, us)
        } else if km.borrows() {
            borrowed::borrowed_victims(self, m, kind, us)
        } else {
            capture::victims(self, from, to, kind, us)
        }
    }

    /// Every pseudo-legal move while men with mechanics stand on the board.
    pub(crate) fn moves_with_mechanics(&self, out: &mut Vec<Move>) {
        let us = self.side;
        let frozen = aura::frozen_squares(self, us);
        // The moves `{orphan}` and `{friend}` men borrow: found once for
        // every man that borrows.
        let powers = lines::has_any(self, &self.variant.borrow_kinds, us).then(|| borrowed::borrowed_powers(self));
        for &from in &self.list[us] {
            self.man_moves_with_mechanics(from, frozen.as_ref(), powers.as_ref(), out);
        }
        self.castling_moves(out);
    }

    /// The moves of the man of the side to move on `from` (see
    /// [`Position::moves_with_mechanics`]), given the side's frozen men and
    /// the powers borrowers hold.
    pub(crate) fn man_moves_with_mechanics(
        &self,
        from: Square,
        frozen: Option<&Frozen>,
        powers: Option<&crate::rules::mechanisms::borrowed::Powers>,
        out: &mut Vec<Move>,
    ) {
        let us = self.side;
        {
            let kind = cell_kind(self.board[from as usize]);
            if frozen.is_some_and(|f| f.has(from)) {
                if !self.variant.pieces[kind].any_royal() {
                    out.push(Move {
                        kind: MoveKind::Remove,
                        ..Move::normal(from, from)
                    });
                }
                return;
            }
            let start = out.len();
            let km = lines::mechanics_of(self, kind);
            if km.jester {
                // A `{jester}` acts as the kind the opponent moved last.
                let Some((lender, took)) = jester::lender(self) else {
                    return;
                };
                kind::moves(self, from, lender, us, out);
                // Chains that take several men are walked again as the
                // mover's own kind when played: not lent.
                out.retain_from(start, |m| m.kind != MoveKind::Path);
                jester::keep_borrowed(self, start, lender, took, out);
            } else if km.mimic {
                mimic::mimic_moves(self, from, kind, us, out);
            } else if km.borrows() {
                let lent = powers.map_or(&[][..], |p| p.of(from));
                borrowed::borrowing_moves(self, from, kind, us, lent, out);
            } else {
                kind::moves(self, from, kind, us, out);
            }
            // Captures of immune men are no moves.
            let mut keep = start;
            for i in start..out.len() {
                let m = out[i];
                if !aura::takes_immune(self, m, kind) {
                    out[keep] = m;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    /// The kind whose mechanisms a move uses: the mover's, or the kind a
    /// `{jester}` borrowed (an Effect move with [`ACTING`]: the kind the
    /// opponent moved last, read before the move is played).
    pub(crate) fn acting_kind(&self, m: Move) -> Kind {
        if m.kind == MoveKind::Effect
            && m.aux & ACTING != 0
            && let Some((lender, _)) = jester::lender(self)
        {
            lender
        } else {
            cell_kind(self.board[m.from as usize])
        }
    }

    /// Does `m` remove the man on `sq` (a capture by any mechanism)?
    pub(crate) fn removes(&self, m: Move, sq: Square) -> bool {
        self.captures_of(m).contains(&sq)
    }

    /// The squares of the men a move of the side to move takes, by any
    /// mechanism, sorted: where it lands on an enemy, en passant, on the
    /// way, by withdrawal, approach, overtaking, coordination or custodial
    /// capture, a shot, a mutual destruction's victim (the mover's own
    /// square and a frozen man's removal are not captures; a swap takes
    /// nothing).
    pub fn captures_of(&self, m: Move) -> Vec<Square> {
        // A move of another position (a killer tried here) may start on
        // an empty square or another side's man: it takes nothing here.
        let mover = self.board[m.from as usize];
        if mover == EMPTY || cell_color(mover) != self.side {
            return Vec::new();
        }
        let mut out = match m.kind {
            MoveKind::Normal | MoveKind::Castle => Vec::new(),
            MoveKind::EnPassant | MoveKind::Locust => vec![m.extra()],
            MoveKind::Path => self.path_effect(m).map(|e| e.taken).unwrap_or_default(),
            MoveKind::Effect => {
                let mut v = self.mechanism_victims(m, self.acting_kind(m), self.side);
                v.extend(hurdle::rebirth_capture(self, m));
                v
            }
            MoveKind::Shoot | MoveKind::Destroy => vec![m.to],
            MoveKind::Swap | MoveKind::Remove => Vec::new(),
        };
        if matches!(
            m.kind,
            MoveKind::Normal | MoveKind::Locust | MoveKind::Path | MoveKind::EnPassant | MoveKind::Effect
        ) && m.from != m.to
            && self.board[m.to as usize] != EMPTY
        {
            out.push(m.to);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Could a man of `by` remove the man on `target` (or a man of the
    /// other side standing there) by some move now, by any mechanism?
    /// Frozen men attack nothing; immunity holds.
    #[inline(never)]
    pub(crate) fn attacked_with_mechanics(&self, target: Square, by: Color) -> bool {
        if aura::shielded(self, target, by ^ 1) {
            return false;
        }
        let c = self.board[target as usize];
        // An anti-royal is never taken; tested for whether it stands
        // attacked (`anti_probe`), only men that are not royal count.
        let probing = target == self.anti_probe;
        if c != EMPTY && aura::has_aura(self, c, ANTI) && !probing {
            return false;
        }
        let pawns_only = c != EMPTY && aura::has_aura(self, c, PAWNS_ONLY);
        // No pawn kind enters a last rank it could not promote on.
        let barred = self.pawns_barred(by);
        // Most tests find no attacker: the frozen men are looked for only
        // when some man could take the target.
        let frozen = std::cell::OnceCell::new();
        let may = |s: Square, kind: Kind| {
            (!pawns_only || self.variant.pawn[kind])
                && (!barred
                    || if probing {
                        // Were it not immune: a pawn kind's captures that
                        // land on the target's square (the last rank's).
                        !self.variant.pawn[kind] || self.variant.geometry.rank(target) != self.variant.far_rank(by)
                    } else {
                        self.barred_pawn_takes(s, kind, by, target)
                    })
                && (!probing || !self.variant.pieces[kind].any_royal())
                && !frozen
                    .get_or_init(|| aura::frozen_squares(self, by))
                    .as_ref()
                    .is_some_and(|f: &Frozen| f.has(s))
        };
        let t = &self.variant.tables;
        let by_tables = self.for_each_attacker_square(by, target, |s| {
            let kind = cell_kind(self.board[s as usize]);
            let pi = t.program_index(kind, by, s);
            t.reaches(pi, target)
                && {
                    let (p, nodes) = self.program_nodes(pi, kind, by, s);
                    self.attacks_along(p, nodes, by, target)
                }
                // A `{circe}` hop that would remove the mover's own royal is
                // no move: such men are asked below.
                && self.variant.walks[kind] & walks::CIRCE == 0
                && may(s, kind)
        });
        if by_tables {
            return true;
        }
        // Without immune men of the other side, a special walk may stop at
        // the first move that takes the target.
        let guarded = lines::has_any(self, &self.variant.shield_kinds, by ^ 1)
            || lines::has_any(self, &self.variant.pawns_only_kinds, by ^ 1)
            || lines::has_any(self, &self.variant.anti_kinds, by ^ 1);
        let borrowed = crate::rules::mechanisms::borrowed::BorrowCache::default();
        self.list[by].iter().any(|&s| {
            let kind = cell_kind(self.board[s as usize]);
            // Most men are answered by the tables above.
            let w = self.variant.walks[kind];
            if w == 0 {
                return false;
            }
            let special = w & walks::SPECIAL != 0
                && (target == self.last_capturer || !lines::mechanics_of(self, kind).recapture_only)
                && t.may_take(t.program_index(kind, by, s), target);
            let mechanical = w & walks::MECHANISM != 0;
            let takes = (w & walks::JESTER != 0 && jester::takes(self, s, by, target))
                || (w & walks::MIMIC != 0 && mimic::mimic_takes(self, s, by, target))
                || (w & walks::BORROW != 0 && borrowed::borrower_takes(self, s, kind, by, target, &borrowed))
                || (special
                    && if guarded {
                        special_takes_unshielded(self, s, kind, by, target)
                    } else {
                        self.special_takes(s, kind, by, target)
                    })
                || (mechanical && capture::takes(self, s, kind, by, target))
                || (w & walks::CIRCE != 0 && hurdle::circe_takes(self, s, kind, by, target));
            takes && may(s, kind)
        }) || (self.variant.win.flying_royals && self.royal_faces(target, by))
    }
}

/// Does some move of the special man (see [`crate::rules::walk::special`]) of `kind`
/// and `by` on `from` take `target` without taking an immune man on
/// the way (which would make it no move)?
#[inline(never)]
fn special_takes_unshielded(pos: &Position, from: Square, kind: Kind, by: Color, target: Square) -> bool {
    let immune = |sq: Square| sq != target && lines::holds(pos, sq, by ^ 1) && aura::immune(pos, sq, by ^ 1, kind);
    pos.special_takes_such(from, kind, by, target, |s| {
        s.all_taken(|sq| !immune(sq)) && !immune(s.to())
    })
}
