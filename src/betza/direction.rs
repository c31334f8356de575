//! Direction letters (f b l r v s h) and what they select for each class of
//! atom, following XBetza as the Interactive Diagram reads it.

/// A vector (file step, rank step) from White's point of view.
pub type Dir = (i32, i32);

/// One direction token: a single letter or a pair read as one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirToken {
    /// A single direction letter.
    One(u8),
    /// Two letters read as one direction (`fl`, `rb`, ...).
    Pair(u8, u8),
}

/// The eight unit directions in clockwise order, starting straight ahead.
pub const RING: [Dir; 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

fn is_vertical(b: u8) -> bool {
    matches!(b, b'f' | b'b' | b'v')
}

fn is_horizontal(b: u8) -> bool {
    matches!(b, b'l' | b'r' | b's')
}

/// Splits a leg's direction letters into tokens. Two letters form one
/// token when one of f, b, l, r is followed by a letter of the other axis,
/// or when they involve `h`; a doubled letter stands alone and does not
/// pair, so `ffs` reads as `f` + `fs` and `sb` as `s` + `b`.
pub fn tokenize(letters: &[u8]) -> Vec<DirToken> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        let a = letters[i];
        if let Some(&b) = letters.get(i + 1) {
            // Only f, b, l and r open a pair (as in XBoard): `sbK` is
            // s + b, not the backward diagonals.
            let opens = matches!(a, b'f' | b'b' | b'l' | b'r');
            let pairs = a != b
                && ((opens && is_vertical(a) && is_horizontal(b))
                    || (opens && is_horizontal(a) && is_vertical(b))
                    || a == b'h'
                    || b == b'h');
            if pairs {
                out.push(DirToken::Pair(a, b));
                i += 2;
                continue;
            }
        }
        out.push(DirToken::One(a));
        i += 1;
    }
    out
}

fn token_text(t: DirToken) -> String {
    match t {
        DirToken::One(a) => (a as char).to_string(),
        DirToken::Pair(a, b) => format!("{}{}", a as char, b as char),
    }
}

