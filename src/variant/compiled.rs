//! The validated variant: the kinds, the board, the setup, the rules and
//! the facts derived from them once, for the rules engine's fast paths.

use super::{CastlingRule, PieceType, PromotionChoice};
use super::{DefinitionError, WinRules, evaluation, mechanics, normalize, reserve};
use crate::core::geometry::{Geometry, Square};
use crate::core::piece::{Color, Kind};
use crate::movement::MoveTables;

/// A validated variant, built only by [`super::Loader`] (whose setup
/// `crate::text::load` then checks as a position).
#[derive(Clone, Debug)]
pub struct Variant {
    /// The variant's id.
    pub id: String,
    /// The variant's name.
    pub name: String,
    /// Where the rules come from (`sources`).
    pub sources: Vec<String>,
    /// Notes on the variant (`notes`).
    pub notes: String,
    /// The rules in words for players (`how_to_play`): empty when the
    /// definition has none.
    pub how_to_play: String,
    /// The sides' names (`sides`): White and Black unless given.
    pub sides: [String; 2],
    /// The board's size.
    pub geometry: Geometry,
    /// The piece kinds, indexed by [`Kind`].
    pub pieces: Vec<PieceType>,
    /// The compiled movements of the kinds.
    pub tables: MoveTables,
    /// The `setup` string: the initial position as the definition gives it.
    pub setup: String,
    /// Reserves and drops (`[reserve]`); `None` in variants without.
    pub reserve: Option<reserve::ReserveRules>,
    /// `setup = "random"`: how a seed draws the setup; [`Variant::setup`]
    /// then holds the setup of seed 1, the start when no seed is given.
    pub random_setup: Option<reserve::RandomSetup>,
    /// Indexed by `(kind * 2 + color) * squares + square`: index into
    /// `promotion_choices` plus one, 0 when there is no promotion there.
    pub promotion_at: Vec<u16>,
    /// The promotion choices that `promotion_at` points into.
    pub promotion_choices: Vec<PromotionChoice>,
    /// Per kind: it promotes somewhere (such pieces are pawns for the
    /// move-count rule and for notation).
    pub promotes: Vec<bool>,
    /// Per kind: a pawn (`pawn = true`, or it promotes).
    pub pawn: Vec<bool>,
    /// Per kind: some program of it is walked by [`crate::rules::walk::special`]
    /// (locusts, chains, hops over pawns); its attacks are found by that
    /// walk, not by the attack tables.
    pub special: Vec<bool>,
    /// Some kind is special: the move generator's shortcuts that rest on
    /// the attack tables alone are off.
    pub has_special: bool,
    /// Per kind: special and may take men in ways the attack tables do not
    /// hold (on the way, at the end of a chain).
    pub special_attacks: Vec<bool>,
    /// Some kind has `special_attacks`: legality shortcuts resting on the
    /// attack tables (lines to the royals) are off.
    pub has_special_attacks: bool,
    /// Per kind: it has capture mechanisms or auras
    /// ([`mechanics::KindMechanics::active`]); while such men stand on
    /// the board, moves are generated and tested by `crate::rules::mechanisms`.
    pub mechanical: Vec<bool>,
    /// Some kind is mechanical.
    pub has_mechanics: bool,
    /// The kinds with `freeze`, `shield` and `captured_by = "pawns"`: a
    /// side without men of them needs no look round a square.
    pub freeze_kinds: Vec<Kind>,
    /// The kinds with `shield`.
    pub shield_kinds: Vec<Kind>,
    /// The kinds with `captured_by = "pawns"`.
    pub pawns_only_kinds: Vec<Kind>,
    /// The `{mimic}` kinds and the kinds that borrow moves (`{orphan}`,
    /// `{friend}`).
    pub mimic_kinds: Vec<Kind>,
    /// The kinds that borrow moves (`{orphan}`, `{friend}`).
    pub borrow_kinds: Vec<Kind>,
    /// The `{jester}` kinds: they move as the kind the opponent moved last.
    pub jester_kinds: Vec<Kind>,
    /// The kinds with `royal = "anti"` and with `flee = true` (empty unless
    /// `[rules] royals = "extinction"`).
    pub anti_kinds: Vec<Kind>,
    /// The kinds with `flee`.
    pub flee_kinds: Vec<Kind>,
    /// Per kind, dense for the hot loops: its mechanisms (bits of
    /// [`crate::betza::mech`]) and its auras ([`mechanics::FREEZE`], ...).
    pub mech_bits: Vec<u16>,
    /// Per kind, dense for the attack test's walk over the men: which of
    /// its ways of taking the tables do not hold (bits of [`walks`]); 0
    /// for a kind the tables answer for.
    pub walks: Vec<u8>,
    /// Per kind: its auras ([`mechanics::FREEZE`], ...).
    pub auras: Vec<u8>,
    /// Some kind's moves depend on the last move (`{recapture}`,
    /// `{jester}`): the position keeps the kind that moved, whether it
    /// took, and the man that took, in its hash and text.
    pub reads_last_turn: bool,
    /// Some kind's hops rebirth the man they leap (`{circe}`): the
    /// position keeps the game's home squares and writes them (`home=`)
    /// where they differ from [`Variant::home`].
    pub circe: bool,
    /// The setup's board (cells by square): the default home squares of
    /// each kind and colour, where `{circe}` rebirths them.
    pub home: std::sync::Arc<Vec<crate::core::piece::Cell>>,
    /// Some promotion table is a zone (`zone = true`): a move that ends
    /// outside every promotion square may still promote (a capture leaving
    /// the zone).
    pub has_zones: bool,
    /// The castling rules.
    pub castling: Vec<CastlingRule>,
    /// Per castling rule: it is written as the king taking its own rook
    /// (`f1k1`), because a royal's own move could reach its landing square
    /// and the two moves would have the same text.
    pub castling_by_rook: Vec<bool>,
    /// `[rules] en_passant`: long first moves give en-passant rights.
    pub en_passant: bool,
    /// Per kind: its long `i` moves give en-passant rights.
    pub ep_creator: Vec<bool>,
    /// How the game is won (`[rules]`).
    pub win: WinRules,
    /// Draw after this many moves by each side without a capture or pawn
    /// move; 0 = no such rule.
    pub move_rule: u32,
    /// Draw when a position occurs this many times; 0 = no such rule.
    pub repetition: u32,
    /// Indexed like `promotion_at`: the squares where a piece of this kind
    /// and colour may make its `i` moves: where it starts the game, or its
    /// `initial_rank` and `initial_squares` when the piece has them.
    /// Everything that asks about
    /// `i` moves (move generation, en-passant rights) reads this table, so
    /// the two rules cannot disagree.
    pub initial: Vec<bool>,
    /// Indexed like `promotion_at`: a piece of this kind and colour on this
    /// square has some path through a square where it would promote.
    pub may_promote: Vec<bool>,
    /// Per square: a hole (`holes`), a square the board does not have;
    /// empty when the board has none.
    pub holes: Vec<bool>,
    /// The evaluation's weights (`[evaluation]`; the defaults without it).
    pub evaluation: evaluation::EvalWeights,
}

