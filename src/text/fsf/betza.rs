//! Movement in Fairy-Stockfish's Betza subset, for the exporter: a
//! movement as the set of moves Fairy-Stockfish builds from a Betza string
//! (a step, slide or hop, its modality, initial or not, by direction),
//! read from Fairy-Stockfish's side (`fsf_moves`, the rules of its reader
//! as docs/importing.md describes them) and from bigboard's side
//! (`bigboard_moves`, from a parsed movement); and a string written in the
//! subset that both read as the same moves (`write`). A movement the two
//! would read differently is refused, never approximated.

use crate::betza::{Dir, Movement, Style, absolute, images, parse_movement};
use std::collections::BTreeMap;

/// What a move does: step (a leap, lame when `lame`), slide or hop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// A single leap.
    Step,
    /// A slide along a line (a rider).
    Slide,
    /// A hop over one man on a line.
    Hop,
}

/// One direction of one kind of move: (initial, capture, class, vector).
pub type Key = (bool, bool, Class, Dir);

/// A movement as Fairy-Stockfish holds it: per key, the distance (0: any;
/// for a step, -1: lame; for a hop, 1: a grasshopper's landing).
pub type Moves = BTreeMap<Key, i32>;

/// The leaper atoms Fairy-Stockfish reads, as (long, short) components.
const LEAPERS: &[(char, (i32, i32))] = &[
    ('W', (1, 0)),
    ('F', (1, 1)),
    ('D', (2, 0)),
    ('N', (2, 1)),
    ('A', (2, 2)),
    ('H', (3, 0)),
    ('L', (3, 1)),
    ('C', (3, 1)),
    ('J', (3, 2)),
    ('Z', (3, 2)),
    ('G', (3, 3)),
];

fn is_vertical(c: char) -> bool {
    "fbvh".contains(c)
}

fn is_horizontal(c: char) -> bool {
    "rlsh".contains(c)
}

/// The moves Fairy-Stockfish makes of `betza`: its reader, letter by
/// letter (letters it does not know are skipped, as it skips them).
pub fn fsf_moves(betza: &str) -> Moves {
    let chars: Vec<char> = betza.chars().collect();
    let mut out = Moves::new();
    let (mut quiet, mut capture) = (false, false);
    let (mut hopper, mut lame, mut initial) = (false, false, false);
    let mut distance = 0i32;
    let mut dirs: Vec<(char, char)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' => quiet = true,
            'c' => capture = true,
            'p' => hopper = true,
            'g' => {
                hopper = true;
                distance = 1;
            }
            'n' => lame = true,
            'i' => initial = true,
            _ if is_vertical(c) || is_horizontal(c) => {
                if let Some(&c2) = chars.get(i + 1)
                    && (c2 == c || (is_vertical(c) && is_horizontal(c2)) || (is_horizontal(c) && is_vertical(c2)))
                {
                    dirs.push((c, c2));
                    i += 2;
                    continue;
                }
                dirs.push((c, c));
            }
            _ => {
                let atoms: Vec<(i32, i32)> = match c {
                    'R' => vec![(1, 0)],
                    'B' => vec![(1, 1)],
                    'Q' => vec![(1, 0), (1, 1)],
                    'K' => vec![(1, 0), (1, 1)],
                    _ => match LEAPERS.iter().find(|(l, _)| *l == c) {
                        Some((_, a)) => vec![*a],
                        None => {
                            i += 1;
                            continue;
                        }
                    },
                };
                let mut rider = matches!(c, 'R' | 'B' | 'Q');
                if let Some(&next) = chars.get(i + 1)
                    && (next.is_ascii_digit() || next == c)
                {
                    rider = true;
                    if let Some(d) = next.to_digit(10) {
                        distance = d as i32;
                    }
                    i += 1;
                }
                if !rider && lame {
                    distance = -1;
                }
                let modalities: Vec<bool> = match (quiet, capture) {
                    (false, false) => vec![false, true],
                    (q, c) => [(q, false), (c, true)]
                        .into_iter()
                        .filter(|(on, _)| *on)
                        .map(|(_, cap)| cap)
                        .collect(),
                };
                let class = if hopper {
                    Class::Hop
                } else if rider {
                    Class::Slide
                } else {
                    Class::Step
                };
                for &atom in &atoms {
                    // Orthogonal atoms split a pair into its two letters
                    // (`fsW` is forward and sideways).
                    let mut ds: Vec<(char, char)> = Vec::new();
                    for &(a, b) in &dirs {
                        if atoms.len() == 1 && atom.1 == 0 && a != b {
                            ds.push((a, a));
                            ds.push((b, b));
                        } else {
                            ds.push((a, b));
                        }
                    }
                    for d in selected(atom, &ds) {
                        for &cap in &modalities {
                            out.insert((initial, cap, class, d), distance);
                        }
                    }
                }
                (quiet, capture, hopper, lame, initial) = (false, false, false, false, false);
                distance = 0;
                dirs.clear();
            }
        }
        i += 1;
    }
    out
}

