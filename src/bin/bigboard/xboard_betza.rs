//! A movement written in the Betza dialect XBoard 4.9 reads in its `piece`
//! command, and what that dialect cannot say.
//!
//! XBoard reads each component as direction letters, then the modifiers in
//! one fixed order (m c d e t p g o y n j), then `a` and the next leg; the
//! atom and range come once at the end. Anything else is skipped silently
//! (`mfW` is a wazir moving every way, `NN` a knight), and two letters of
//! different axes always pair (`fr` on a king is one diagonal). So the
//! directions a leg takes are worked out with bigboard's own reading and
//! written again in letters XBoard cannot misread: one token per direction,
//! a king's single steps each in a component of its own.

use bigboard::betza::{Leg, Movement, Pattern, Style, absolute, rotations};

/// A movement in XBoard's dialect: its text, and the parts XBoard cannot
/// express (empty when the text means exactly the same moves). A part that
/// cannot be said is approximated by its first leg when the move may end
/// there, or left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XbMovement {
    pub text: String,
    pub problems: Vec<String>,
}

/// The directions of a first leg for each class of atom, as XBoard names
/// them: `(file step sign, rank step sign, narrow)` to token.
fn first_leg_token(atom: (u8, u8), ksystem: bool, d: (i32, i32)) -> &'static str {
    let (x, y) = (d.0.signum(), d.1.signum());
    let orthogonal = ksystem && (x == 0 || y == 0) || !ksystem && atom.0 == 0;
    if orthogonal {
        return match (x, y) {
            (0, 1) => "f",
            (0, -1) => "b",
            (-1, 0) => "l",
            _ => "r",
        };
    }
    let oblique = !ksystem && atom.0 != atom.1;
    if oblique && d.1.abs() > d.0.abs() {
        // A narrow leap: the side letter first, then the vertical one.
        return match (x, y) {
            (1, 1) => "rf",
            (-1, 1) => "lf",
            (1, _) => "rb",
            _ => "lb",
        };
    }
    match (x, y) {
        (1, 1) => "fr",
        (-1, 1) => "fl",
        (1, _) => "br",
        _ => "bl",
    }
}

/// The tokens of a later leg's turns (multiples of 45° clockwise).
const TURNS: [&str; 8] = ["f", "fr", "r", "br", "b", "bl", "l", "fl"];