/// Every image of an atom under rotation and reflection, without repeats.
pub fn images(atom: (u8, u8)) -> Vec<Dir> {
    let (x, y) = (atom.0 as i32, atom.1 as i32);
    let mut out: Vec<Dir> = Vec::with_capacity(8);
    for (a, b) in [(x, y), (y, x)] {
        for sa in [1, -1] {
            for sb in [1, -1] {
                let d = (a * sa, b * sb);
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// Does a single letter select direction `d` of an orthogonal or diagonal
/// atom?
fn letter_simple(letter: u8, d: Dir) -> Option<bool> {
    Some(match letter {
        b'f' => d.1 > 0,
        b'b' => d.1 < 0,
        b'l' => d.0 < 0,
        b'r' => d.0 > 0,
        b'v' => d.0 == 0 || d.0.abs() == d.1.abs(),
        b's' => d.1 == 0 || d.0.abs() == d.1.abs(),
        _ => return None,
    })
}

/// Does a single letter select direction `d` of an oblique atom?
fn letter_oblique(letter: u8, d: Dir) -> Option<bool> {
    let narrow = d.1.abs() > d.0.abs();
    Some(match letter {
        b'f' => d.1 > 0 && narrow,
        b'b' => d.1 < 0 && narrow,
        b'l' => d.0 < 0 && !narrow,
        b'r' => d.0 > 0 && !narrow,
        b'v' => narrow,
        b's' => !narrow,
        _ => return None,
    })
}

fn pair_oblique(a: u8, b: u8, d: Dir) -> Option<bool> {
    let narrow = d.1.abs() > d.0.abs();
    if a == b'h' || b == b'h' {
        let other = if a == b'h' { b } else { a };
        let (x, y) = d;
        return Some(match (a, b) {
            // Chiral sets: hr turns right (clockwise) from a narrow forward
            // leap to the right, hl is its mirror image.
            // Chiral sets: hr holds the narrow leaps of the quadrants where
            // x and y have one sign and the wide leaps of the others.
            (b'h', b'r') => (x * y > 0) == narrow,
            (b'h', b'l') => (x * y > 0) != narrow,
            _ => match other {
                b'f' => y > 0,
                b'b' => y < 0,
                b'l' => x < 0,
                b'r' => x > 0,
                _ => return None,
            },
        });
    }
    Some(match (a, b) {
        (b'f', b's') | (b's', b'f') => d.1 > 0 && !narrow,
        (b'b', b's') | (b's', b'b') => d.1 < 0 && !narrow,
        (b'l', b'v') | (b'v', b'l') => d.0 < 0 && narrow,
        (b'r', b'v') | (b'v', b'r') => d.0 > 0 && narrow,
        (x, y @ (b'f' | b'b')) if matches!(x, b'l' | b'r') => letter_oblique(y, d)? && letter_simple(x, d)?,
        (x @ (b'f' | b'b'), y) if matches!(y, b'l' | b'r') => letter_oblique(y, d)? && letter_simple(x, d)?,
        _ => return None,
    })
}

/// Selects the directions of a first leg (directions are absolute, seen
/// from White).
pub fn absolute(atom: (u8, u8), ksystem: bool, tokens: &[DirToken]) -> Result<Vec<Dir>, String> {
    let all = if ksystem { RING.to_vec() } else { images(atom) };
    if tokens.is_empty() {
        return Ok(all);
    }
    let oblique = !ksystem && atom.0 != 0 && atom.0 != atom.1;
    let diagonal = !ksystem && atom.0 == atom.1;
    let mut out = Vec::new();
    for &t in tokens {
        for &d in &all {
            let hit = if ksystem {
                ksystem_selects(t, d)
            } else if oblique {
                match t {
                    DirToken::One(a) => letter_oblique(a, d),
                    DirToken::Pair(a, b) => pair_oblique(a, b, d),
                }
            } else {
                match t {
                    DirToken::One(a) => letter_simple_strict(a, d, diagonal),
                    DirToken::Pair(a, b) => {
                        let (x, y) = (
                            letter_simple_strict(a, d, diagonal),
                            letter_simple_strict(b, d, diagonal),
                        );
                        match (x, y) {
                            (Some(x), Some(y)) => Some(if diagonal { x && y } else { x || y }),
                            _ => None,
                        }
                    }
                }
            };
            match hit {
                None => return Err(format!("direction '{}' has no meaning here", token_text(t))),
                Some(true) => {
                    if !out.contains(&d) {
                        out.push(d);
                    }
                }
                Some(false) => {}
            }
        }
    }
    // Keep the atom's own order so tables are built in a stable order.
    Ok(all.into_iter().filter(|d| out.contains(d)).collect())
}

/// On orthogonal atoms `v` and `s` mean the vertical and sideways pairs; on
/// diagonal atoms they mean all four.
fn letter_simple_strict(letter: u8, d: Dir, diagonal: bool) -> Option<bool> {
    match letter {
        b'v' if !diagonal => Some(d.0 == 0),
        b's' if !diagonal => Some(d.1 == 0),
        _ => letter_simple(letter, d),
    }
}

/// The K system: single letters are single orthogonal directions, a
/// vertical letter with a horizontal one names diagonals.
fn ksystem_selects(t: DirToken, d: Dir) -> Option<bool> {
    let ys = |v: u8| -> Option<&'static [i32]> {
        Some(match v {
            b'f' => &[1],
            b'b' => &[-1],
            b'v' => &[1, -1],
            _ => return None,
        })
    };
    let xs = |h: u8| -> Option<&'static [i32]> {
        Some(match h {
            b'l' => &[-1],
            b'r' => &[1],
            b's' => &[1, -1],
            _ => return None,
        })
    };
    match t {
        DirToken::One(a) => {
            if let Some(y) = ys(a) {
                Some(d.0 == 0 && y.contains(&d.1))
            } else {
                xs(a).map(|x| d.1 == 0 && x.contains(&d.0))
            }
        }
        DirToken::Pair(a, b) => {
            let (v, h) = if is_vertical(a) { (a, b) } else { (b, a) };
            Some(ys(v)?.contains(&d.1) && xs(h)?.contains(&d.0))
        }
    }
}

/// Selects the turns of a continuation leg, as multiples of 45 degrees
/// clockwise from the previous leg's direction (0 = straight on).
pub fn rotations(tokens: &[DirToken]) -> Result<Vec<u8>, String> {
    // The eight turns as bits: each once, in order, without a sort.
    let mut turns = 0u8;
    for &t in tokens {
        let set: &[u8] = match t {
            DirToken::One(b'f') => &[0],
            DirToken::One(b'r') => &[2],
            DirToken::One(b'b') => &[4],
            DirToken::One(b'l') => &[6],
            DirToken::One(b'v') => &[0, 4],
            DirToken::One(b's') => &[2, 6],
            DirToken::Pair(a, b) => {
                let (v, h) = if is_vertical(a) { (a, b) } else { (b, a) };
                match (v, h) {
                    (b'f', b'r') => &[1],
                    (b'f', b'l') => &[7],
                    (b'f', b's') => &[1, 7],
                    (b'b', b'r') => &[3],
                    (b'b', b'l') => &[5],
                    (b'b', b's') => &[3, 5],
                    (b'v', b'r') => &[1, 3],
                    (b'v', b'l') => &[5, 7],
                    (b'v', b's') => &[1, 3, 5, 7],
                    _ => return Err(format!("direction '{}' has no meaning in a later leg", token_text(t))),
                }
            }
            _ => return Err(format!("direction '{}' has no meaning in a later leg", token_text(t))),
        };
        for &r in set {
            turns |= 1 << r;
        }
    }
    Ok((0..8).filter(|r| turns & 1 << r != 0).collect())
}

/// Sorts directions by angle, as atan2(y, x) orders them from -180 to 180
/// degrees, in whole numbers: first the half-plane (below the x axis, then
/// from the positive x axis up to, not including, the negative one, then
/// that), then the cross product's sign. Equal angles keep their order.
/// For a circular rider's ring of at most eight images: an insertion sort
/// keeps a sort's code (and atan2's) out of the wasm module.
pub fn sort_by_angle(ring: &mut [Dir]) {
    let half = |d: Dir| match (d.1.signum(), d.0 < 0) {
        (-1, _) => 0,
        (0, true) => 2,
        _ => 1,
    };
    let after = |a: Dir, b: Dir| half(a).cmp(&half(b)).then(0.cmp(&(a.0 * b.1 - a.1 * b.0))).is_gt();
    for i in 1..ring.len() {
        let mut j = i;
        while j > 0 && after(ring[j - 1], ring[j]) {
            ring.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The second leaps of a crooked rider whose first leap is `first`: images
/// of `atom` other than `first` that add up with it to an image of `sum`.
pub fn zig_partners(atom: (u8, u8), sum: (u8, u8), first: Dir) -> Vec<Dir> {
    let sums = images(sum);
    images(atom)
        .into_iter()
        .filter(|&v| v != first && sums.contains(&(first.0 + v.0, first.1 + v.1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(atom: (u8, u8), k: bool, s: &str) -> Vec<Dir> {
        let mut v = absolute(atom, k, &tokenize(s.as_bytes())).unwrap();
        v.sort();
        v
    }

    #[test]
    fn oblique_tokens_follow_xbetza() {
        let n = (1, 2);
        assert_eq!(sel(n, false, "f"), vec![(-1, 2), (1, 2)]);
        assert_eq!(sel(n, false, "ff"), vec![(-1, 2), (1, 2)]);
        assert_eq!(sel(n, false, "fs"), vec![(-2, 1), (2, 1)]);
        assert_eq!(sel(n, false, "fh").len(), 4);
        assert_eq!(sel(n, false, "rf"), vec![(1, 2)]);
        assert_eq!(sel(n, false, "fr"), vec![(2, 1)]);
        assert_eq!(sel(n, false, "bl"), vec![(-2, -1)]);
        let mut hr = vec![(1, 2), (2, -1), (-1, -2), (-2, 1)];
        hr.sort();
        assert_eq!(sel(n, false, "hr"), hr);
        assert_eq!(sel(n, false, "v").len(), 4);
        assert_eq!(sel(n, false, "lv"), vec![(-1, -2), (-1, 2)]);
    }

    #[test]
    fn ksystem_tokens_are_single_directions() {
        assert_eq!(sel((0, 1), true, "f"), vec![(0, 1)]);
        assert_eq!(sel((0, 1), true, "ffs"), vec![(-1, 1), (0, 1), (1, 1)]);
        assert_eq!(sel((0, 1), true, "fs"), vec![(-1, 1), (1, 1)]);
        assert_eq!(sel((0, 1), true, "b").len(), 1);
    }

    #[test]
    fn orthogonal_union_and_diagonal_intersection() {
        assert_eq!(sel((0, 1), false, "fs"), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(sel((1, 1), false, "f"), vec![(-1, 1), (1, 1)]);
        assert_eq!(sel((1, 1), false, "fr"), vec![(1, 1)]);
        assert_eq!(sel((0, 1), false, "v"), vec![(0, -1), (0, 1)]);
        assert_eq!(sel((1, 2), false, "vs").len(), 8);
        assert!(absolute((1, 2), false, &tokenize(b"h")).is_err());
    }

    #[test]
    fn later_leg_turns() {
        assert_eq!(rotations(&tokenize(b"fs")).unwrap(), vec![1, 7]);
        assert_eq!(rotations(&tokenize(b"s")).unwrap(), vec![2, 6]);
        assert_eq!(rotations(&tokenize(b"fr")).unwrap(), vec![1]);
        assert!(rotations(&tokenize(b"h")).is_err());
    }

    fn by_atan2(ring: &mut [Dir]) {
        ring.sort_by(|a, b| {
            (a.1 as f64)
                .atan2(a.0 as f64)
                .total_cmp(&(b.1 as f64).atan2(b.0 as f64))
        });
    }

    /// The whole-number angle order is atan2's: for every atom's images,
    /// and for the 16 directions of the knight and the king together.
    #[test]
    fn sort_by_angle_orders_as_atan2() {
        for x in 0..=7u8 {
            for y in 0..=7u8 {
                if (x, y) == (0, 0) {
                    continue;
                }
                let mut ours = images((x, y));
                ours.reverse();
                let mut theirs = ours.clone();
                sort_by_angle(&mut ours);
                by_atan2(&mut theirs);
                assert_eq!(ours, theirs, "({x}, {y})");
            }
        }
        let mut all: Vec<Dir> = images((1, 2))
            .into_iter()
            .chain(images((0, 1)))
            .chain(images((1, 1)))
            .collect();
        let mut theirs = all.clone();
        sort_by_angle(&mut all);
        by_atan2(&mut theirs);
        assert_eq!(all, theirs);
        assert_eq!(all[0], (-2, -1));
        assert_eq!(all[15], (-1, 0));
    }
}