/// The vectors (file, rank) Fairy-Stockfish selects of `atom` (long,
/// short) by the direction pairs `ds` (none: all eight).
fn selected(atom: (i32, i32), ds: &[(char, char)]) -> Vec<Dir> {
    let (a, b) = atom;
    let has = |set: &[&str]| {
        ds.is_empty()
            || ds.iter().any(|&(x, y)| {
                let s: String = [x, y].iter().collect();
                set.contains(&s.as_str())
            })
    };
    let table: [(Dir, &[&str]); 8] = [
        ((b, a), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ];
    let mut out = Vec::new();
    for (d, set) in table {
        if has(set) && !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

/// The moves of a bigboard movement, or why Fairy-Stockfish's Betza has
/// no such move. `en_passant` is set when a leg captures en passant
/// (`e`), which Fairy-Stockfish gives its pawn alone.
pub fn bigboard_moves(movement: &Movement, en_passant: &mut bool) -> Result<Moves, String> {
    let mut out = Moves::new();
    for p in &movement.patterns {
        if p.legs.len() != 1 {
            return Err("a move of more than one leg: Fairy-Stockfish's Betza has single-leg moves only".into());
        }
        let tag = if p.circular {
            "a circular rider (q)"
        } else if p.chain {
            "{chain}"
        } else if p.leapfrog {
            "{leapfrog}"
        } else if p.recapture {
            "{recapture}"
        } else if p.borrow != 0 {
            "a borrowed move ({jester}, {orphan}, {friend})"
        } else if p.hurdle != 0 {
            "a hurdle effect ({andernach}, {einstein}, {circe})"
        } else if p.mech != 0 {
            "a capture mechanism or aura"
        } else {
            ""
        };
        if !tag.is_empty() {
            return Err(format!("{tag}: not in Fairy-Stockfish's Betza"));
        }
        let leg = &p.legs[0];
        let letter = if leg.d {
            "d (taking a friend)"
        } else if leg.j != 0 {
            "j"
        } else if leg.y {
            "y"
        } else if leg.zig.is_some() {
            "z (a crooked move)"
        } else if leg.wrap {
            "o (a cylinder)"
        } else if leg.style != Style::Normal {
            "a sliding style ({near}, {far}, {fly}, {bounce}, {half}, {mill})"
        } else {
            ""
        };
        if !letter.is_empty() {
            return Err(format!("{letter}: not in Fairy-Stockfish's Betza"));
        }
        *en_passant |= leg.e;
        let (x, y) = (i32::from(leg.atom.0), i32::from(leg.atom.1));
        let orth_or_diag = leg.ksystem || x == 0 || x == y;
        let class = if leg.p || leg.g {
            if leg.range != 0 || !orth_or_diag || leg.atom.1 != 1 {
                return Err("a hopper other than pR, pB, gR or gB: Fairy-Stockfish's hoppers move on lines".into());
            }
            Class::Hop
        } else if leg.range == 1 {
            Class::Step
        } else {
            if !(leg.ksystem || matches!((x, y), (0, 1) | (1, 1) | (1, 2))) {
                return Err(format!(
                    "a rider of the ({x}, {y}) leap: Fairy-Stockfish's riders go along ranks, files, diagonals and knight lines"
                ));
            }
            if leg.range > 9 {
                return Err(format!(
                    "a rider of at most {} steps: Fairy-Stockfish writes a limit of one digit",
                    leg.range
                ));
            }
            Class::Slide
        };
        if leg.n && (class != Class::Step || !matches!((x, y), (1, 2) | (2, 2) | (0, 2))) {
            return Err("a lame move other than nN, nA and nD: not written for Fairy-Stockfish".into());
        }
        let distance = match class {
            Class::Step if leg.n => -1,
            Class::Step => 0,
            Class::Slide => i32::from(leg.range),
            Class::Hop => i32::from(leg.g),
        };
        let dirs = absolute(leg.atom, leg.ksystem, &leg.dirs)?;
        for d in dirs {
            for (on, cap) in [(leg.m, false), (leg.c, true)] {
                if !on {
                    continue;
                }
                let key = (p.initial, cap, class, d);
                if let Some(&old) = out.get(&key)
                    && old != distance
                {
                    return Err("two ranges for one kind of move in one direction: Fairy-Stockfish keeps one".into());
                }
                out.insert(key, distance);
            }
        }
    }
    Ok(out)
}

/// The atom letter and (long, short) shape of a vector, for writing.
fn atom_of(d: Dir) -> Option<(char, (u8, u8))> {
    let (lo, hi) = {
        let (a, b) = (d.0.unsigned_abs() as u8, d.1.unsigned_abs() as u8);
        (a.min(b), a.max(b))
    };
    let letter = match (lo, hi) {
        (0, 1) => 'W',
        (1, 1) => 'F',
        (0, 2) => 'D',
        (1, 2) => 'N',
        (2, 2) => 'A',
        (0, 3) => 'H',
        (1, 3) => 'C',
        (2, 3) => 'Z',
        (3, 3) => 'G',
        _ => return None,
    };
    Some((letter, (lo, hi)))
}

/// The direction letters tried, alone or in pairs, to name a subset of an
/// atom's vectors.
const TOKENS: &[&str] = &[
    "f", "b", "l", "r", "v", "s", "ff", "bb", "ll", "rr", "fr", "fl", "br", "bl", "rf", "lf", "rb", "lb", "fs", "bs",
    "rv", "lv",
];

/// Writes `moves` in Fairy-Stockfish's Betza so that both readers make
/// the same moves of it, or says why it cannot be.
pub fn write(moves: &Moves) -> Result<String, String> {
    // Group: (initial, class, distance, atom letter, modalities) -> vectors.
    type Group = (bool, Class, i32, char, u8);
    let mut by_dir: BTreeMap<(bool, Class, i32, char, Dir), u8> = BTreeMap::new();
    for (&(initial, cap, class, d), &dist) in moves {
        let Some((letter, _)) = atom_of(d) else {
            return Err(format!(
                "the leap ({}, {}) has no letter in Fairy-Stockfish's Betza",
                d.0, d.1
            ));
        };
        *by_dir.entry((initial, class, dist, letter, d)).or_default() |= if cap { 2 } else { 1 };
    }
    let mut groups: BTreeMap<Group, Vec<Dir>> = BTreeMap::new();
    for ((initial, class, dist, letter, d), mods) in by_dir {
        groups.entry((initial, class, dist, letter, mods)).or_default().push(d);
    }
    let mut out = String::new();
    for ((initial, class, dist, letter, mods), dirs) in groups {
        let shape = atom_of(dirs[0]).map(|(_, s)| s).unwrap_or((0, 1));
        let atom = match (class, letter, dist) {
            (Class::Step, _, _) => letter.to_string(),
            (Class::Slide, 'W', 0) => "R".into(),
            (Class::Slide, 'F', 0) => "B".into(),
            (Class::Slide, 'W', n) => format!("R{n}"),
            (Class::Slide, 'F', n) => format!("B{n}"),
            (Class::Slide, 'N', 0) => "NN".into(),
            (Class::Slide, 'N', n) => format!("N{n}"),
            (Class::Hop, 'W', _) => "R".into(),
            (Class::Hop, 'F', _) => "B".into(),
            _ => return Err(format!("no Betza for this {letter} move in Fairy-Stockfish's subset")),
        };
        let mut prefix = String::new();
        if initial {
            prefix.push('i');
        }
        match mods {
            1 => prefix.push('m'),
            2 => prefix.push('c'),
            _ => {}
        }
        match (class, dist) {
            (Class::Hop, 1) => prefix.push('g'),
            (Class::Hop, _) => prefix.push('p'),
            (Class::Step, -1) => prefix.push('n'),
            _ => {}
        }
        let all = images(shape);
        if dirs.len() == all.len() {
            out.push_str(&format!("{prefix}{atom}"));
            continue;
        }
        // Each part names vectors of the set alone, the same for both
        // readers; the parts are written apart so that no two letters of
        // neighbouring parts pair up.
        let mut left: Vec<Dir> = dirs.clone();
        while !left.is_empty() {
            let mut best: Option<(&str, Vec<Dir>)> = None;
            for t in TOKENS {
                let text = format!("{t}{letter}");
                let theirs: Vec<Dir> = fsf_moves(&text).keys().map(|k| k.3).collect();
                let ours = match parse_movement(&text) {
                    Ok(m) => m
                        .patterns
                        .first()
                        .and_then(|p| absolute(p.legs[0].atom, p.legs[0].ksystem, &p.legs[0].dirs).ok())
                        .unwrap_or_default(),
                    Err(_) => continue,
                };
                let (mut a, mut b) = (theirs.clone(), ours);
                a.sort_unstable();
                a.dedup();
                b.sort_unstable();
                if a != b || a.is_empty() || a.iter().any(|d| !dirs.contains(d)) {
                    continue;
                }
                let new = a.iter().filter(|d| left.contains(d)).count();
                if new > 0
                    && best
                        .as_ref()
                        .is_none_or(|(_, s)| new > s.iter().filter(|d| left.contains(d)).count())
                {
                    best = Some((t, a));
                }
            }
            let Some((t, sel)) = best else {
                return Err(format!(
                    "the directions of this {letter} move cannot be written so that Fairy-Stockfish reads them alike"
                ));
            };
            left.retain(|d| !sel.contains(d));
            out.push_str(&format!("{prefix}{t}{atom}"));
        }
    }
    // Both readers must make of the text exactly the moves given.
    let mut ep = false;
    let ours = parse_movement(&out)
        .map_err(|e| format!("'{out}' does not read in bigboard's notation: {e}"))
        .and_then(|m| bigboard_moves(&m, &mut ep))?;
    if &ours != moves || &fsf_moves(&out) != moves {
        return Err(format!(
            "'{out}' would not be read alike by Fairy-Stockfish and bigboard"
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> String {
        let mut ep = false;
        let m = bigboard_moves(&parse_movement(text).unwrap(), &mut ep).unwrap();
        write(&m).unwrap()
    }

    #[test]
    fn fairy_stockfish_reads_as_its_reader_does() {
        // The shogi knight: f on an oblique atom is the narrow pair.
        let sk = fsf_moves("fN");
        assert_eq!(sk.len(), 4, "two leaps, each quiet and capturing");
        assert!(sk.contains_key(&(false, false, Class::Step, (1, 2))));
        // fsW splits into forward and sideways on an orthogonal atom.
        assert_eq!(fsf_moves("fsW").len(), 6);
        // The pawn: one quiet step, two captures; `e` is skipped.
        assert_eq!(fsf_moves("fmWfceF").len(), 3);
        assert_eq!(fsf_moves("mRcpR").len(), 8);
        assert_eq!(fsf_moves("pR").values().copied().collect::<Vec<_>>(), vec![0; 8]);
        assert_eq!(fsf_moves("gB")[&(false, true, Class::Hop, (1, 1))], 1);
        assert_eq!(fsf_moves("nN")[&(false, true, Class::Step, (1, 2))], -1);
        assert_eq!(fsf_moves("R3")[&(false, true, Class::Slide, (0, 1))], 3);
    }

    #[test]
    fn both_readers_agree_on_what_is_written() {
        for (text, want) in [
            ("N", "N"),
            ("mRcpR", "mRcpR"),
            ("KN", "FNW"),
            ("fmWfcF", "cfFmfW"),
            ("ffN", "fN"),
            ("NN", "NN"),
            ("nN", "nN"),
            ("BR3", "BR3"),
        ] {
            assert_eq!(round(text), want, "{text}");
        }
        // The four forward knight leaps.
        let w = round("fNfsN");
        assert_eq!(fsf_moves(&w).len(), 8, "{w}");
    }

    /// Fairy-Stockfish's predefined pieces (as the importer writes them):
    /// where bigboard reads the Betza into moves of the subset, it reads
    /// the moves Fairy-Stockfish makes of it.
    #[test]
    fn the_predefined_pieces_read_alike() {
        let mut alike = 0;
        for (key, betza) in super::super::pieces::PREDEFINED {
            let mut ep = false;
            let ours = parse_movement(betza)
                .map_err(|e| e.to_string())
                .and_then(|m| bigboard_moves(&m, &mut ep));
            match ours {
                Ok(ours) => {
                    assert_eq!(ours, fsf_moves(betza), "{key} ({betza})");
                    alike += 1;
                }
                // nZ: Fairy-Stockfish's janggi elephant, not written; the
                // immobile piece's empty Betza is no movement string.
                Err(e) => assert!(["janggiElephant", "immobile"].contains(key), "{key}: {e}"),
            }
        }
        assert_eq!(alike, super::super::pieces::PREDEFINED.len() - 2);
    }

    #[test]
    fn what_is_outside_the_subset_is_refused() {
        let mut ep = false;
        for (text, why) in [
            ("afsW", "more than one leg"),
            ("pNN", "hopper"),
            ("AA", "rider"),
            ("nZ", "lame"),
            ("dN", "taking a friend"),
            ("W{far}R", "sliding style"),
        ] {
            let m = parse_movement(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let e = bigboard_moves(&m, &mut ep).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
