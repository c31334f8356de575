//! Auras (`freeze`, `shield`, `captured_by`, anti-royals): what stands
//! next to a man or what it is decides whether it moves or can be taken.
//!
//! Rows of the family contract (docs/architecture.md, "The family
//! contract") it fills for auras: "could this man remove that one"
//! ([`immune`], [`shielded`], [`takes_immune`]: immunity holds against
//! every capture), the frozen men ([`frozen_squares`]: a frozen man only
//! removes itself, a `Remove` move) and the legality shortcut (none: a man
//! with an aura counts in `mech_men`, so `Position::tables_decide` says
//! no while one stands). It keeps no state of its own: the position's
//! `anti_probe` is the royal modes' (`crate::rules::legal::royals`).

use crate::core::geometry::Square;
use crate::core::moves::{Move, MoveKind};
use crate::core::piece::{Cell, Color, EMPTY, Kind, cell_color, cell_kind};
use crate::rules::mechanisms::lines;
use crate::rules::position::Position;
use crate::variant::mechanics::{ANTI, FREEZE, PAWNS_ONLY, SHIELD};

/// A bitset of squares: [`frozen_squares`]; boards of up to 256
/// squares keep it on the stack.
pub(crate) enum Frozen {
    Small([u64; 4]),
    Large(Vec<u64>),
}

impl Frozen {
    fn new(words: usize) -> Frozen {
        if words <= 4 {
            Frozen::Small([0; 4])
        } else {
            Frozen::Large(vec![0; words])
        }
    }

    fn words(&mut self) -> &mut [u64] {
        match self {
            Frozen::Small(w) => w,
            Frozen::Large(w) => w,
        }
    }

    #[inline]
    pub(crate) fn has(&self, sq: Square) -> bool {
        let w = match self {
            Frozen::Small(w) => w[sq as usize >> 6],
            Frozen::Large(w) => w[sq as usize >> 6],
        };
        w >> (sq & 63) & 1 != 0
    }
}

/// Has the man of cell `c` (not empty) the aura `bit`?
#[inline]
pub(crate) fn has_aura(pos: &Position, c: Cell, bit: u8) -> bool {
    pos.variant.auras[cell_kind(c)] & bit != 0
}

/// Is the man of `owner` on `sq` (or a man of `owner` standing there)
/// safe from a man of kind `by_kind`: a Shield of `owner` next to it, or
/// it is `captured_by = "pawns"` and `by_kind` is no pawn kind?
pub(crate) fn immune(pos: &Position, sq: Square, owner: Color, by_kind: Kind) -> bool {
    immune_unshielded(pos, sq, by_kind) || shielded(pos, sq, owner)
}

/// [`immune`] but for a Shield: the man on `sq` is
/// `captured_by = "pawns"` and `by_kind` is no pawn kind, or an
/// anti-royal.
#[inline]
pub(crate) fn immune_unshielded(pos: &Position, sq: Square, by_kind: Kind) -> bool {
    let c = pos.board[sq as usize];
    // An anti-royal is never taken; only the test of whether it stands
    // attacked (`crate::rules::legal::royals`) looks past that, for it alone.
    c != EMPTY
        && ((has_aura(pos, c, PAWNS_ONLY) && !pos.variant.pawn[by_kind])
            || (has_aura(pos, c, ANTI) && sq != pos.anti_probe))
}

/// The squares where men of `color` are frozen (next to an enemy man
/// of a `freeze` kind), as a bitset; `None` when the other side has no
/// such man. Found once per generation or attack test, so that each
/// man's question is a bit.
pub(crate) fn frozen_squares(pos: &Position, color: Color) -> Option<Frozen> {
    let them = color ^ 1;
    let mimicked =
        lines::has_any(pos, &pos.variant.mimic_kinds, them) && lines::has_any(pos, &pos.variant.freeze_kinds, color);
    if !lines::has_any(pos, &pos.variant.freeze_kinds, them) && !mimicked {
        return None;
    }
    let mut bits = Frozen::new(pos.words);
    let words = bits.words();
    for &f in &pos.list[them] {
        let c = pos.board[f as usize];
        if has_aura(pos, c, FREEZE) {
            for n in lines::neighbours(pos, f) {
                words[n as usize >> 6] |= 1 << (n & 63);
            }
        } else if mimicked && lines::mechanics_of(pos, cell_kind(c)).mimic {
            // A `{mimic}` man freezes the freezing men next to it.
            for n in lines::neighbours(pos, f) {
                if lines::holds(pos, n, color) && has_aura(pos, pos.board[n as usize], FREEZE) {
                    words[n as usize >> 6] |= 1 << (n & 63);
                }
            }
        }
    }
    Some(bits)
}

/// Does a Shield (a `shield` kind) of `owner` stand next to `sq`?
pub(crate) fn shielded(pos: &Position, sq: Square, owner: Color) -> bool {
    lines::has_any(pos, &pos.variant.shield_kinds, owner)
        && lines::neighbours(pos, sq)
            .any(|n| lines::holds(pos, n, owner) && has_aura(pos, pos.board[n as usize], SHIELD))
}

/// Does `m` (of a man of `kind`) take a man immune to it, or a royal
/// of its own side (`d`)? Mechanism victims are immune-free by
/// construction; a friend taken by `d` is taken whatever its auras
/// (immunity guards against the enemy).
pub(crate) fn takes_immune(pos: &Position, m: Move, kind: Kind) -> bool {
    let them = pos.side ^ 1;
    let immune = |sq: Square| lines::holds(pos, sq, them) && immune(pos, sq, them, kind);
    match m.kind {
        // `d` never takes a royal of its own side.
        MoveKind::Normal if m.from != m.to && lines::holds(pos, m.to, pos.side) => {
            pos.variant.pieces[cell_kind(pos.board[m.to as usize])].any_royal()
        }
        MoveKind::Normal | MoveKind::Effect => m.from != m.to && immune(m.to),
        MoveKind::EnPassant | MoveKind::Locust => immune(m.extra()) || immune(m.to),
        MoveKind::Path => immune(m.to) || pos.path_effect(m).is_some_and(|e| e.taken.iter().any(|&sq| immune(sq))),
        _ => false,
    }
}

impl Position {
    /// Is the man on `sq` frozen: an enemy man of a `freeze` kind on one of
    /// the eight squares round it, or, a freezing man itself, an enemy
    /// `{mimic}` man there (which copies the freeze)? A freezing man
    /// freezes even when frozen itself, so two enemy Immobilizers side by
    /// side freeze each other.
    pub fn frozen(&self, sq: Square) -> bool {
        let c = self.board[sq as usize];
        c != EMPTY && {
            let them = cell_color(c) ^ 1;
            let mimicked = has_aura(self, c, FREEZE) && lines::has_any(self, &self.variant.mimic_kinds, them);
            (lines::has_any(self, &self.variant.freeze_kinds, them) || mimicked)
                && lines::neighbours(self, sq).any(|n| {
                    lines::holds(self, n, them)
                        && (has_aura(self, self.board[n as usize], FREEZE)
                            || (mimicked && lines::mechanics_of(self, cell_kind(self.board[n as usize])).mimic))
                })
        }
    }
}