impl Variant {
    /// The index of (kind, colour, square) in the per-kind, per-square tables.
    #[inline]
    pub fn index(&self, kind: Kind, color: Color, sq: Square) -> usize {
        (kind * 2 + color) * self.geometry.len() + sq as usize
    }

    /// The promotion open to a man of `kind` and `color` on `sq`, if any.
    #[inline]
    pub fn promotion(&self, kind: Kind, color: Color, sq: Square) -> Option<&PromotionChoice> {
        match self.promotion_at[self.index(kind, color, sq)] {
            0 => None,
            n => Some(&self.promotion_choices[n as usize - 1]),
        }
    }

    /// Bytes held by the compiled variant: move tables and per-square
    /// rules (the evaluation's tables come on top, see
    /// `search::eval::Evaluator::bytes`).
    pub fn bytes(&self) -> usize {
        self.tables.bytes() + self.promotion_at.len() * 2 + self.initial.len() + self.may_promote.len()
    }

    /// Computes [`Variant::may_promote`].
    pub(super) fn find_may_promote(&self) -> Vec<bool> {
        let n = self.geometry.len();
        let mut out = vec![false; self.promotion_at.len()];
        for kind in (0..self.pieces.len()).filter(|&k| self.promotes[k]) {
            for color in 0..2 {
                for sq in 0..n as Square {
                    let p = self.tables.program(kind, color, sq);
                    let nodes = &self.tables.nodes[p.start as usize..p.start as usize + p.len_initial as usize];
                    out[self.index(kind, color, sq)] =
                        nodes.iter().any(|nd| self.promotion(kind, color, nd.sq).is_some());
                }
            }
        }
        out
    }

