//! A kind of piece as a definition gives it: its movement, royalty,
//! promotions and mechanisms, and the castling rules.

use super::mechanics;
use super::region::Region;
use crate::betza::Movement;
use crate::core::geometry::{Geometry, Square};
use crate::core::piece::{Color, Kind};

/// One kind of piece.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// The kind's name.
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
    /// `royal = true`: a royal that can be captured (a King); it is in
    /// the position's royal list, whose safety the legality test keeps.
    pub royal: bool,
    /// `royal = "anti"`: an anti-royal (the Anti-King), never captured by
    /// any move or mechanism, whose side must keep it attacked where it can
    /// (`[rules] royals = "extinction"`, see `crate::rules::legal::royals`). Not in the
    /// royal list; `royal` is false for it.
    pub anti_royal: bool,
    /// `flee = true`: a royal whose side, when it stands attacked at the
    /// start of the turn, must move it if it can (the Wuss).
    pub flee: bool,
    /// `value`: the kind's value as the definition gives it, `None` when
    /// absent.
    pub value: Option<i32>,
    /// `description`: the kind in words, empty when absent.
    pub description: String,
    /// `initial_rank`: the ranks (1-based, counted from the owner's side)
    /// where the piece may make its `i` moves, in place of the squares it
    /// starts on in the setup; with `initial_squares` (`None` when absent),
    /// those squares too. Random setups and dropped pieces have no fixed
    /// starting squares to go by, and some pawns step twice from more than
    /// one rank (Wildebeest).
    pub initial_ranks: Vec<u8>,
    /// `initial_squares`: more squares where the piece may make its `i` moves
    /// (see `initial_ranks`).
    pub initial_squares: Option<Region>,
    /// `pawn`: a pawn kind (`true`) or not (`false`, for a kind that
    /// promotes but is no pawn: Chu Shogi's Rook); when absent, every kind
    /// that promotes is a pawn. Pawns reset the move-count rule, are
    /// valued and advanced as pawns, and are what `{leapfrog}` hops over.
    pub pawn: Option<bool>,
    /// `moves_by_rank`: for each rank counted from the owner's side, the
    /// text and movement of a piece of this kind standing on it (Xiangqi's
    /// soldier, which steps sideways too once over the river); empty for a
    /// piece with one movement.
    pub by_rank: Vec<(String, Movement)>,
    /// `region`: the only squares a piece of this kind may move to (a
    /// palace, its side of the river), per colour; `None` for the whole
    /// board.
    pub region: Option<Region>,
    /// Capture mechanisms and auras (see [`mechanics`]).
    pub mechanics: mechanics::KindMechanics,
}

impl PieceType {
    /// Royal in any way: a capturable royal or an anti-royal. Such men are
    /// never taken by their own side (`d`), never changed by a hopper's
    /// effects, never remove themselves when frozen.
    #[inline]
    pub fn any_royal(&self) -> bool {
        self.royal || self.anti_royal
    }

    /// Which of `by_file` or `by_rank` gives the movement of a piece of
    /// this kind and `color` on `sq`, if either does.
    fn place_index(&self, g: Geometry, sq: Square, color: Color) -> Option<(&(String, Movement), String)> {
        if !self.by_file.is_empty() {
            let f = g.file(sq) as usize;
            return self.by_file.get(f).map(|e| (e, format!("moves_by_file[{f}]")));
        }
        if !self.by_rank.is_empty() {
            let white_sq = if color == 0 { sq } else { g.mirror(sq) };
            let r = g.rank(white_sq) as usize;
            return self.by_rank.get(r).map(|e| (e, format!("moves_by_rank[{r}]")));
        }
        None
    }

    /// The movement of a piece of this kind and `color` standing on `sq`.
    pub fn movement_at(&self, g: Geometry, sq: Square, color: Color) -> &Movement {
        self.place_index(g, sq, color).map_or(&self.movement, |((_, m), _)| m)
    }

    /// The movement text of a piece of this kind and `color` on `sq`.
    pub fn moves_at(&self, g: Geometry, sq: Square, color: Color) -> &str {
        self.place_index(g, sq, color).map_or(&self.moves, |((t, _), _)| t)
    }

    /// Every movement the kind has (one, or one per file or rank).
    pub fn movements(&self) -> impl Iterator<Item = &Movement> {
        std::iter::once(&self.movement).chain(self.by_file.iter().chain(&self.by_rank).map(|(_, m)| m))
    }

    /// Two kinds move alike everywhere (and may share move tables).
    pub fn moves_like(&self, other: &PieceType) -> bool {
        self.movement == other.movement
            && self.by_file == other.by_file
            && self.by_rank == other.by_rank
            && self.region == other.region
    }

    /// The definition key of kind `kind`'s movement for a piece of `color`
    /// on `sq`, for error messages: `piece[2].moves`,
    /// `piece[2].moves_by_file[3]` or `piece[2].moves_by_rank[5]`.
    pub fn moves_key(&self, kind: usize, g: Geometry, sq: Square, color: Color) -> String {
        match self.place_index(g, sq, color) {
            Some((_, key)) => format!("piece[{kind}].{key}"),
            None => format!("piece[{kind}].moves"),
        }
    }
}

/// The choices a piece has when a move ends on a square of a promotion
/// zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionChoice {
    /// The kinds the piece may promote to.
    pub choices: Vec<Kind>,
    /// The piece may also stay as it is.
    pub optional: bool,
    /// Per choice, per colour: the choice is offered only while the side
    /// has fewer men of that kind on the board (`only_lost`, `limits`);
    /// empty when the choices are not limited.
    pub limits: Vec<[u16; 2]>,
    /// The table's squares are a zone: the choices come with a move that
    /// enters it, or a capture that starts or ends in it (see
    /// [`super::Variant::zone_promotion`]).
    pub zone: bool,
}

/// Castling, given for White; Black castles on the mirrored squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRule {
    /// The king's square before castling.
    pub king: Square,
    /// The king's square after castling.
    pub king_to: Square,
    /// The rook's square before castling.
    pub rook: Square,
    /// The rook's square after castling.
    pub rook_to: Square,
}

/// A name with case, spaces, hyphens and underscores removed.
pub fn normalize(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}