/// The order tokens are written in, for strings a reader can follow.
const ORDER: [&str; 12] = ["f", "b", "l", "r", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb"];

/// Direction texts for one leg, any of which the leg may take: one text
/// when XBoard can read the letters together, more when single king steps
/// would pair up (`f` then `r` reads as the diagonal `fr`).
fn alternatives(mut tokens: Vec<&'static str>, everything: bool, eight_fold: bool) -> Vec<String> {
    if everything {
        return vec![String::new()];
    }
    tokens.sort_by_key(|t| ORDER.iter().position(|o| o == t));
    if !eight_fold {
        return vec![tokens.concat()];
    }
    let (pairs, singles): (Vec<&str>, Vec<&str>) = tokens.into_iter().partition(|t| t.len() == 2);
    let mut out: Vec<String> = singles.into_iter().map(str::to_string).collect();
    if !pairs.is_empty() {
        out.insert(0, pairs.concat());
    }
    out
}

/// The atom letter and range as XBoard reads them (`R`, `B4`, `N0`).
fn atom_text(atom: (u8, u8), ksystem: bool, range: u8) -> Option<String> {
    let rider = |letter: &str, plain: &str| match range {
        1 => plain.to_string(),
        0 => letter.to_string(),
        n => format!("{letter}{n}"),
    };
    if ksystem {
        return (atom == (0, 1)).then(|| rider("Q", "K"));
    }
    Some(match atom {
        (0, 1) => rider("R", "W"),
        (1, 1) => rider("B", "F"),
        _ => {
            let letter = match atom {
                (0, 2) => 'D',
                (2, 2) => 'A',
                (0, 3) => 'H',
                (3, 3) => 'G',
                (1, 2) => 'N',
                (1, 3) => 'C',
                (2, 3) => 'Z',
                _ => return None,
            };
            match range {
                1 => letter.to_string(),
                n => format!("{letter}{n}"),
            }
        }
    })
}

/// A leg's modifiers in XBoard's order; the default mode (move or
/// capture on a last leg, an empty square on the others) goes unsaid.
fn modifiers(leg: &Leg, last: bool) -> String {
    let default = if last { leg.m && leg.c } else { leg.m && !leg.c };
    let mut s = String::new();
    for (on, c) in [
        (leg.m && !default, 'm'),
        (leg.c && !default, 'c'),
        (leg.e, 'e'),
        (leg.p, 'p'),
        (leg.g, 'g'),
        (leg.wrap, 'o'),
        (leg.y, 'y'),
        (leg.n, 'n'),
    ] {
        if on {
            s.push(c);
        }
    }
    s.extend(std::iter::repeat_n('j', leg.j as usize));
    s
}

/// Why a pattern cannot be said in XBoard's dialect, if it cannot.
fn unsayable(p: &Pattern) -> Option<String> {
    if p.circular {
        return Some("a circular rider (q)".into());
    }
    if p.chain {
        return Some("{chain}".into());
    }
    if p.leapfrog {
        return Some("{leapfrog}".into());
    }
    if p.mech != 0 {
        return Some("a capture mechanism".into());
    }
    if p.recapture {
        return Some("{recapture}".into());
    }
    if p.hurdle != 0 {
        return Some("an effect on the leapt man".into());
    }
    if p.borrow != 0 {
        return Some("borrowed moves".into());
    }
    if p.bracket {
        return Some("the bracket form".into());
    }
    let first = &p.legs[0];
    for leg in &p.legs {
        if leg.style != Style::Normal {
            let tag = format!("{:?}", leg.style).to_lowercase();
            return Some(format!("{{{tag}}}"));
        }
        if leg.zig.is_some() {
            return Some("a crooked rider".into());
        }
        if leg.same_steps || leg.absolute {
            return Some("range = or {abs}".into());
        }
        if (leg.atom, leg.ksystem, leg.range) != (first.atom, first.ksystem, first.range) {
            return Some("legs of different atoms".into());
        }
    }
    if atom_text(first.atom, first.ksystem, first.range).is_none() {
        return Some(format!("the leap {:?}", first.atom));
    }
    let oblique = !first.ksystem && first.atom.0 != 0 && first.atom.0 != first.atom.1;
    if oblique && p.legs.len() > 1 {
        return Some("an oblique leap with a later leg".into());
    }
    None
}

/// The components of one pattern XBoard can read.
fn components(p: &Pattern) -> Result<Vec<String>, String> {
    let first = &p.legs[0];
    let (atom, ksystem) = (first.atom, first.ksystem);
    let four_fold = !ksystem && (atom.0 == 0 || atom.0 == atom.1);
    let mut per_leg: Vec<Vec<String>> = Vec::new();
    for (k, leg) in p.legs.iter().enumerate() {
        let alts = if k == 0 {
            let dirs = absolute(atom, ksystem, &leg.dirs)?;
            let all = absolute(atom, ksystem, &[])?;
            let tokens = dirs.iter().map(|&d| first_leg_token(atom, ksystem, d)).collect();
            alternatives(tokens, dirs.len() == all.len(), ksystem)
        } else {
            // A later leg turns from the last one, in the king's eight
            // directions whatever its atom; without letters it goes every
            // way but back (straight on and square turns for four-fold
            // atoms), as in XBoard.
            let default: Vec<u8> = if four_fold {
                vec![0, 2, 6]
            } else {
                vec![0, 1, 2, 3, 5, 6, 7]
            };
            let turns = if leg.dirs.is_empty() {
                default.clone()
            } else {
                rotations(&leg.dirs)?
            };
            let tokens = turns.iter().map(|&t| TURNS[t as usize]).collect();
            alternatives(tokens, turns == default, true)
        };
        per_leg.push(alts);
    }
    let tail = atom_text(atom, ksystem, first.range).expect("checked by unsayable");
    let mut out = vec![if p.initial { "i".to_string() } else { String::new() }];
    for (k, leg) in p.legs.iter().enumerate() {
        let joint = if k + 1 < p.legs.len() { "a" } else { "" };
        out = out
            .iter()
            .flat_map(|head| {
                per_leg[k]
                    .iter()
                    .map(move |d| format!("{head}{d}{}{joint}", modifiers(leg, joint.is_empty())))
            })
            .collect();
    }
    Ok(out.into_iter().map(|c| c + &tail).collect())
}

/// The first leg of `p` alone, for a pattern XBoard cannot read but whose
/// move may end after its first leg: the nearest it can be shown.
fn first_leg_alone(p: &Pattern) -> Option<Pattern> {
    if !p.may_end[0] {
        return None;
    }
    let mut leg = p.legs[0].clone();
    leg.style = Style::Normal;
    leg.zig = None;
    leg.y = false;
    leg.wrap = false;
    if p.circular {
        leg.range = 1;
    }
    Some(Pattern {
        initial: p.initial,
        ..Pattern::of(vec![leg], vec![true])
    })
}

/// Writes `movement` in XBoard's dialect.
pub fn xboard_movement(movement: &Movement) -> XbMovement {
    let mut text = String::new();
    let mut problems = Vec::new();
    for p in &movement.patterns {
        let said = match unsayable(p) {
            None => components(p).map_err(|e| format!("directions XBoard reads otherwise ({e})")),
            Some(why) => {
                problems.push(why);
                match first_leg_alone(p) {
                    Some(q) if unsayable(&q).is_none() => components(&q),
                    _ => Ok(Vec::new()),
                }
            }
        };
        match said {
            Ok(parts) => parts.iter().for_each(|c| text.push_str(c)),
            Err(e) => problems.push(e),
        }
    }
    problems.dedup();
    XbMovement { text, problems }
}

/// Whether every move of `movement` that goes to an empty square keeps to
/// its file, as a chess pawn's do. XBoard takes any other move of a piece
/// it treats as a pawn to an empty square for an en-passant capture.
pub fn moves_straight(movement: &Movement) -> bool {
    movement.patterns.iter().all(|p| {
        let leg = &p.legs[0];
        let plain = p.legs.len() == 1 && !p.circular && !p.chain && !p.bracket && !p.leapfrog;
        if !plain || leg.style != Style::Normal {
            return false;
        }
        // Captures alone, en passant among them: the moves XBoard expects
        // of a pawn.
        if leg.c && !leg.m {
            return true;
        }
        absolute(leg.atom, leg.ksystem, &leg.dirs).is_ok_and(|dirs| dirs.iter().all(|d| d.0 == 0))
    })
}

/// Whether no move of `movement` to an empty square keeps to its file (a
/// Berolina pawn's), read conservatively: a move XBoard cannot say, or one
/// that turns, might.
pub fn never_straight(movement: &Movement) -> bool {
    movement.patterns.iter().all(|p| {
        let leg = &p.legs[0];
        let plain = p.legs.len() == 1 && !p.circular && !p.chain && !p.bracket && !p.leapfrog;
        // These styles keep a slide on its line, whatever they add.
        let on_line = matches!(
            leg.style,
            Style::Normal | Style::Near | Style::Far | Style::Fly | Style::Half
        );
        if !plain || !on_line || leg.zig.is_some() || leg.wrap {
            return false;
        }
        (leg.c && !leg.m) || absolute(leg.atom, leg.ksystem, &leg.dirs).is_ok_and(|dirs| dirs.iter().all(|d| d.0 != 0))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use bigboard::betza::parse_movement;

    fn xb(s: &str) -> XbMovement {
        xboard_movement(&parse_movement(s).unwrap())
    }

    #[test]
    fn plain_pieces_keep_their_letters() {
        for (s, want) in [
            ("K", "K"),
            ("Q", "Q"),
            ("R", "R"),
            ("B", "B"),
            ("N", "N"),
            ("NN", "N0"),
            ("R4", "R4"),
            ("mRcpR", "mRcpR"),
            ("BRAND", "BRAND"),
            ("B4R4AND", "B4R4AND"),
            ("FAWND", "FAWND"),
            ("KNCZAGDH", "KNCZAGDH"),
            ("jB", "jB"),
            ("gQ", "gQ"),
        ] {
            assert_eq!(
                xb(s),
                XbMovement {
                    text: want.into(),
                    problems: vec![]
                },
                "{s}"
            );
        }
    }

    #[test]
    fn directions_come_before_modifiers_in_xboard_order() {
        // `mfW` would read as a wazir moving every way in XBoard.
        assert_eq!(xb("mfWcfF").text, "fmWflfrcF");
        assert_eq!(xb("fmWfceFifmR6").text, "fmWflfrceFifmR6");
        assert_eq!(xb("fB4fsW").text, "flfrB4flrW");
        assert_eq!(xb("fmnN").text, "lfrfmnN");
    }

    #[test]
    fn single_king_steps_stand_alone() {
        // `fr` would be one diagonal.
        assert_eq!(xb("fKrK").text, "fKrK");
        assert_eq!(xb("ffsK").text, "flfrKfK");
        assert_eq!(xb("fsRbK").text, "flrRbK");
    }

    #[test]
    fn legs_share_the_atom_and_turn_in_king_directions() {
        assert_eq!(xb("afsW").text, "aflfrW");
        assert_eq!(xb("FmafFmasF").text, "FafFalFarF");
        assert_eq!(xb("WyafsW").text, "WyaflfrW");
        let horseman = xb("fafsmWlafrmWraflmWmfWcfF");
        assert!(horseman.problems.is_empty(), "{horseman:?}");
        assert_eq!(horseman.text, "faflfrmWlafrmWraflmWfmWflfrcF");
    }

    #[test]
    fn what_xboard_cannot_say_is_reported_and_approximated() {
        let rose = xb("qN");
        assert_eq!(rose.text, "N");
        assert_eq!(rose.problems, ["a circular rider (q)"]);
        let osprey = xb("[D?B]");
        assert_eq!(osprey.text, "D");
        assert!(!osprey.problems.is_empty());
        assert_eq!(xb("{near}R").text, "R");
        assert_eq!(xb("(1,4)").text, "");
        assert!(!xb("{fly}Q").problems.is_empty());
    }

    #[test]
    fn pawns_that_keep_to_their_file() {
        let straight = |s: &str| moves_straight(&parse_movement(s).unwrap());
        assert!(straight("fmWfceFifmR6"));
        assert!(straight("fmWfcF"));
        assert!(!straight("f{near}R"), "XBoard cannot say it anyway");
        assert!(!straight("fB4fsW"));
        assert!(!straight("fafsmWlafrmWraflmWmfWcfF"));
        assert!(!straight("mfFcfW"));
        let never = |s: &str| never_straight(&parse_movement(s).unwrap());
        assert!(never("mfFcfW"));
        assert!(never("f{far}B"));
        assert!(!never("fB4fsW"));
        assert!(!never("fmWfcF"));
        assert!(!never("fafsmWlafrmWraflmWmfWcfF"), "its step forward");
    }
}