    /// Computes [`Variant::special`] and [`Variant::special_attacks`].
    pub(super) fn find_special(&mut self) {
        use crate::movement::{CHAIN, RECAPTURE, SPECIAL, TAKE};
        let n = self.geometry.len() as Square;
        let t = &self.tables;
        // The node flags of each kind's programs, all squares and colours.
        let flags: Vec<u16> = (0..self.pieces.len())
            .map(|kind| {
                let programs = (0..2).flat_map(|color| (0..n).map(move |sq| t.program(kind, color, sq)));
                programs
                    .filter(|p| p.special)
                    .flat_map(|p| &t.nodes[p.start as usize..p.start as usize + p.len_initial as usize])
                    .fold(0, |any, nd| any | nd.flags)
            })
            .collect();
        self.special = flags.iter().map(|f| f & SPECIAL != 0).collect();
        self.special_attacks = flags.iter().map(|f| f & (TAKE | CHAIN | RECAPTURE) != 0).collect();
        self.has_special = self.special.iter().any(|&s| s);
        self.mechanical = self.pieces.iter().map(|p| p.mechanics.active()).collect();
        self.has_mechanics = self.mechanical.iter().any(|&m| m);
        let kinds_with = |f: fn(&mechanics::KindMechanics) -> bool| {
            (0..self.pieces.len())
                .filter(|&k| f(&self.pieces[k].mechanics))
                .collect::<Vec<_>>()
        };
        self.freeze_kinds = kinds_with(|m| m.freeze);
        self.shield_kinds = kinds_with(|m| m.shield);
        self.pawns_only_kinds = kinds_with(|m| m.pawns_only);
        self.mimic_kinds = kinds_with(|m| m.mimic);
        self.borrow_kinds = kinds_with(|m| m.borrows());
        self.jester_kinds = kinds_with(|m| m.jester);
        self.anti_kinds = (0..self.pieces.len()).filter(|&k| self.pieces[k].anti_royal).collect();
        self.flee_kinds = (0..self.pieces.len()).filter(|&k| self.pieces[k].flee).collect();
        self.mech_bits = self.pieces.iter().map(|p| p.mechanics.bits).collect();
        self.walks = (0..self.pieces.len())
            .map(|k| {
                let m = &self.pieces[k].mechanics;
                (self.special_attacks[k] as u8 * walks::SPECIAL)
                    | ((m.bits & !crate::betza::mech::MIMIC != 0) as u8 * walks::MECHANISM)
                    | (m.jester as u8 * walks::JESTER)
                    | (m.mimic as u8 * walks::MIMIC)
                    | (m.borrows() as u8 * walks::BORROW)
                    | ((m.hurdle & crate::betza::hurdle::CIRCE != 0) as u8 * walks::CIRCE)
            })
            .collect();
        self.reads_last_turn = self.pieces.iter().any(|p| p.mechanics.recapture || p.mechanics.jester);
        self.circe = self
            .pieces
            .iter()
            .any(|p| p.mechanics.hurdle & crate::betza::hurdle::CIRCE != 0);
        self.auras = self.pieces.iter().map(|p| p.mechanics.auras()).collect();
        self.has_special_attacks = self.special_attacks.iter().any(|&s| s);
        for kind in (0..self.pieces.len()).filter(|&k| self.special_attacks[k]) {
            let table = self.tables.program_index(kind, 0, 0) / (2 * n as usize);
            self.tables.add_takes(table);
        }
    }

    /// Is `sq` a hole, a square the board does not have?
    #[inline]
    pub fn is_hole(&self, sq: Square) -> bool {
        self.holes.get(sq as usize) == Some(&true)
    }

    /// `sq` is an initial square of a man of `kind` and `color`.
    #[inline]
    pub fn is_initial(&self, kind: Kind, color: Color, sq: Square) -> bool {
        self.initial[self.index(kind, color, sq)]
    }

