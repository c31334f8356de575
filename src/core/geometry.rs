//! Board dimensions and square naming: squares are plain numbers inside the
//! engine and `a1`-style names only at the text edges.

use std::fmt;

/// The largest board side the engine accepts. Squares are `u16`, so this is
/// a sanity limit for definitions, not a representation limit.
pub const MAX_SIDE: u8 = 64;

/// A square index: `rank * width + file`, with rank 0 the first rank.
pub type Square = u16;

/// Each square's bit in its 64-square word. Read from here rather than
/// shifted, the bit costs the module one load: V8's shift needs its count
/// in one given register, and in a loop over squares values moved in and
/// out of it at every turn (the capture cache's recording walk, Overboard:
/// 1,463 instructions a node to 1,408; natively 999 to 1,002).
pub(crate) static BITS: [u64; 64] = {
    let mut b = [0; 64];
    let mut i = 0;
    while i < 64 {
        b[i] = 1 << i;
        i += 1;
    }
    b
};

/// Width and height of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Number of files.
    pub width: u8,
    /// Number of ranks.
    pub height: u8,
}

impl Geometry {
    /// A board of `width` files and `height` ranks, each 1..=[`MAX_SIDE`].
    pub fn new(width: u8, height: u8) -> Option<Geometry> {
        let ok = |n: u8| (1..=MAX_SIDE).contains(&n);
        (ok(width) && ok(height)).then_some(Geometry { width, height })
    }

    /// Number of squares.
    pub const fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The board has no squares.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The file of a square, 0 for the a-file.
    pub const fn file(self, sq: Square) -> i32 {
        (sq % self.width as u16) as i32
    }

    /// The rank of a square, 0 for White's first rank.
    pub const fn rank(self, sq: Square) -> i32 {
        (sq / self.width as u16) as i32
    }

    /// The square at (file, rank), or `None` off the board.
    pub const fn square(self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.width as i32 || rank >= self.height as i32 {
            None
        } else {
            Some((rank * self.width as i32 + file) as Square)
        }
    }

    /// The square reached from `sq` by the vector (dx, dy).
    pub const fn offset(self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        self.square(self.file(sq) + dx, self.rank(sq) + dy)
    }

    /// The same square seen from the other side (rank mirrored, file kept).
    pub const fn mirror(self, sq: Square) -> Square {
        let r = self.height as i32 - 1 - self.rank(sq);
        (r * self.width as i32 + self.file(sq)) as Square
    }

    /// Names a square, e.g. `p16`, `a1`; files past `z` are `aa`, `ab`, ...
    pub fn name(self, sq: Square) -> SquareName {
        SquareName {
            file: self.file(sq) as u16,
            rank: self.rank(sq) as u16,
        }
    }

    /// Reads a square name such as `e2` or `p16`; `None` if it is not a
    /// square of this board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let (sq, rest) = self.parse_square_prefix(text)?;
        rest.is_empty().then_some(sq)
    }

    /// Reads a square name at the start of `text` and returns it with the
    /// rest of the text. Letters then digits; the longest rank that names a
    /// square of the board is not assumed, the digits are read greedily.
    pub fn parse_square_prefix(self, text: &str) -> Option<(Square, &str)> {
        let bytes = text.as_bytes();
        let letters = bytes.iter().take_while(|b| b.is_ascii_lowercase()).count();
        if letters == 0 || letters > 2 {
            return None;
        }
        let digits = bytes[letters..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 3 || bytes[letters] == b'0' {
            return None;
        }
        let mut file: i32 = 0;
        for &b in &bytes[..letters] {
            file = file * 26 + (b - b'a') as i32 + 1;
        }
        let rank: i32 = text[letters..letters + digits].parse().ok()?;
        let sq = self.square(file - 1, rank - 1)?;
        Some((sq, &text[letters + digits..]))
    }
}

/// A square's name, printed as file letters and a rank number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName {
    file: u16,
    rank: u16,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file as u32;
        if file >= 26 {
            write!(f, "{}", char::from(b'a' + (file / 26 - 1) as u8))?;
        }
        write!(f, "{}{}", char::from(b'a' + (file % 26) as u8), self.rank + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_square_of_large_boards() {
        for (w, h) in [(1, 1), (10, 10), (16, 16), (32, 32), (29, 18), (64, 3)] {
            let g = Geometry::new(w, h).unwrap();
            for sq in 0..g.len() as Square {
                let name = g.name(sq).to_string();
                assert_eq!(g.parse_square(&name), Some(sq), "{name} on {w}x{h}");
            }
        }
    }

    #[test]
    fn reads_examples_and_rejects_bad_names() {
        let g = Geometry::new(16, 16).unwrap();
        assert_eq!(g.parse_square("a1"), Some(0));
        assert_eq!(g.parse_square("p16"), Some(255));
        assert_eq!(g.name(255).to_string(), "p16");
        for bad in ["", "a", "1", "q1", "a17", "a0", "a01", "A1", "a1x", "aaa1"] {
            assert_eq!(g.parse_square(bad), None, "{bad}");
        }
        let wide = Geometry::new(30, 2).unwrap();
        assert_eq!(wide.name(26).to_string(), "aa1");
        assert_eq!(wide.parse_square("ad2"), Some(59));
    }

    #[test]
    fn mirror_keeps_file_and_flips_rank() {
        let g = Geometry::new(10, 10).unwrap();
        assert_eq!(g.mirror(g.parse_square("e2").unwrap()), g.parse_square("e9").unwrap());
        assert!(Geometry::new(0, 4).is_none());
        assert!(Geometry::new(65, 4).is_none());
    }
}
