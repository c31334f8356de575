//! A movement at a glance: for each of its patterns, the path it takes (a
//! step, a leap, a slide, a hop, a bent or crooked path, a circle ...), its
//! first leg (atom, directions from White's side, range and style), and
//! whether it only moves or only captures. The page draws a piece's token
//! from this; nothing here decides a move.

use super::{Dir, Movement, Pattern, Style, absolute};

/// The kind of path a pattern takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// One leg, one step to an adjacent square (W, F, K).
    Step,
    /// One leg, one leap to a farther square (N, D, A, C, Z ...).
    Leap,
    /// One leg repeated along a line (R, B, Q, NN, R4 ...).
    Slide,
    /// Over a piece on the way (`p`, `g`, in any leg): cannons, grasshoppers.
    Hop,
    /// Two legs or more that turn (the Gryphon's step then slide, `[D?B]`).
    Bent,
    /// A crooked rider, alternating between two directions (`z`, `{zig}`).
    Crooked,
    /// The Rose's circle of knight leaps (`q`).
    Circle,
    /// A king step round an adjacent occupied square (`{mill}`).
    Mill,
    /// A hop that may go on from its landing square (`{chain}`).
    Chain,
    /// A straight hop over a friendly pawn (`{leapfrog}`).
    Leapfrog,
}

impl Path {
    /// The path's name in the page's movement sketch (`"step"`, `"leap"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Path::Step => "step",
            Path::Leap => "leap",
            Path::Slide => "slide",
            Path::Hop => "hop",
            Path::Bent => "bent",
            Path::Crooked => "crooked",
            Path::Circle => "circle",
            Path::Mill => "mill",
            Path::Chain => "chain",
            Path::Leapfrog => "leapfrog",
        }
    }
}

/// One pattern at a glance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sketch {
    /// The kind of path the move takes.
    pub path: Path,
    /// The first leg's atom, `0 <= x <= y`.
    pub atom: (u8, u8),
    /// The first leg's directions, (file step, rank step) from White's side.
    pub dirs: Vec<Dir>,
    /// The first leg's range: 1 a leaper, 0 an unlimited rider, n at most n.
    pub range: u8,
    /// The last leg may end on an empty square.
    pub moves: bool,
    /// The last leg may capture.
    pub captures: bool,
    /// How the first leg walks its line.
    pub style: Style,
    /// The first leg skips its first square (`j` on a rider).
    pub ski: bool,
    /// The first leg is blocked half way (`n`).
    pub lame: bool,
    /// Only from the piece's starting square (`i`).
    pub initial: bool,
    /// Files wrap round (`o`).
    pub wrap: bool,
    /// Lands right behind the piece hopped (`g`).
    pub grasshopper: bool,
    /// How many legs the pattern has.
    pub legs: usize,
    /// The last leg's atom (the first leg's for a single leg).
    pub last_atom: (u8, u8),
    /// The last leg goes on along its line (a rider, `y` counted), where
    /// a bent path's last leg may be a step or a slide.
    pub last_rides: bool,
}

fn path_of(p: &Pattern) -> Path {
    let first = &p.legs[0];
    if p.leapfrog {
        Path::Leapfrog
    } else if p.chain {
        Path::Chain
    } else if p.circular {
        Path::Circle
    } else if first.style == Style::Mill {
        Path::Mill
    } else if p.legs.iter().any(|l| l.zig.is_some()) {
        Path::Crooked
    } else if p.legs.iter().any(|l| l.p || l.g) {
        Path::Hop
    } else if p.legs.len() > 1 {
        Path::Bent
    } else if first.range != 1 {
        Path::Slide
    } else if matches!(first.atom, (0, 1) | (1, 1)) {
        Path::Step
    } else {
        Path::Leap
    }
}

/// The movement's patterns at a glance, in order.
pub fn sketch(m: &Movement) -> Vec<Sketch> {
    m.patterns
        .iter()
        .filter(|p| !p.legs.is_empty())
        .map(|p| {
            let first = &p.legs[0];
            let k = p.legs.len() - 1;
            let last = &p.legs[k];
            // `y` on the leg before switches the last between leaper and rider.
            let toggled = k > 0 && p.legs[k - 1].y;
            Sketch {
                path: path_of(p),
                atom: first.atom,
                dirs: absolute(first.atom, first.ksystem, &first.dirs).unwrap_or_default(),
                range: first.range,
                moves: last.m,
                captures: last.c,
                style: first.style,
                ski: first.j > 0 && first.range != 1,
                lame: first.n,
                initial: p.initial,
                wrap: p.legs.iter().any(|l| l.wrap),
                grasshopper: p.legs.iter().any(|l| l.g),
                legs: p.legs.len(),
                last_atom: last.atom,
                last_rides: (last.range != 1) != toggled,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::parse_movement;

    fn paths(text: &str) -> Vec<Path> {
        sketch(&parse_movement(text).unwrap()).iter().map(|s| s.path).collect()
    }

    #[test]
    fn tells_each_kind_of_path() {
        assert_eq!(paths("KNR"), vec![Path::Step, Path::Leap, Path::Slide]);
        assert_eq!(paths("mRcpR"), vec![Path::Slide, Path::Hop]);
        assert_eq!(paths("gQ"), vec![Path::Hop]);
        assert_eq!(paths("FyafsF"), vec![Path::Step, Path::Bent]);
        assert_eq!(paths("[N?B]"), vec![Path::Bent]);
        assert_eq!(paths("zB"), vec![Path::Crooked]);
        assert_eq!(paths("qN"), vec![Path::Circle]);
        assert_eq!(paths("{mill}K"), vec![Path::Mill]);
        assert_eq!(paths("NNR4"), vec![Path::Slide, Path::Slide]);
    }

    #[test]
    fn first_leg_directions_range_and_modality() {
        let pawn = sketch(&parse_movement("fmWfcFifmR2").unwrap());
        assert_eq!(pawn[0].dirs, vec![(0, 1)]);
        assert!(pawn[0].moves && !pawn[0].captures);
        let mut diagonals = pawn[1].dirs.clone();
        diagonals.sort();
        assert_eq!(diagonals, vec![(-1, 1), (1, 1)]);
        assert!(!pawn[1].moves && pawn[1].captures);
        assert!(pawn[2].initial);
        assert_eq!(pawn[2].range, 2);
        let ski = &sketch(&parse_movement("jB").unwrap())[0];
        assert!(ski.ski && ski.range == 0 && ski.dirs.len() == 4);
        let fly = &sketch(&parse_movement("{fly}Q").unwrap())[0];
        assert_eq!(fly.style, Style::Fly);
        assert_eq!(fly.dirs.len(), 8);
        let gryphon = &sketch(&parse_movement("FyafsF").unwrap())[1];
        assert!(gryphon.last_rides && gryphon.legs == 2);
        let titan = sketch(&parse_movement("FmafFmasF").unwrap());
        assert!(titan.iter().all(|s| !s.last_rides));
        assert!(sketch(&parse_movement("[N?B]").unwrap())[0].last_rides);
        let knight = &sketch(&parse_movement("N").unwrap())[0];
        assert_eq!(knight.dirs.len(), 8);
        assert!(knight.moves && knight.captures);
    }
}
