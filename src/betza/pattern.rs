//! A parsed movement: its patterns (one way of moving each, of one or more
//! legs) and the tags a pattern carries as bits (hurdle effects, borrowed
//! moves, capture mechanisms).

use super::Leg;

/// One way of moving: one or more legs, with the points where the move may
/// end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The legs, in the order the move takes them.
    pub legs: Vec<Leg>,
    /// `may_end[k]`: the move may stop after leg `k` (always true for the
    /// last leg).
    pub may_end: Vec<bool>,
    /// Later legs default to "outward" (bracket form) rather than "all but
    /// back" (a-chains).
    pub bracket: bool,
    /// `i`: only for a piece on its starting square.
    pub initial: bool,
    /// `q`: circular rider (the Rose).
    pub circular: bool,
    /// `{chain}`: the move may go on from its landing square, the same
    /// pattern again, any number of times, never retracing a segment.
    pub chain: bool,
    /// `{leapfrog}`: the straight hop over a friendly pawn just ahead
    /// (`legs` holds its leap, `fmD`).
    pub leapfrog: bool,
    /// `{recapture}`: the move may take only the man that took on the
    /// opponent's last move.
    pub recapture: bool,
    /// Borrowed movement, a move of its own (bits of [`borrow`]; 0 for
    /// none): `{jester}`, `{orphan}`, `{friend}` (`legs` holds a
    /// placeholder step, never compiled).
    pub borrow: u8,
    /// Effects on the man a hopper leaps (`{andernach}`, `{einstein}`,
    /// `{circe}`: bits of [`hurdle`]); 0 for none.
    pub hurdle: u8,
    /// Capture mechanisms (`{withdraw}`, `{shoot}`, ...: bits of [`mech`]);
    /// 0 for a plain pattern. The pattern is then a single leg, and its own
    /// moves (if any) go to empty squares only.
    pub mech: u16,
}

impl Pattern {
    /// A pattern of `legs` that may end where `may_end` says, with no
    /// flag, tag or mechanism; callers set what they need.
    pub fn of(legs: Vec<Leg>, may_end: Vec<bool>) -> Pattern {
        Pattern {
            legs,
            may_end,
            bracket: false,
            initial: false,
            circular: false,
            chain: false,
            leapfrog: false,
            recapture: false,
            borrow: 0,
            hurdle: 0,
            mech: 0,
        }
    }
}

/// What a hopper's leap does to the man it leaps (its screen), as bits of
/// [`Pattern::hurdle`] (NOTATION.md, "Hurdle effects").
pub mod hurdle {
    /// The screen, unless royal, changes side.
    pub const ANDERNACH: u8 = 1;
    /// The screen, unless royal or itself of an `{einstein}` kind, becomes
    /// the next kind down the value ladder of the kinds on the board (up
    /// after a capture).
    pub const EINSTEIN: u8 = 2;
    /// Then the screen is reborn on its rebirth square (where a man of its
    /// kind and colour stood in the game's setup, else a square of its
    /// owner's first rank, second for a pawn, chosen by the mover), or
    /// leaves the game when that square is taken (see `crate::rules::mechanisms::hurdle`).
    pub const CIRCE: u8 = 4;
}

/// Moves borrowed from other men, as bits of [`Pattern::borrow`] (see
/// NOTATION.md, "Borrowed moves").
pub mod borrow {
    /// `{jester}`: as the kind the opponent moved last.
    pub const JESTER: u8 = 1;
    /// `{orphan}`: as every enemy man attacking it.
    pub const ORPHAN: u8 = 2;
    /// `{friend}`: as every friendly man guarding it.
    pub const FRIEND: u8 = 4;
    /// The tags as written.
    pub const TAGS: [(&str, u8); 3] = [("jester", JESTER), ("orphan", ORPHAN), ("friend", FRIEND)];
}

/// The capture mechanisms a single-leg pattern may carry, as bits of
/// [`Pattern::mech`] (see NOTATION.md, "Capture mechanisms").
pub mod mech {
    /// Moving straight away from an adjacent enemy takes it.
    pub const WITHDRAW: u16 = 1;
    /// Stopping next to an enemy in the line of travel takes it.
    pub const APPROACH: u16 = 2;
    /// Jumping single enemies on the line, landing on empty squares beyond.
    pub const OVERTAKE: u16 = 4;
    /// After moving, enemies where the mover's lines cross its king's.
    pub const COORD: u16 = 8;
    /// After moving, adjacent enemies with a friend directly beyond.
    pub const CUSTODIAL: u16 = 16;
    /// Capture without moving, on an open line (spotters beyond 2 squares).
    pub const SHOOT: u16 = 32;
    /// Change places with the first man on the line.
    pub const SWAP: u16 = 64;
    /// Remove an adjacent enemy together with the mover.
    pub const DESTROY: u16 = 128;
    /// Take each enemy only the way the enemy's own kind takes (the
    /// Chameleon); the pattern's own moves go to empty squares.
    pub const MIMIC: u16 = 256;
    /// The mechanisms that come with a move of the piece itself.
    pub const MOVING: u16 = WITHDRAW | APPROACH | OVERTAKE | COORD | CUSTODIAL;
    /// The tags as written.
    pub const TAGS: [(&str, u16); 9] = [
        ("withdraw", WITHDRAW),
        ("approach", APPROACH),
        ("overtake", OVERTAKE),
        ("coord", COORD),
        ("custodial", CUSTODIAL),
        ("shoot", SHOOT),
        ("swap", SWAP),
        ("destroy", DESTROY),
        ("mimic", MIMIC),
    ];
}

/// A parsed movement string: the union of its patterns.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Movement {
    /// The patterns, one per way of moving.
    pub patterns: Vec<Pattern>,
}
