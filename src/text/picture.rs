//! A movement string as a piece editor shows it: where it goes from the
//! centre of a small empty square board (moves to empty squares, captures
//! of a lone enemy, and which only from the piece's starting square), and
//! each of its components read back as leaps or slides where it is plain
//! enough to be drawn on a grid. The destinations come from the same
//! compiled tables as the engine's moves, so what an editor shows is what
//! the engine plays.

use crate::betza::{Pattern, Style, absolute, parse_spans};
use crate::core::geometry::{Geometry, Square};
use crate::movement::{EMPTY, ENEMY, FRIEND, MoveTables, check_movement, for_each_destination};

/// The largest editor board (an odd side, the piece in its centre).
pub const MAX_SIDE: u8 = 31;

/// One component of the string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Where it stands in the string (byte offsets; the string is ASCII).
    pub span: std::ops::Range<usize>,
    /// A single plain leap or slide (no hop, bend, lame leg, tag ...):
    /// the fields below say all it does.
    pub plain: bool,
    /// A rider (`R`, `NN`, `R4`), not a leaper.
    pub slide: bool,
    /// A rider's range: 0 unlimited.
    pub range: u8,
    /// The leap or step vectors, (file, rank) from White's side.
    pub dirs: Vec<(i32, i32)>,
    /// It may move to an empty square.
    pub moves: bool,
    /// It may capture.
    pub captures: bool,
    /// Only from the piece's starting square (`i`).
    pub initial: bool,
}

/// Bits of a square's flags in [`Picture::cells`].
pub mod cell {
    /// The piece may move there when it is empty.
    pub const MOVE: u8 = 1;
    /// The piece may take a lone enemy there.
    pub const CAPTURE: u8 = 2;
    /// Only from the piece's starting square.
    pub const INITIAL: u8 = 4;
}

/// A movement on an editor's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The parts of the notation, in order.
    pub parts: Vec<Part>,
    /// Each square reached: (file offset, rank offset from the piece,
    /// [`cell`] bits).
    pub cells: Vec<(i32, i32, u8)>,
}

fn plain(p: &Pattern) -> bool {
    let [leg] = &p.legs[..] else { return false };
    leg.style == Style::Normal
        && !(leg.p || leg.g || leg.n || leg.e || leg.d || leg.y || leg.wrap || leg.absolute || leg.same_steps)
        && leg.j == 0
        && leg.zig.is_none()
        && (leg.m || leg.c)
        && !(p.circular || p.chain || p.leapfrog || p.recapture)
        && p.borrow == 0
        && p.hurdle == 0
        && p.mech == 0
}

