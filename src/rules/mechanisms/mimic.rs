//! `{mimic}`: a man that takes each enemy only the way the enemy's own kind
//! takes (the Chameleon of Ultima and Rococo; see NOTATION.md, "Capture
//! mechanisms").
//!
//! Its own pattern gives its moves to empty squares. For every kind among
//! the enemy men (other `{mimic}` kinds aside) it walks that kind's moves
//! and mechanisms from its own square, for its own side, and keeps only
//! what takes men of that kind: a landing (or locust, or en passant)
//! capture, overtaking, a shot, a swap with or the destruction of such a
//! man. A move to an empty square along one of a kind's lines also takes,
//! by withdrawal, approach, coordination or custodial capture, the men of
//! that kind that the kind's own move would take there; all fitting
//! captures of such a move happen together (a landing capture takes only
//! the man it lands on). A kind that cannot take gives nothing, so its men are safe
//! from it. It does not promote; effects on a hopper's screen are no
//! capture and are not copied; chains that take several men of a kind
//! (the Lion's double capture) are, numbered among every copied kind's.

use crate::betza::mech;
use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Color, EMPTY, Kind, cell_color, cell_kind};
use crate::rules::mechanisms::borrowed;
use crate::rules::mechanisms::borrowed::RetainFrom;
use crate::rules::mechanisms::{capture, lines};
use crate::rules::position::Position;

/// The kinds of `them`'s men a `{mimic}` man copies, each once.
pub(crate) fn mimicked_kinds(pos: &Position, them: Color) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = Vec::new();
    for &s in &pos.list[them] {
        let k = cell_kind(pos.board[s as usize]);
        if !pos.variant.pieces[k].mechanics.mimic && !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    kinds
}

/// Does the man on `sq` belong to `color` and to `kind`?
fn is_of(pos: &Position, sq: Square, color: Color, kind: Kind) -> bool {
    let c = pos.board[sq as usize];
    c != EMPTY && cell_color(c) == color && cell_kind(c) == kind
}

/// Every move of the `{mimic}` man of `kind` and `us` on `from`.
pub(crate) fn mimic_moves(pos: &Position, from: Square, kind: Kind, us: Color, out: &mut Vec<Move>) {
    let them = us ^ 1;
    let start = out.len();
    pos.man_moves(from, kind, out);
    for k in mimicked_kinds(pos, them) {
        let km = &pos.variant.pieces[k].mechanics;
        let s = out.len();
        pos.man_moves(from, k, out);
        // Captures of men of kind `k` only, every victim of that kind.
        out.retain_from(s, |m| match m.kind {
            MoveKind::Normal => m.from != m.to && is_of(pos, m.to, them, k),
            MoveKind::EnPassant => is_of(pos, m.extra(), them, k),
            // An igui (a locust back to its own square) included: the
            // Lion's is copied too (docs/variants/rule-decisions.md, rule
            // decision 22).
            MoveKind::Locust => {
                is_of(pos, m.extra(), them, k)
                    && (m.to == m.from || pos.board[m.to as usize] == EMPTY || is_of(pos, m.to, them, k))
            }
            _ => false,
        });
        for m in &mut out[s..] {
            m.promotion = 0;
        }
        if km.bits & mech::OVERTAKE != 0 {
            capture::overtake_landings(pos, from, k, us, |to| {
                if leaps_only(pos, from, to, them, k) {
                    out.push(Move::normal(from, to));
                }
            });
        }
        if km.bits & (mech::SHOOT | mech::SWAP | mech::DESTROY) != 0 {
            let s = out.len();
            capture::actions(pos, from, k, us, out);
            out.retain_from(s, |m| is_of(pos, m.to, them, k));
        }
    }
    // Chains that take several men of a copied kind (the Lion's
    // double capture among them).
    let paths = borrowed::power_paths(pos, from, mimicked_kinds(pos, them).into_iter(), us, true);
    borrowed::push_paths(pos, from, &paths, out);
    // The mechanisms that come with a move ride on its moves to empty
    // squares, as the kinds copied make them.
    for m in &mut out[start..] {
        if matches!(m.kind, MoveKind::Normal | MoveKind::Effect) && m.from != m.to && pos.board[m.to as usize] == EMPTY
        {
            m.kind = if mimic_victims(pos, from, m.to, us).is_empty() {
                MoveKind::Normal
            } else {
                MoveKind::Effect
            };
        }
    }
    borrowed::one_move_per_square(start, out);
}

