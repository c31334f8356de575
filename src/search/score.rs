//! Scores: the engine's centipawns and mates counted in plies from the
//! root, and the [`Score`] players read (centipawns or mate in moves).

/// Score of a mate at the root; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INFINITY: i32 = 32_000;

/// A score as players read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves; negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    /// The score players read for a search score (mates counted in plies from
    /// the root).
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s + 1) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    /// UCI style: `cp 35` or `mate -3`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}
