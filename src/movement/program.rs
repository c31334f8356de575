//! A program's parts: the [`Node`] (a square and what the walk does on it
//! for each class of occupant, as flag bits), where one program lives in
//! the tables ([`Program`]), and a plain walk of one program for analysis.
//! Apart from the tables (`tables.rs`) because these are what a walker
//! reads, square by square, while the tables only hold and index them.

use crate::core::geometry::Square;

/// Class shifts into [`Node::flags`].
pub const EMPTY: u32 = 0;
/// Shift of a friendly square's class bits.
pub const FRIEND: u32 = 3;
/// Shift of an enemy square's class bits.
pub const ENEMY: u32 = 6;
/// Per-class bits.
pub const DEST: u16 = 1;
/// The walk goes on into this node's subtree (the next node).
pub const CONT: u16 = 2;
/// The walk goes on at the node's alternative, [`Node::alt`].
pub const ALT: u16 = 4;
/// An empty square is a destination only if the next node's square holds a
/// friend (as-far-as-possible sliders; the last square of the ray is a plain
/// destination).
pub const FAR: u16 = 1 << 9;
/// May capture en passant on this (empty) square.
pub const EP: u16 = 1 << 10;
/// A locust square: an enemy here is taken when the walk goes on through
/// it (a capturing middle leg, `caK`).
pub const TAKE: u16 = 1 << 11;
/// A node of a `{chain}` pattern: from a destination the move may go on
/// with the pattern again.
pub const CHAIN: u16 = 1 << 12;
/// The walk goes on through this (friendly) square only if the man on it
/// is a pawn (`{leapfrog}`).
pub const PAWN: u16 = 1 << 13;
/// A node of a `{recapture}` pattern: an enemy here may be taken only if
/// it is the man that took on the opponent's last move; any other enemy
/// stands in the way like a friend.
pub const RECAPTURE: u16 = 1 << 14;
/// Flags the plain walk of the move generator cannot follow: programs with
/// such nodes are walked by [`crate::rules::walk::special`].
pub const SPECIAL: u16 = TAKE | CHAIN | PAWN | RECAPTURE;

/// One square of a program. `skip` and `alt` are indices inside the
/// program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The square this node stands for.
    pub sq: Square,
    /// The node past this one's subtree: where the walk goes when the class
    /// found has neither [`CONT`] nor [`ALT`].
    pub skip: u16,
    /// Where the walk goes when the class found has [`ALT`].
    pub alt: u16,
    /// Per-class bits, shifted by [`EMPTY`], [`FRIEND`] and [`ENEMY`], and
    /// flags such as [`FAR`].
    pub flags: u16,
}

impl Node {
    /// The node a walk goes to from node `i` (this one) whose flags for
    /// the class found on its square are `f`: into its subtree, to its
    /// alternative, or past its subtree.
    #[inline(always)]
    pub fn next(&self, i: usize, f: u16) -> usize {
        if f & CONT != 0 {
            i + 1
        } else if f & ALT != 0 {
            self.alt as usize
        } else {
            self.skip as usize
        }
    }
}

/// Where one (kind, colour, square) program lives.
#[derive(Clone, Copy, Debug, Default)]
pub struct Program {
    /// Index of the program's first node in
    /// [`MoveTables::nodes`](super::MoveTables::nodes).
    pub start: u32,
    /// Nodes usable by every piece.
    pub len: u16,
    /// Nodes usable by a piece on its starting square (`i` moves follow the
    /// ordinary ones).
    pub len_initial: u16,
    /// Some square can be reached along two paths: the generator removes
    /// repeats.
    pub dup: bool,
    /// Some node may capture en passant.
    pub ep: bool,
    /// Some node has a [`SPECIAL`] flag: the program takes men on the way,
    /// goes on in a chain or hops over pawns.
    pub special: bool,
    /// Where this program's entries start in [`MoveTables::attacks`](super::MoveTables::attacks).
    pub attacks_start: u32,
    /// Number of this program's entries in
    /// [`MoveTables::attacks`](super::MoveTables::attacks).
    pub attacks_len: u16,
}

/// Walks one program over a board described by `class_of` (a square's
/// class: [`EMPTY`], [`FRIEND`] or [`ENEMY`]) and reports each square the
/// piece may stop on, with its class. For analysis outside the hot path
/// (piece values, diagrams); the move generator has its own loop.
pub fn for_each_destination(nodes: &[Node], class_of: impl Fn(Square) -> u32, mut visit: impl FnMut(Square, u32)) {
    let mut i = 0;
    while i < nodes.len() {
        let n = nodes[i];
        let cls = class_of(n.sq);
        let f = (n.flags >> cls) & 7;
        let far_stop = cls == EMPTY && n.flags & FAR != 0 && class_of(nodes[i + 1].sq) == FRIEND;
        if f & DEST != 0 || far_stop {
            visit(n.sq, cls);
        }
        i = n.next(i, f);
    }
}
