//! The small vocabulary of the board: colours, piece kinds and the cell
//! values squares hold.

/// White (0) or Black (1).
pub type Color = usize;
/// The side that moves first.
pub const WHITE: Color = 0;
/// The side that moves second.
pub const BLACK: Color = 1;

/// A piece kind: an index into the variant's piece list.
pub type Kind = usize;

/// What a square holds: 0 when empty, else `(kind + 1) << 1 | color`.
/// One number per square keeps the board a flat array that the move walker
/// reads with a single load.
pub type Cell = u16;
/// A square with no man on it.
pub const EMPTY: Cell = 0;

/// The cell of a man of `kind` and `color`.
#[inline]
pub const fn cell(kind: Kind, color: Color) -> Cell {
    (((kind + 1) << 1) | color) as Cell
}

/// The kind of the man in a (non-empty) cell.
#[inline]
pub const fn cell_kind(c: Cell) -> Kind {
    (c >> 1) as usize - 1
}

/// The colour of the man in a (non-empty) cell.
#[inline]
pub const fn cell_color(c: Cell) -> Color {
    (c & 1) as usize
}

/// `kind * 2 + color` of a man's cell, the row of tables kept per kind
/// and colour: the cell less 2, without taking it apart.
#[inline]
pub const fn cell_row(c: Cell) -> usize {
    c as usize - 2
}