    /// The castling rule `index` seen from `color`'s side.
    pub fn castling_for(&self, index: usize, color: Color) -> CastlingRule {
        let r = self.castling[index];
        if color == 0 {
            r
        } else {
            let g = self.geometry;
            CastlingRule {
                king: g.mirror(r.king),
                king_to: g.mirror(r.king_to),
                rook: g.mirror(r.rook),
                rook_to: g.mirror(r.rook_to),
            }
        }
    }

    /// The promotion choices of a move of `kind` and `color` from `from` to
    /// `to`, `capture` telling whether it takes a man, where a zone is
    /// involved: a move may promote when it enters the zone (`to` in it,
    /// `from` not), or when it captures and starts or ends in it. Tables
    /// that are not zones offer their choices by `to` alone.
    pub fn zone_promotion(
        &self,
        kind: Kind,
        color: Color,
        from: Square,
        to: Square,
        capture: bool,
    ) -> Option<&PromotionChoice> {
        let at_to = self.promotion(kind, color, to);
        let at_from = self.promotion(kind, color, from).filter(|p| p.zone);
        match at_to {
            Some(p) if !p.zone => Some(p),
            Some(p) if capture || at_from.is_none() => Some(p),
            Some(_) => None,
            None if capture => at_from,
            None => None,
        }
    }

    /// Computes [`Variant::castling_by_rook`]; an error names a castling
    /// move whose text would still be another's.
    pub(super) fn find_castling_texts(&mut self) -> Result<(), DefinitionError> {
        let t = &self.tables;
        let royals: Vec<usize> = (0..self.pieces.len()).filter(|&k| self.pieces[k].royal).collect();
        self.castling_by_rook = self
            .castling
            .iter()
            .map(|r| {
                royals.iter().any(|&k| {
                    let p = t.program(k, 0, r.king);
                    let nodes = &t.nodes[p.start as usize..p.start as usize + p.len_initial as usize];
                    nodes.iter().any(|n| n.sq == r.king_to)
                })
            })
            .collect();
        let text_to = |i: usize| {
            let r = self.castling[i];
            (r.king, if self.castling_by_rook[i] { r.rook } else { r.king_to })
        };
        for j in 0..self.castling.len() {
            if let Some(i) = (0..j).find(|&i| text_to(i) == text_to(j)) {
                let g = self.geometry;
                let (from, to) = text_to(j);
                let why = if self.castling_by_rook[j] {
                    " (a castling move whose landing square the king's own move reaches is written as the king taking its rook)"
                } else {
                    ""
                };
                return Err(DefinitionError {
                    at: format!("castling[{j}]"),
                    message: format!("written {}{} as castling[{i}] is{why}", g.name(from), g.name(to)),
                });
            }
        }
        Ok(())
    }

    /// Finds a kind by letter code (any case) or by name, ignoring case,
    /// spaces, hyphens and underscores.
    pub fn kind_by_name(&self, text: &str) -> Option<Kind> {
        let key = normalize(text);
        self.pieces
            .iter()
            .position(|p| p.code.eq_ignore_ascii_case(text))
            .or_else(|| self.pieces.iter().position(|p| normalize(&p.name) == key))
    }

    /// The variant's far rank for `color` (0-based).
    pub fn far_rank(&self, color: Color) -> i32 {
        if color == 0 { self.geometry.height as i32 - 1 } else { 0 }
    }
}

/// Bits of [`Variant::walks`].
pub mod walks {
    /// Locusts and chains (`special_attacks`).
    pub const SPECIAL: u8 = 1;
    /// Capture mechanisms other than `{mimic}`.
    pub const MECHANISM: u8 = 2;
    /// `{jester}`.
    pub const JESTER: u8 = 4;
    /// `{mimic}`.
    pub const MIMIC: u8 = 8;
    /// `{orphan}`, `{friend}`.
    pub const BORROW: u8 = 16;
    /// `{circe}` hops: a royal leapt and left nowhere to be reborn is
    /// captured; a landing of a hop that would remove the hopper's own
    /// royal is no move (so the tables do not answer for these kinds).
    pub const CIRCE: u8 = 32;
}
