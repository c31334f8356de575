//! Reads a movement string into patterns, reporting the first problem with
//! its position.

use super::direction::tokenize;
use super::error::err;
use super::legs::{Group, NO_NEXT_LEG, check_group, check_legs, check_mill, leg_from, zig_sum};
use super::{Leg, Movement, ParseMovementError, Pattern, Style};
use crate::core::echo::echo;

/// The most legs one move may have (the Falcon needs four).
const MAX_LEGS: usize = 5;

/// The longest movement string accepted; longer input is surely a mistake.
const MAX_LEN: usize = 1000;

/// Parses a movement string such as `mRcpR` or `[D?B]`.
pub fn parse_movement(text: &str) -> Result<Movement, ParseMovementError> {
    parse_spans(text).map(|(m, _)| m)
}

/// Parses a movement string, with where each pattern's component stands
/// in it (byte ranges, in order): an editor keeps the parts it cannot show
/// as they were written.
pub fn parse_spans(text: &str) -> Result<(Movement, Vec<std::ops::Range<usize>>), ParseMovementError> {
    if text.len() > MAX_LEN {
        return Err(err(0, format!("movement string longer than {MAX_LEN} characters")));
    }
    if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
        return Err(err(
            i,
            format!("unexpected character '{}'", echo(c.encode_utf8(&mut [0; 4]))),
        ));
    }
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    let mut movement = Movement::default();
    let mut spans = Vec::new();
    p.skip_space();
    while p.i < p.s.len() {
        let start = p.i;
        movement.patterns.push(p.component()?);
        spans.push(start..p.i);
        p.skip_space();
    }
    if movement.patterns.is_empty() {
        return Err(err(0, "empty movement string (no atom)".into()));
    }
    Ok((movement, spans))
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    /// Reads modifier letters and tags up to an atom, `[`, `?`, `-`, `]` or
    /// the end. `a` splits the groups of an a-chain.
    fn groups(&mut self) -> Result<Vec<Group>, ParseMovementError> {
        let mut groups = vec![Group {
            start: self.i,
            ..Group::default()
        }];
        while let Some(b) = self.peek() {
            let g = groups.last_mut().expect("at least one group");
            match b {
                b'a' => {
                    self.i += 1;
                    groups.push(Group {
                        start: self.i,
                        ..Group::default()
                    });
                    continue;
                }
                b'f' | b'b' | b'l' | b'r' | b'v' | b's' | b'h' => g.dirs.push(b),
                b'm' => g.m = true,
                b'c' => g.c = true,
                b'd' => {
                    g.d = true;
                    g.d_at = self.i;
                }
                b'p' => g.p = true,
                b'g' => g.g = true,
                b'n' => {
                    g.n = true;
                    g.n_at = self.i;
                }
                b'j' => g.j = g.j.saturating_add(1),
                b'e' => g.e = true,
                b'y' => {
                    g.y = true;
                    g.y_at = self.i;
                }
                b'i' => g.i = true,
                b'o' => {
                    g.o = true;
                    g.o_at = self.i;
                }
                b'z' => g.z_at = Some(self.i),
                b'q' => {
                    g.q = true;
                    g.q_at = self.i;
                }
                b'{' => {
                    let start = self.i;
                    let end = self.s[start..]
                        .iter()
                        .position(|&c| c == b'}')
                        .ok_or_else(|| err(start, "'{' without a closing '}'".into()))?;
                    let tag = &self.s[start + 1..start + end];
                    if tag == b"zig" || tag.starts_with(b"zig ") {
                        g.zig = Some(zig_sum(&tag[3..]).ok_or_else(|| {
                            err(
                                start,
                                "{zig X,Y} names the sum of two leaps as two numbers, e.g. {zig 0,2}".into(),
                            )
                        })?);
                        g.z_at = Some(start);
                        self.i = start + end + 1;
                        continue;
                    }
                    if let Some(&(_, bit)) = super::borrow::TAGS.iter().find(|(name, _)| name.as_bytes() == tag) {
                        g.borrow = Some((start, bit));
                        self.i = start + end + 1;
                        continue;
                    }
                    if tag == b"chain" || tag == b"leapfrog" || tag == b"recapture" {
                        let slot = match tag {
                            b"chain" => &mut g.chain,
                            b"leapfrog" => &mut g.leapfrog,
                            _ => &mut g.recapture,
                        };
                        *slot = Some(start);
                        self.i = start + end + 1;
                        continue;
                    }
                    let hurdle_bit = match tag {
                        b"andernach" => super::hurdle::ANDERNACH,
                        b"einstein" => super::hurdle::EINSTEIN,
                        b"circe" => super::hurdle::CIRCE,
                        _ => 0,
                    };
                    if hurdle_bit != 0 {
                        // The effects act in the order of the name, the
                        // rebirth last: written after the rebirth, a
                        // change would read as acting on the reborn man.
                        if g.hurdle & super::hurdle::CIRCE != 0 && hurdle_bit != super::hurdle::CIRCE {
                            return Err(err(
                                start,
                                "{circe} comes after {andernach} and {einstein} (the rebirth is the last effect), such as {andernach}{einstein}{circe}gQ".into(),
                            ));
                        }
                        if g.hurdle == 0 {
                            g.hurdle_at = start;
                        }
                        g.hurdle |= hurdle_bit;
                        self.i = start + end + 1;
                        continue;
                    }
                    if let Some(&(_, bit)) = super::mech::TAGS.iter().find(|(name, _)| name.as_bytes() == tag) {
                        if g.mech == 0 {
                            g.mech_at = start;
                        }
                        g.mech |= bit;
                        self.i = start + end + 1;
                        continue;
                    }
                    // Not a style: it combines with any of them.
                    if tag == b"abs" {
                        g.abs_at = Some(start);
                        self.i = start + end + 1;
                        continue;
                    }
                    // A second tag would silently replace the first.
                    if g.style.is_some() {
                        return Err(err(
                            start,
                            format!(
                                "a second tag '{{{}}}' on one leg: a leg takes one of {{near}}, {{far}}, {{fly}}, {{half}}, {{bounce}}, {{mill}}",
                                echo(&String::from_utf8_lossy(tag))
                            ),
                        ));
                    }
                    g.style = Some(match tag {
                        b"near" => Style::Near,
                        b"far" => Style::Far,
                        b"fly" => Style::Fly,
                        b"half" => Style::Half,
                        b"bounce" => Style::Bounce,
                        b"mill" => Style::Mill,
                        _ => {
                            return Err(err(
                                start,
                                format!(
                                    "unknown tag '{{{}}}' (known: {{near}}, {{far}}, {{fly}}, {{half}}, {{bounce}}, {{mill}}, {{abs}}, {{zig X,Y}}, {{chain}}, {{leapfrog}}, {{jester}}, {{orphan}}, {{friend}}, {{recapture}}, {{andernach}}, {{einstein}}, {{circe}}, {{withdraw}}, {{approach}}, {{overtake}}, {{coord}}, {{custodial}}, {{shoot}}, {{swap}}, {{destroy}}, {{mimic}})",
                                    echo(&String::from_utf8_lossy(tag))
                                ),
                            ));
                        }
                    });
                    g.style_at = start;
                    self.i = start + end + 1;
                    continue;
                }
                b'u' | b'k' | b't' | b'x' | b'w' => {
                    let what = match b {
                        b'u' => "'u' (unload)",
                        b'k' => "'k' (royal-only attack)",
                        b't' => "'t' (friendly screens)",
                        _ => "this letter",
                    };
                    return Err(err(self.i, format!("{what} is not supported")));
                }
                _ => break,
            }
            self.i += 1;
        }
        Ok(groups)
    }

    /// Reads an atom and its range: `(range, atom, ksystem)`.
    fn atom(&mut self) -> Result<(u8, (u8, u8), bool), ParseMovementError> {
        let start = self.i;
        let Some(b) = self.peek() else {
            return Err(err(
                start,
                "expected an atom (a capital letter or (x,y)) at the end".into(),
            ));
        };
        // (atom, default range, K system)
        let (atom, default_range, ksystem): ((u8, u8), u8, bool) = match b {
            b'W' => ((0, 1), 1, false),
            b'F' => ((1, 1), 1, false),
            b'D' => ((0, 2), 1, false),
            b'A' => ((2, 2), 1, false),
            b'H' => ((0, 3), 1, false),
            b'G' => ((3, 3), 1, false),
            b'N' => ((1, 2), 1, false),
            b'C' | b'L' => ((1, 3), 1, false),
            b'Z' | b'J' => ((2, 3), 1, false),
            b'K' => ((0, 1), 1, true),
            b'R' => ((0, 1), 0, false),
            b'B' => ((1, 1), 0, false),
            b'Q' => ((0, 1), 0, true),
            b'(' => {
                let close = self.s[start..]
                    .iter()
                    .position(|&c| c == b')')
                    .ok_or_else(|| err(start, "'(' without a closing ')'".into()))?;
                let inner = std::str::from_utf8(&self.s[start + 1..start + close]).unwrap_or("");
                let parts: Vec<&str> = inner.split(',').collect();
                let nums: Vec<Option<u8>> = parts.iter().map(|p| p.trim().parse::<u8>().ok()).collect();
                let (x, y) = match nums.as_slice() {
                    [Some(x), Some(y)] if (*x != 0 || *y != 0) && *x <= 63 && *y <= 63 => (*x, *y),
                    _ => {
                        return Err(err(
                            start,
                            format!(
                                "bad vector atom '({})': expected (x,y) with numbers 0..63, not both 0",
                                echo(inner)
                            ),
                        ));
                    }
                };
                self.i = start + close + 1;
                let range = self.range(1)?;
                return Ok((range, (x.min(y), x.max(y)), false));
            }
            b'U' | b'O' | b'I' | b'@' => {
                return Err(err(start, format!("atom '{}' is not supported", b as char)));
            }
            _ => {
                return Err(err(
                    start,
                    format!("unexpected character '{}'", echo(&(b as char).to_string())),
                ));
            }
        };
        self.i += 1;
        // A doubled leaper letter is the old spelling of an unlimited rider.
        if default_range == 1 && self.peek() == Some(b) {
            self.i += 1;
            return Ok((0, atom, ksystem));
        }
        let range = self.range(default_range)?;
        Ok((range, atom, ksystem))
    }

    fn range(&mut self, default: u8) -> Result<u8, ParseMovementError> {
        let start = self.i;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.i += 1;
        }
        if self.i == start {
            return Ok(default);
        }
        let digits = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
        match digits.parse::<u8>() {
            Ok(n) if n <= 64 => Ok(n),
            _ => Err(err(
                start,
                format!("range '{}' is too large (at most 64; 0 = unlimited)", echo(digits)),
            )),
        }
    }

    fn component(&mut self) -> Result<Pattern, ParseMovementError> {
        let groups = self.groups()?;
        if let Some(at) = groups[0].leapfrog {
            return self.leapfrog(&groups, at);
        }
        if let Some((at, bit)) = groups[0].borrow {
            let mut p = self.leapfrog(&groups, at).map_err(|_| {
                let (name, _) = super::borrow::TAGS.iter().find(|(_, b)| *b == bit).expect("a known tag");
                err(
                    at,
                    format!(
                        "{{{name}}} is a move of its own (moves borrowed from other men): write it alone, without letters or an atom"
                    ),
                )
            })?;
            p.leapfrog = false;
            p.borrow = bit;
            return Ok(p);
        }
        if let Some(at) = groups
            .iter()
            .skip(1)
            .find_map(|g| g.chain.or(g.leapfrog).or(g.recapture))
        {
            return Err(err(
                at,
                "{chain}, {leapfrog} and {recapture} stand in front of the whole move".into(),
            ));
        }
        let recapture = groups[0].recapture.is_some();
        if recapture && groups[0].mech != 0 {
            return Err(err(
                groups[0].mech_at,
                "{recapture} goes with moves that land on their victims, not with a capture mechanism".into(),
            ));
        }
        if let Some(g) = groups.iter().skip(1).find(|g| g.hurdle != 0) {
            return Err(err(
                g.hurdle_at,
                "{andernach}, {einstein} and {circe} stand in front of a single-leg hopper, such as {andernach}gQ"
                    .into(),
            ));
        }
        let (hurdle, hurdle_at) = (groups[0].hurdle, groups[0].hurdle_at);
        let mut p = self.component_of(groups)?;
        p.recapture = recapture;
        if hurdle != 0 {
            if p.legs.len() != 1 || !(p.legs[0].g || p.legs[0].p) || p.chain || p.circular {
                return Err(err(
                    hurdle_at,
                    "{andernach}, {einstein} and {circe} stand in front of a single-leg hopper (g or p), such as {andernach}gQ"
                        .into(),
                ));
            }
            p.hurdle = hurdle;
        }
        Ok(p)
    }

    fn component_of(&mut self, groups: Vec<Group>) -> Result<Pattern, ParseMovementError> {
        let start = groups[0].start;
        if let Some(g) = groups.iter().skip(1).find(|g| g.mech != 0) {
            return Err(err(
                g.mech_at,
                "capture mechanisms ({withdraw}, {shoot}, ...) belong on a single-leg move, in front of it".into(),
            ));
        }
        if groups[0].mech != 0 {
            return self.mechanism(groups);
        }
        let chain = groups[0].chain.is_some();
        if self.peek() == Some(b'[') {
            let mut p = self.bracket(groups)?;
            p.chain = chain;
            return Ok(p);
        }
        if matches!(self.peek(), Some(b'?' | b'-' | b']')) {
            return Err(err(self.i, format!("'{}' outside brackets", self.s[self.i] as char)));
        }
        if self.peek().is_none() {
            return Err(err(self.i, "modifiers without an atom at the end".into()));
        }
        if groups.len() > MAX_LEGS {
            return Err(err(start, format!("more than {MAX_LEGS} legs in one move")));
        }
        let (range, atom, ksystem) = self.atom()?;
        let mut legs = Vec::new();
        let mut initial = false;
        let mut circular = false;
        let last = groups.len() - 1;
        for (k, g) in groups.iter().enumerate() {
            check_group(g, atom, ksystem, range, k == last)?;
            if let Some(at) = g.abs_at {
                return Err(err(
                    at,
                    if g.q {
                        "'{abs}' with 'q': a circular rider's leaps turn round the circle, they cannot be absolute"
                            .into()
                    } else {
                        "'{abs}' (absolute directions) belongs on a later leg of a bracket ([N-{abs}N]): a first leg is absolute already, and a-chain legs turn".into()
                    },
                ));
            }
            if g.style == Some(Style::Mill) {
                check_mill(g, atom, ksystem, range, last)?;
            }
            // An a-chain's legs turn with the leg before: a crooked or
            // reflecting path has no such reading (a bracket's last leg
            // may be one, `W[W-fs{bounce}B]`).
            if last > 0 {
                if let Some(at) = g.z_at {
                    return Err(err(
                        at,
                        "a crooked rider ('z', {zig}) inside an a-chain is not supported (on the last leg of a bracket it is: W[W-fs{zig}B])".into(),
                    ));
                }
                if g.style.is_some() {
                    return Err(err(
                        g.style_at,
                        "{near}, {far}, {fly}, {half} and {bounce} apply to a single-leg slider, not to a leg of an a-chain ({bounce} may end a bracket: W[W-fs{bounce}B])".into(),
                    ));
                }
            }
        }
        for (k, g) in groups.into_iter().enumerate() {
            initial |= g.i;
            if g.q {
                if k != 0 || last != 0 {
                    return Err(err(g.start, "'q' (circular) only on a single-leg move".into()));
                }
                circular = true;
            }
            legs.push(leg_from(&g, atom, ksystem, range, k == last)?);
        }
        if circular && (legs[0].p || legs[0].g || legs[0].style != Style::Normal) {
            return Err(err(start, "'q' cannot be combined with p, g or tags".into()));
        }
        let n = legs.len();
        let mut may_end = vec![false; n];
        may_end[n - 1] = true;
        check_legs(&legs, start)?;
        if chain && (circular || initial) {
            return Err(err(start, "{chain} cannot be combined with 'q' or 'i'".into()));
        }
        Ok(Pattern {
            initial,
            circular,
            chain,
            ..Pattern::of(legs, may_end)
        })
    }

    /// A single-leg move with capture mechanisms (`{withdraw}Q`,
    /// `{shoot}Q`, `{destroy}K`): direction letters may narrow its lines;
    /// its own moves go to empty squares only.
    fn mechanism(&mut self, groups: Vec<Group>) -> Result<Pattern, ParseMovementError> {
        let g = &groups[0];
        if let Some(next) = groups.get(1) {
            // `next.start` is just after its `a`.
            return Err(err(
                next.start - 1,
                "'a' after a capture mechanism: {withdraw}, {shoot}, ... stand in front of a single-leg move, such as {withdraw}Q".into(),
            ));
        }
        let plain = g.bare() && g.leapfrog.is_none() && g.borrow.is_none();
        if !plain {
            return Err(err(
                g.mech_at,
                "a capture mechanism ({withdraw}, {shoot}, ...) takes only direction letters (f, b, l, r, v, s, h) before its atom"
                    .into(),
            ));
        }
        if matches!(self.peek(), Some(b'[')) || self.peek().is_none() {
            return Err(err(
                g.mech_at,
                "a capture mechanism ({withdraw}, {shoot}, ...) stands in front of a single atom, such as {withdraw}Q"
                    .into(),
            ));
        }
        let (range, atom, ksystem) = self.atom()?;
        let mut leg = leg_from(g, atom, ksystem, range, true)?;
        leg.m = true;
        leg.c = false;
        Ok(Pattern {
            mech: g.mech,
            ..Pattern::of(vec![leg], vec![true])
        })
    }

    /// `{leapfrog}`: a move of its own, with no atom: a straight leap of two
    /// squares forward over a friendly pawn (see NOTATION.md).
    fn leapfrog(&mut self, groups: &[Group], at: usize) -> Result<Pattern, ParseMovementError> {
        let g = &groups[0];
        let plain = groups.len() == 1
            && g.dirs.is_empty()
            && g.bare()
            && g.mech == 0
            && (g.borrow.is_none() || g.leapfrog.is_none());
        if !plain || matches!(self.peek(), Some(b'A'..=b'Z' | b'[' | b'(')) {
            return Err(err(
                at,
                "{leapfrog} is a move of its own (a hop over a friendly pawn): write it alone, without letters or an atom"
                    .into(),
            ));
        }
        Ok(Pattern {
            legs: vec![Leg {
                atom: (0, 2),
                ksystem: false,
                range: 1,
                dirs: tokenize(b"f"),
                m: true,
                c: false,
                d: false,
                p: false,
                g: false,
                n: false,
                j: 0,
                e: false,
                y: false,
                zig: None,
                same_steps: false,
                wrap: false,
                absolute: false,
                style: Style::Normal,
            }],
            leapfrog: true,
            ..Pattern::of(Vec::new(), vec![true])
        })
    }

    /// `[L1?L2-L3...]`: each leg has its own modifiers, atom and range.
    fn bracket(&mut self, prefix: Vec<Group>) -> Result<Pattern, ParseMovementError> {
        let open = self.i;
        let pre = &prefix[0];
        // Where a letter or tag that may not stand there is, else the
        // group's start.
        let misplaced = if let Some(next) = prefix.get(1) {
            Some(next.start - 1)
        } else if pre.o {
            Some(pre.o_at)
        } else if pre.d {
            Some(pre.d_at)
        } else if let Some(at) = pre.z_at.or(pre.abs_at) {
            Some(at)
        } else if pre.q {
            Some(pre.q_at)
        } else if pre.style.is_some() {
            Some(pre.style_at)
        } else if !pre.dirs.is_empty() {
            Some(pre.start)
        } else {
            None
        };
        if let Some(at) = misplaced {
            return Err(err(at, "only 'i' may stand in front of a bracket".into()));
        }
        if pre.m || pre.c || pre.p || pre.g || pre.n || pre.j > 0 || pre.e || pre.y {
            return Err(err(
                pre.start,
                "only 'i' and {chain} may stand in front of a bracket".into(),
            ));
        }
        self.i += 1;
        let mut legs = Vec::new();
        let mut may_end = Vec::new();
        let mut last_y: Option<usize>;
        loop {
            let gstart = self.i;
            let groups = self.groups()?;
            if groups.len() != 1 {
                return Err(err(gstart, "'a' inside brackets: use '?' or '-' between legs".into()));
            }
            let (range, atom, ksystem) = self.atom()?;
            // Range `=`: as many steps as the leg before took.
            let same_steps = self.peek() == Some(b'=');
            if same_steps {
                if legs.is_empty() || range == 1 {
                    return Err(err(
                        self.i,
                        "range '=' (as many steps as the leg before) needs a rider on a later leg".into(),
                    ));
                }
                self.i += 1;
            }
            let g = &groups[0];
            if g.i || g.q {
                return Err(err(g.start, "'i' and 'q' go in front of the bracket".into()));
            }
            if let Some(at) = g.abs_at
                && legs.is_empty()
            {
                return Err(err(
                    at,
                    "'{abs}' on the first leg of a bracket: a first leg's directions are absolute already".into(),
                ));
            }
            if g.style == Some(Style::Mill) {
                return Err(err(
                    g.style_at,
                    "'{mill}' (windmill) is a move of its own, not a leg of a bracket".into(),
                ));
            }
            // Whether this leg is the last is known at the separator below.
            check_group(g, atom, ksystem, range, false)?;
            last_y = g.y.then_some(g.y_at);
            if legs.len() >= MAX_LEGS {
                return Err(err(gstart, format!("more than {MAX_LEGS} legs in one move")));
            }
            // Whether this leg is final is known only at the next separator;
            // final-leg defaults are applied after the loop.
            let mut leg = leg_from(g, atom, ksystem, range, false)?;
            leg.same_steps = same_steps;
            legs.push(leg);
            let (explicit_m, explicit_c) = (g.m, g.c);
            match self.peek() {
                Some(b'?') => {
                    may_end.push(true);
                    self.i += 1;
                }
                Some(b'-') => {
                    may_end.push(false);
                    self.i += 1;
                }
                Some(b']') => {
                    may_end.push(true);
                    self.i += 1;
                    let last = legs.last_mut().expect("one leg");
                    if !explicit_m && !explicit_c {
                        last.m = true;
                        last.c = true;
                    }
                    break;
                }
                Some(c) => return Err(err(self.i, format!("unexpected '{}' in brackets", c as char))),
                None => return Err(err(open, "'[' without a closing ']'".into())),
            }
        }
        if let Some(at) = last_y {
            return Err(err(at, NO_NEXT_LEG.into()));
        }
        check_legs(&legs, open)?;
        if prefix[0].i && prefix[0].chain.is_some() {
            return Err(err(prefix[0].start, "{chain} cannot be combined with 'i'".into()));
        }
        Ok(Pattern {
            bracket: true,
            initial: prefix[0].i,
            ..Pattern::of(legs, may_end)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_riders_ranges_and_doubled_atoms() {
        let m = parse_movement("NNR4B").unwrap();
        assert_eq!(m.patterns.len(), 3);
        assert_eq!(m.patterns[0].legs[0].range, 0);
        assert_eq!(m.patterns[1].legs[0].range, 4);
        assert_eq!(m.patterns[2].legs[0].range, 0);
        assert_eq!(parse_movement("R15").unwrap().patterns[0].legs[0].range, 15);
    }

    #[test]
    fn reads_chains_and_brackets() {
        let m = parse_movement("FyafsF").unwrap();
        assert_eq!(m.patterns[1].legs.len(), 2);
        assert!(m.patterns[1].legs[0].y);
        let b = parse_movement("[D?B]").unwrap();
        assert_eq!(b.patterns[0].may_end, vec![true, true]);
        assert!(b.patterns[0].bracket);
        let w = parse_movement("[W-R]").unwrap();
        assert_eq!(w.patterns[0].may_end, vec![false, true]);
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse_movement("mRcpX").unwrap_err();
        assert_eq!(e.position, 4);
        assert!(e.to_string().contains("'X'"), "{e}");
        assert_eq!(parse_movement("fm").unwrap_err().position, 2);
        assert!(parse_movement("").is_err());
        assert!(parse_movement("{nearR").is_err());
        assert!(parse_movement("{slow}R").unwrap_err().to_string().contains("slow"));
        assert!(parse_movement("R999").is_err());
        assert!(parse_movement("[W?R").is_err());
        assert!(parse_movement("caR").is_err());
        assert!(parse_movement("é").is_err());
    }

    #[test]
    fn tags_need_a_slider() {
        assert!(parse_movement("{near}Q").is_ok());
        assert!(parse_movement("f{far}B").is_ok());
        assert!(parse_movement("{fly}N").is_err());
    }
}