/// The picture of `text` on a `side` x `side` board (odd, 3 to
/// [`MAX_SIDE`]), or what is wrong with the string.
pub fn picture(text: &str, side: u8) -> Result<Picture, String> {
    if side.is_multiple_of(2) || !(3..=MAX_SIDE).contains(&side) {
        return Err(format!(
            "an editor board is odd, 3 to {MAX_SIDE} squares a side, not {side}"
        ));
    }
    let (movement, spans) = parse_spans(text).map_err(|e| e.to_string())?;
    check_movement(&movement)?;
    let parts = movement
        .patterns
        .iter()
        .zip(spans)
        .map(|(p, span)| {
            let leg = &p.legs[0];
            Part {
                span,
                plain: plain(p),
                slide: leg.range != 1,
                range: leg.range,
                dirs: absolute(leg.atom, leg.ksystem, &leg.dirs).unwrap_or_default(),
                moves: leg.m,
                captures: leg.c,
                initial: p.initial,
            }
        })
        .collect();
    let geo = Geometry::new(side, side).ok_or("bad board")?;
    let centre = i32::from(side / 2);
    let from = geo.square(centre, centre).ok_or("bad board")?;
    let mut tables = MoveTables::new(geo, vec![0], true);
    tables.add_program(geo, &movement, from, 1, None)?;
    let p = tables.programs[0];
    let all = &tables.nodes[p.start as usize..p.start as usize + p.len_initial as usize];
    let later = &all[..p.len as usize];
    // What the nodes reach with the board empty but for the piece and, on
    // `target`, an enemy: the squares moved to, and whether `target` is taken.
    let reach = |nodes: &[crate::movement::Node], target: Option<Square>| {
        let mut moves = vec![false; geo.len()];
        let mut taken = false;
        let class = |s: Square| {
            if s == from {
                FRIEND
            } else if Some(s) == target {
                ENEMY
            } else {
                EMPTY
            }
        };
        for_each_destination(nodes, class, |to, cls| match cls {
            EMPTY => moves[to as usize] = true,
            ENEMY => taken |= Some(to) == target,
            _ => {}
        });
        (moves, taken)
    };
    let (moves_all, _) = reach(all, None);
    let (moves_later, _) = reach(later, None);
    let mut cells = Vec::new();
    for to in 0..geo.len() as Square {
        if to == from {
            continue;
        }
        let (_, take_all) = reach(all, Some(to));
        let mut flags = 0;
        let mut first_only = true;
        if moves_all[to as usize] {
            flags |= cell::MOVE;
            first_only &= !moves_later[to as usize];
        }
        if take_all {
            flags |= cell::CAPTURE;
            first_only &= !reach(later, Some(to)).1;
        }
        if flags != 0 {
            if first_only {
                flags |= cell::INITIAL;
            }
            cells.push((geo.file(to) - centre, geo.rank(to) - centre, flags));
        }
    }
    Ok(Picture { parts, cells })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(p: &Picture, x: i32, y: i32) -> u8 {
        p.cells.iter().find(|c| (c.0, c.1) == (x, y)).map_or(0, |c| c.2)
    }

    #[test]
    fn a_pawn_moves_captures_and_first_moves() {
        let p = picture("fmWfcFifmR2", 7).unwrap();
        let texts: Vec<&str> = p.parts.iter().map(|q| &"fmWfcFifmR2"[q.span.clone()]).collect();
        assert_eq!(texts, ["fmW", "fcF", "ifmR2"]);
        assert_eq!(flags(&p, 0, 1), cell::MOVE);
        assert_eq!(flags(&p, 1, 1), cell::CAPTURE);
        assert_eq!(flags(&p, -1, 1), cell::CAPTURE);
        assert_eq!(flags(&p, 0, 2), cell::MOVE | cell::INITIAL);
        assert_eq!(p.cells.len(), 4);
        assert!(p.parts[2].slide && p.parts[2].range == 2 && p.parts[2].initial && !p.parts[2].captures);
        assert_eq!(p.parts[0].dirs, vec![(0, 1)]);
    }

    #[test]
    fn riders_reach_the_edge_and_hoppers_are_not_plain() {
        let p = picture("R", 15).unwrap();
        assert_eq!(p.cells.len(), 28);
        assert_eq!(flags(&p, 0, 7), cell::MOVE | cell::CAPTURE);
        let cannon = picture("mRcpR", 9).unwrap();
        assert!(cannon.parts[0].plain && !cannon.parts[1].plain);
        // On an empty board the cannon has nothing to hop over.
        assert!(cannon.cells.iter().all(|c| c.2 == cell::MOVE));
        let knight = picture("N", 5).unwrap();
        assert_eq!(knight.parts[0].dirs.len(), 8);
        assert!(!knight.parts[0].slide);
    }

    #[test]
    fn every_kind_of_component_gets_a_picture_and_the_unplain_are_told() {
        for text in [
            "{chain}N",
            "KNADcaKmcabK",
            "{jester}",
            "{orphan}",
            "{mill}K",
            "{withdraw}Q",
            "[F?R]",
            "qN",
            "fsmWfceFifmR3{leapfrog}",
            "{chain}ffsscpafmK",
            "oQ",
            "{bounce}B",
            "[R-fsbsB=][B-fsbsR=]",
            "NW[N-{abs}N]",
            "{andernach}gQ",
            "mQ{shoot}Q",
            "{recapture}N",
            "nZ",
        ] {
            let p = picture(text, 15).unwrap_or_else(|e| panic!("{text}: {e}"));
            // Each string ends with a component the grid cannot show.
            assert!(!p.parts.last().expect("a part").plain, "{text}");
        }
        let p = picture("KNADcaKmcabK", 15).unwrap();
        assert_eq!(p.cells.len(), 24, "the Lion's 24 leaps on an empty board");
    }

    #[test]
    fn bad_strings_and_boards_are_refused() {
        assert!(picture("fX", 15).unwrap_err().contains("character 2"));
        assert!(picture("R", 14).is_err());
        assert!(picture("R", 33).is_err());
    }
}
