//! One leg of a parsed move: its atom, range, letters and walking style,
//! the unit [`crate::movement`] compiles into a line of squares. Apart from
//! the patterns that chain legs (`pattern.rs`) because a leg is read and
//! checked on its own (`legs.rs`).

use super::DirToken;

/// How a leg walks its line once it has started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Plain XBetza: leap, or slide over empty squares.
    Normal,
    /// `{near}`: pass any run of friends; stop only on the first square not
    /// holding a friend.
    Near,
    /// `{far}`: slide as far as possible; stop only on the first enemy or on
    /// the last empty square before a friend or the edge.
    Far,
    /// `{fly}`: slide through empty squares and friends alike.
    Fly,
    /// `{bounce}`: a slide that reflects off the board's sides (a 90° turn
    /// for a diagonal slider); the path ends in a corner and where it would
    /// come back to its start or to one of its squares.
    Bounce,
    /// `{half}`: an absolute halfling: a plain slide of at most half (rounded
    /// up) of the squares between the piece and the edge in that direction.
    Half,
    /// `{mill}`: the windmill, a king step round an adjacent occupied
    /// square (the pivot), square by square either way round; compiled by
    /// its own builder, not as a line.
    Mill,
}

/// One leg of a move: an atom (step vector), its range and what the squares
/// it reaches must hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// The atom's vector with `0 <= x <= y`, e.g. (1, 2) for N.
    pub atom: (u8, u8),
    /// K and Q read directions in the eight-direction "K system".
    pub ksystem: bool,
    /// 1 = leaper, 0 = unlimited rider, n = rider of at most n steps.
    pub range: u8,
    /// The leg's direction tokens.
    pub dirs: Vec<DirToken>,
    /// `m`: may end on (or, in a non-final leg, pass) an empty square.
    pub m: bool,
    /// `c`: may capture an enemy here.
    pub c: bool,
    /// `d` (last leg only): may capture a man of its own side that is not
    /// royal.
    pub d: bool,
    /// `p`: hopper (final leg) or pass over an occupied square (non-final).
    pub p: bool,
    /// `g`: grasshopper, lands right behind the screen.
    pub g: bool,
    /// `n`: lame leaper, blocked by the square(s) half way.
    pub n: bool,
    /// `j`: ski (riders skip the first squares) or the half-way square must
    /// be occupied (leapers).
    pub j: u8,
    /// `e`: may capture en passant.
    pub e: bool,
    /// `y`: the next leg toggles leaper and rider.
    pub y: bool,
    /// `z` or `{zig X,Y}`: a crooked rider whose leaps alternate between
    /// two images of the atom adding up to an image of (X, Y).
    pub zig: Option<(u8, u8)>,
    /// Range `=` on a later leg: exactly as many steps as the previous
    /// leg took.
    pub same_steps: bool,
    /// `o`: files wrap round (a cylinder board: the a-file beside the last
    /// one); ranks do not. A ray stops before it would re-enter its start.
    pub wrap: bool,
    /// `{abs}` on a later bracket leg: its directions are read like a first
    /// leg's, not turned by the previous leg; it never lands on the move's
    /// start square.
    pub absolute: bool,
    /// How the leg slides past the men on its way (`{near}`, `{far}`, ...).
    pub style: Style,
}
