//! Compiled move tables: every movement string becomes, for each colour and
//! square, a small program of squares with what each may hold.
//!
//! A program is a pre-order flattening of a tree of squares. Walking it, the
//! engine looks at what stands on a node's square (empty, friend or enemy)
//! and the node's flags for that class say whether the piece may stop there
//! and where the walk goes next: into the node's subtree (`CONT`), to an
//! alternative node (`ALT`, a hopper's squares behind its screen), or past
//! the subtree (`skip`). Leapers are one-node programs, riders chains, bent
//! and multi-leg moves trees, so the hot loop does no geometry at all.
//!
//! The flag bits, a [`Node`] and a [`Program`] are in `program.rs`, the
//! [`MoveTables`] of a variant in `tables.rs`, and the compiler of one
//! movement into one square's program in `build.rs`.

mod build;
mod program;
mod tables;

pub use build::{check_movement, program_size};
pub use program::{
    ALT, CHAIN, CONT, DEST, EMPTY, ENEMY, EP, FAR, FRIEND, Node, PAWN, Program, RECAPTURE, SPECIAL, TAKE,
    for_each_destination,
};
pub use tables::MoveTables;