/// Does the line from `from` to `to` leap men, all of them `them`'s men
/// of `kind`?
fn leaps_only(pos: &Position, from: Square, to: Square, them: Color, kind: Kind) -> bool {
    let g = pos.variant.geometry;
    let (dx, dy) = (g.file(to) - g.file(from), g.rank(to) - g.rank(from));
    let n = dx.abs().max(dy.abs());
    let (ux, uy) = (dx.signum(), dy.signum());
    let mut leapt = 0;
    for i in 1..n {
        let Some(sq) = g.offset(from, ux * i, uy * i) else {
            return false;
        };
        if pos.board[sq as usize] != EMPTY {
            if !is_of(pos, sq, them, kind) {
                return false;
            }
            leapt += 1;
        }
    }
    leapt > 0
}

/// What a move of the `{mimic}` man of `us` from `from` to `to` takes
/// besides the man on `to`: for each enemy kind with mechanisms that
/// come with a move, the men of that kind its own move along the same
/// line would take.
pub(crate) fn mimic_victims(pos: &Position, from: Square, to: Square, us: Color) -> Vec<Square> {
    let them = us ^ 1;
    let mut out = Vec::new();
    for k in mimicked_kinds(pos, them) {
        if pos.variant.mech_bits[k] & mech::MOVING != 0 {
            out.extend(
                capture::victims(pos, from, to, k, us)
                    .into_iter()
                    .filter(|&sq| is_of(pos, sq, them, k)),
            );
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Could the `{mimic}` man of `by` on `from` take the man on `target`:
/// one of a kind it copies, by a move of that kind (overtaking only
/// over men of that kind)?
pub(crate) fn mimic_takes(pos: &Position, from: Square, by: Color, target: Square) -> bool {
    let c = pos.board[target as usize];
    if c == EMPTY || cell_color(c) == by {
        return false;
    }
    let k = cell_kind(c);
    if pos.variant.pieces[k].mechanics.mimic {
        return false;
    }
    let t = &pos.variant.tables;
    let pi = t.program_index(k, by, from);
    if t.reaches(pi, target) && {
        let (p, nodes) = pos.program_nodes(pi, k, by, from);
        pos.attacks_along(p, nodes, by, target)
    } {
        return true;
    }
    let them = cell_color(c);
    if borrowed::lent_walk_takes(pos, from, k, by, target, |sq| sq == target || is_of(pos, sq, them, k)) {
        return true;
    }
    let bits = pos.variant.mech_bits[k];
    if bits & mech::MOVING != 0 {
        // Its moves to empty squares, as generated: its own and the
        // overtaking of the kinds it copies.
        let mut hit = false;
        capture::empty_destinations(pos, from, lines::mover_kind(pos, from), by, |to| {
            hit = hit || mimic_victims(pos, from, to, by).contains(&target);
        });
        for l in mimicked_kinds(pos, them) {
            if !hit && pos.variant.mech_bits[l] & mech::OVERTAKE != 0 {
                capture::overtake_landings(pos, from, l, by, |to| {
                    hit = hit
                        || (leaps_only(pos, from, to, them, l) && mimic_victims(pos, from, to, by).contains(&target));
                });
            }
        }
        if hit {
            return true;
        }
    }
    bits & (mech::SHOOT | mech::DESTROY) != 0 && capture::takes_but(pos, from, k, by, target, mech::MOVING)
}
