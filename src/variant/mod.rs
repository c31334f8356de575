//! A validated variant: its board, pieces with compiled move tables, setup
//! and rules. Built only through [`Variant::from_toml`], which reports every
//! problem of a definition at once.

mod budget;
mod builtin;
mod load;

pub use budget::{MEMORY_LIMIT, megabytes, thousands};
pub use builtin::{BUILTIN_IDS, MENU_IDS, Summary, builtin, builtin_source, builtin_summary};
pub use load::{DefinitionError, DefinitionErrors, Loader};

use crate::betza::Movement;
use crate::geometry::{Geometry, Square};
use crate::movement::MoveTables;
use crate::piece::{Color, Kind};

/// One kind of piece.
#[derive(Clone, Debug)]
pub struct PieceType {
    pub name: String,
    /// Letter code as written for White (upper case), one or more letters.
    pub code: String,
    /// The movement text; for a piece moving by file, a summary
    /// ("by file: R N B ...").
    pub moves: String,
    /// The movement (empty for a piece moving by file).
    pub movement: Movement,
    /// `moves_by_file`: for each file of the board, a-file first, the text
    /// and movement of a piece of this kind standing on it, whatever its
    /// colour; empty for a piece with one movement.
    pub by_file: Vec<(String, Movement)>,
    pub royal: bool,
    pub value: Option<i32>,
    pub description: String,
    /// `initial_rank`: the rank (1-based, counted from the owner's side)
    /// where the piece may make its `i` moves, in place of the squares it
    /// starts on in the setup. Random setups and dropped pieces have no
    /// fixed starting squares to go by.
    pub initial_rank: Option<u8>,
    /// `pawn = true`: a pawn kind (as is every kind that promotes), for
    /// the moves that name pawns (`{leapfrog}` hops only over pawns).
    pub pawn: bool,
}

impl PieceType {
    /// The movement of a piece of this kind standing on `file` (0 = a).
    pub fn movement_on(&self, file: usize) -> &Movement {
        self.by_file.get(file).map_or(&self.movement, |(_, m)| m)
    }

    /// The movement text of a piece of this kind standing on `file`.
    pub fn moves_on(&self, file: usize) -> &str {
        self.by_file.get(file).map_or(&self.moves, |(t, _)| t)
    }

    /// Every movement the kind has (one, or one per file).
    pub fn movements(&self) -> impl Iterator<Item = &Movement> {
        std::iter::once(&self.movement).chain(self.by_file.iter().map(|(_, m)| m))
    }

    /// Two kinds move alike everywhere (and may share move tables).
    pub fn moves_like(&self, other: &PieceType) -> bool {
        self.movement == other.movement && self.by_file == other.by_file
    }

    /// The definition key of kind `kind`'s movement for a piece on `file`,
    /// for error messages: `piece[2].moves` or `piece[2].moves_by_file[3]`.
    pub fn moves_key(&self, kind: usize, file: usize) -> String {
        if self.by_file.is_empty() {
            format!("piece[{kind}].moves")
        } else {
            format!("piece[{kind}].moves_by_file[{file}]")
        }
    }
}

/// The choices a piece has when a move ends on a square of a promotion
/// zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionChoice {
    pub choices: Vec<Kind>,
    /// The piece may also stay as it is.
    pub optional: bool,
}

/// Castling, given for White; Black castles on the mirrored squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRule {
    pub king: Square,
    pub king_to: Square,
    pub rook: Square,
    pub rook_to: Square,
}

/// What ends a game besides the move-count and repetition draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinRules {
    /// A player whose royal piece reaches the far rank wins at once.
    pub royal_far_rank: bool,
}

#[derive(Clone, Debug)]
pub struct Variant {
    pub id: String,
    pub name: String,
    pub sources: Vec<String>,
    pub notes: String,
    pub geometry: Geometry,
    pub pieces: Vec<PieceType>,
    pub tables: MoveTables,
    pub setup: String,
    /// Indexed by `(kind * 2 + color) * squares + square`: index into
    /// `promotion_choices` plus one, 0 when there is no promotion there.
    pub promotion_at: Vec<u16>,
    pub promotion_choices: Vec<PromotionChoice>,
    /// Per kind: it promotes somewhere (such pieces are pawns for the
    /// move-count rule and for notation).
    pub promotes: Vec<bool>,
    /// Per kind: a pawn (`pawn = true`, or it promotes).
    pub pawn: Vec<bool>,
    /// Per kind: some program of it is walked by [`crate::special`]
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
    pub castling: Vec<CastlingRule>,
    pub en_passant: bool,
    /// Per kind: its long `i` moves give en-passant rights.
    pub ep_creator: Vec<bool>,
    pub win: WinRules,
    /// Draw after this many moves by each side without a capture or pawn
    /// move; 0 = no such rule.
    pub move_rule: u32,
    /// Draw when a position occurs this many times; 0 = no such rule.
    pub repetition: u32,
    /// Indexed like `promotion_at`: the squares where a piece of this kind
    /// and colour may make its `i` moves: where it starts the game, or its
    /// `initial_rank` when the piece has one. Everything that asks about
    /// `i` moves (move generation, en-passant rights) reads this table, so
    /// the two rules cannot disagree.
    pub initial: Vec<bool>,
    /// Indexed like `promotion_at`: a piece of this kind and colour on this
    /// square has some path through a square where it would promote.
    pub may_promote: Vec<bool>,
}

impl Variant {
    #[inline]
    pub fn index(&self, kind: Kind, color: Color, sq: Square) -> usize {
        (kind * 2 + color) * self.geometry.len() + sq as usize
    }

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
    fn find_may_promote(&self) -> Vec<bool> {
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
    fn find_special(&mut self) {
        use crate::movement::{CHAIN, SPECIAL, TAKE};
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
        self.special_attacks = flags.iter().map(|f| f & (TAKE | CHAIN) != 0).collect();
        self.has_special = self.special.iter().any(|&s| s);
        self.has_special_attacks = self.special_attacks.iter().any(|&s| s);
        for kind in (0..self.pieces.len()).filter(|&k| self.special_attacks[k]) {
            let table = self.tables.program_index(kind, 0, 0) / (2 * n as usize);
            self.tables.add_takes(table);
        }
    }

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

/// A name with case, spaces, hyphens and underscores removed.
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}
