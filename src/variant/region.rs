//! Sets of squares written in a definition: promotion squares, goals and
//! the regions a piece may move in. A region is a list of strings, each a
//! square (`e5`), a rectangle between two corners (`d1-f3`), a whole rank
//! (`*3`) or a whole file (`c*`), given from White's side; Black's region
//! is the same with the ranks counted from Black's side.

use crate::core::echo::echo;
use crate::core::geometry::{Geometry, Square};
use crate::core::piece::Color;

/// A set of squares of one board, for each colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Per colour, per square.
    pub squares: [Vec<bool>; 2],
}

impl Region {
    /// Does `color`'s region hold `sq`?
    #[inline]
    pub fn contains(&self, color: Color, sq: Square) -> bool {
        self.squares[color][sq as usize]
    }

    /// White's squares, in order.
    pub fn white_squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.squares[0].len() as Square).filter(|&s| self.squares[0][s as usize])
    }
}

/// Reads one entry of a region into White's squares; an error says what is
/// wrong with it.
fn read_entry(g: Geometry, text: &str, white: &mut [bool]) -> Result<(), String> {
    let bad = || {
        format!(
            "'{}' is not a square, a rectangle ('d1-f3'), a rank ('*3') or a file ('c*') of this {} x {} board",
            echo(text),
            g.width,
            g.height
        )
    };
    let t = text.trim();
    if let Some(rank) = t.strip_prefix('*') {
        let r: i32 = rank.parse().map_err(|_| bad())?;
        if !(1..=g.height as i32).contains(&r) {
            return Err(bad());
        }
        for f in 0..g.width as i32 {
            white[g.square(f, r - 1).expect("on the board") as usize] = true;
        }
        return Ok(());
    }
    if let Some(file) = t.strip_suffix('*') {
        let sq = g.parse_square(&format!("{file}1")).ok_or_else(bad)?;
        for r in 0..g.height as i32 {
            white[g.square(g.file(sq), r).expect("on the board") as usize] = true;
        }
        return Ok(());
    }
    let (a, b) = match t.split_once('-') {
        Some((a, b)) => (a, b),
        None => (t, t),
    };
    let (a, b) = (g.parse_square(a).ok_or_else(bad)?, g.parse_square(b).ok_or_else(bad)?);
    let (f0, f1) = (g.file(a).min(g.file(b)), g.file(a).max(g.file(b)));
    let (r0, r1) = (g.rank(a).min(g.rank(b)), g.rank(a).max(g.rank(b)));
    for f in f0..=f1 {
        for r in r0..=r1 {
            white[g.square(f, r).expect("on the board") as usize] = true;
        }
    }
    Ok(())
}

/// Reads a region from its entries; each bad entry is reported with its
/// index. An empty list is an empty region.
pub fn read_region(g: Geometry, entries: &[String]) -> Result<Region, Vec<(usize, String)>> {
    let mut white = vec![false; g.len()];
    let mut problems = Vec::new();
    for (i, text) in entries.iter().enumerate() {
        if let Err(msg) = read_entry(g, text, &mut white) {
            problems.push((i, msg));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut black = vec![false; g.len()];
    for sq in 0..g.len() as Square {
        black[g.mirror(sq) as usize] = white[sq as usize];
    }
    Ok(Region {
        squares: [white, black],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(g: Geometry, r: &Region, color: Color) -> Vec<String> {
        (0..g.len() as Square)
            .filter(|&s| r.contains(color, s))
            .map(|s| g.name(s).to_string())
            .collect()
    }

    #[test]
    fn squares_rectangles_ranks_and_files() {
        let g = Geometry::new(9, 10).unwrap();
        let palace = read_region(g, &["f3-d1".to_string()]).unwrap();
        assert_eq!(
            names(g, &palace, 0),
            ["d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"]
        );
        assert_eq!(
            names(g, &palace, 1),
            ["d8", "e8", "f8", "d9", "e9", "f9", "d10", "e10", "f10"]
        );
        let r = read_region(g, &["*10".to_string(), "a*".to_string(), "e5".to_string()]).unwrap();
        assert_eq!(r.white_squares().count(), 9 + 10 - 1 + 1);
        assert!(r.contains(0, g.parse_square("e5").unwrap()));
        assert!(r.contains(1, g.parse_square("e6").unwrap()));
        assert!(r.contains(1, g.parse_square("c1").unwrap()));
    }

    #[test]
    fn bad_entries_are_named_with_their_index() {
        let g = Geometry::new(8, 8).unwrap();
        let err = read_region(g, &["e4".into(), "j1".into(), "*9".into(), "a1-".into(), "**".into()]).unwrap_err();
        let at: Vec<usize> = err.iter().map(|(i, _)| *i).collect();
        assert_eq!(at, [1, 2, 3, 4]);
        assert!(err[0].1.contains("'j1' is not a square"), "{}", err[0].1);
    }
}
