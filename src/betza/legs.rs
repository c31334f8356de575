//! A leg's letters: the modifier letters and `{tags}` read in front of an
//! atom ([`Group`]), the checks that turn combinations without a meaning
//! into errors at the letter, and the [`Leg`] they make. Apart from the
//! reader (`parse.rs`), which finds the groups and atoms in the string:
//! this file says what they mean together.

use super::direction::{DirToken, tokenize};
use super::error::{ParseMovementError, err};
use super::{Leg, Style};

/// The lower-case letters and `{tags}` in front of one leg's atom.
#[derive(Default)]
pub(super) struct Group {
    pub(super) start: usize,
    pub(super) dirs: Vec<u8>,
    pub(super) m: bool,
    pub(super) c: bool,
    pub(super) d: bool,
    pub(super) d_at: usize,
    pub(super) p: bool,
    pub(super) g: bool,
    pub(super) n: bool,
    pub(super) j: u8,
    pub(super) e: bool,
    pub(super) y: bool,
    pub(super) i: bool,
    pub(super) q: bool,
    pub(super) o: bool,
    /// `z` (at this index) or `{zig X,Y}`: a crooked rider.
    pub(super) z_at: Option<usize>,
    pub(super) zig: Option<(u8, u8)>,
    pub(super) style: Option<Style>,
    /// `{chain}` and `{leapfrog}` (where they stand).
    pub(super) chain: Option<usize>,
    pub(super) leapfrog: Option<usize>,
    pub(super) recapture: Option<usize>,
    /// `{jester}`, `{orphan}`, `{friend}`: which (bits of
    /// [`super::borrow`]) and where.
    pub(super) borrow: Option<(usize, u8)>,
    /// `{andernach}`, `{einstein}`, `{circe}` (bits of [`super::hurdle`]) and where
    /// the first stands.
    pub(super) hurdle: u8,
    pub(super) hurdle_at: usize,
    /// Where the style tag stands, for errors about `{mill}`.
    pub(super) style_at: usize,
    /// `{abs}` (at this index): absolute directions on a later leg.
    pub(super) abs_at: Option<usize>,
    /// Capture-mechanism tags (bits of [`super::mech`]) and where the
    /// first stands.
    pub(super) mech: u16,
    pub(super) mech_at: usize,
    /// Where `n`, `o`, `q` and `y` stand, for errors about them.
    pub(super) n_at: usize,
    pub(super) o_at: usize,
    pub(super) q_at: usize,
    pub(super) y_at: usize,
}

impl Group {
    /// No modifier letters but directions, and no tags but those that
    /// make a move of its own or a capture mechanism (which the callers
    /// look at themselves).
    pub(super) fn bare(&self) -> bool {
        !(self.m || self.c || self.d || self.p || self.g || self.n || self.e || self.y || self.i || self.q || self.o)
            && self.j == 0
            && self.z_at.is_none()
            && self.zig.is_none()
            && self.style.is_none()
            && self.chain.is_none()
            && self.recapture.is_none()
            && self.hurdle == 0
            && self.abs_at.is_none()
    }
}

pub(super) const NO_NEXT_LEG: &str = "'y' switches the next leg between leaper and rider; the last leg has no next leg";

/// Letters that would be accepted and then mean nothing, or something
/// other than documented, are errors at the letter: `n` on an atom with no
/// square half way (`nK`, `nW`) or on a rider, `q` on an atom without eight
/// leaps round a circle (`qR`), `y` on the last leg.
pub(super) fn check_group(
    g: &Group,
    atom: (u8, u8),
    ksystem: bool,
    range: u8,
    last: bool,
) -> Result<(), ParseMovementError> {
    if let Some(at) = g.z_at
        && range == 1
    {
        return Err(err(
            at,
            "a crooked rider ('z', {zig}) needs a rider atom (R, B, NN, ...)".into(),
        ));
    }
    if g.n && (atom == (0, 1) || atom == (1, 1)) {
        return Err(err(
            g.n_at,
            "'n' (lame leaper) needs a leap that passes squares (D, A, N, C, Z, ...); a one-step atom (W, F, K, R, B, Q) has none"
                .into(),
        ));
    }
    if g.n && range != 1 {
        return Err(err(
            g.n_at,
            "'n' (lame leaper) applies to a single leap, not to a rider".into(),
        ));
    }
    let oblique = atom.0 != 0 && atom.0 != atom.1;
    if g.q && (ksystem || !oblique) {
        return Err(err(
            g.q_at,
            "'q' (circular rider) needs an oblique atom (N, C, Z or (x,y) with 0 < x < y), whose eight leaps go round the circle"
                .into(),
        ));
    }
    if g.y && last {
        return Err(err(g.y_at, NO_NEXT_LEG.into()));
    }
    if g.q && g.o {
        return Err(err(
            g.q_at,
            "'o' and 'q' together: a circular rider cannot wrap round".into(),
        ));
    }
    Ok(())
}

pub(super) fn leg_from(
    g: &Group,
    atom: (u8, u8),
    ksystem: bool,
    range: u8,
    last: bool,
) -> Result<Leg, ParseMovementError> {
    let dirs: Vec<DirToken> = tokenize(&g.dirs);
    let (m, c) = if last && !g.m && !g.c && !g.d {
        (true, true)
    } else {
        (g.m, g.c)
    };
    if g.d && (!last || g.p || g.g || g.style.is_some() || g.e) {
        return Err(err(
            g.d_at,
            "'d' (capture a friend) goes on the last leg of a plain leaper or rider: not with p, g, e or tags".into(),
        ));
    }
    if g.p && g.g {
        return Err(err(g.start, "'p' and 'g' together".into()));
    }
    Ok(Leg {
        atom,
        ksystem,
        range,
        dirs,
        m,
        c,
        d: g.d,
        p: g.p,
        g: g.g,
        n: g.n,
        j: g.j,
        e: g.e,
        y: g.y,
        wrap: g.o,
        same_steps: false,
        absolute: g.abs_at.is_some(),
        zig: match (g.zig, g.z_at) {
            (Some(sum), _) if sum != (0, 0) => Some(sum),
            (_, Some(at)) => Some(match atom {
                (1, 1) => (0, 2),
                (0, 1) => (1, 1),
                _ => {
                    return Err(err(
                        at,
                        "'z' alone is defined on R and B; write {zig X,Y} for other atoms".into(),
                    ));
                }
            }),
            _ => None,
        },
        style: g.style.unwrap_or(Style::Normal),
    })
}

/// `{mill}` goes round the eight squares about an adjacent pivot: it is
/// defined on the king step alone, as a single-leg move, and takes only
/// `m`, `c` and `i` (no direction letters: every neighbour may be a pivot).
pub(super) fn check_mill(
    g: &Group,
    atom: (u8, u8),
    ksystem: bool,
    range: u8,
    later_legs: usize,
) -> Result<(), ParseMovementError> {
    if later_legs > 0 {
        return Err(err(
            g.style_at,
            "'{mill}' (windmill) is a single-leg move: not in an a-chain".into(),
        ));
    }
    if !(ksystem && atom == (0, 1) && range == 1) {
        return Err(err(
            g.style_at,
            "'{mill}' (windmill) is defined on K only: a king step round an adjacent occupied square".into(),
        ));
    }
    if !g.dirs.is_empty() || g.p || g.g || g.n || g.j > 0 || g.e || g.y || g.o || g.q || g.z_at.is_some() {
        return Err(err(
            g.style_at,
            "'{mill}' (windmill) takes only 'm', 'c' and 'i': no direction letters, p, g, n, j, e, y, o, q or z".into(),
        ));
    }
    Ok(())
}

/// `" 0,2"` (after `{zig`) -> (0, 2), smaller number first; `""` -> (0, 0),
/// the atom's own default.
pub(super) fn zig_sum(text: &[u8]) -> Option<(u8, u8)> {
    let text = std::str::from_utf8(text).ok()?.trim();
    if text.is_empty() {
        return Some((0, 0));
    }
    let (a, b) = text.split_once(',')?;
    let (a, b): (u8, u8) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (a.max(b) <= 32 && (a, b) != (0, 0)).then_some((a.min(b), a.max(b)))
}

/// Combinations the engine cannot give a meaning to are errors, not silent
/// guesses.
pub(super) fn check_legs(legs: &[Leg], at: usize) -> Result<(), ParseMovementError> {
    let n = legs.len();
    for (k, leg) in legs.iter().enumerate() {
        let fin = k == n - 1;
        let unit = leg.atom == (0, 1) || leg.atom == (1, 1);
        // A reflecting slide may also end a multi-leg move (`W[W-fs{bounce}B]`).
        let later_ok = leg.style == Style::Bounce && fin;
        // `{mill}` is checked where it is read (`check_mill`).
        if !matches!(leg.style, Style::Normal | Style::Mill)
            && (!fin || (n > 1 && !later_ok) || !unit || leg.range == 1)
        {
            return Err(err(
                at,
                "{near}, {far}, {fly}, {half} and {bounce} apply to a single-leg slider (R, B, Q); {bounce} also to the last leg of a longer move".into(),
            ));
        }
        if (leg.p || leg.g) && fin && leg.range == 1 {
            return Err(err(at, "'p' and 'g' need a rider atom (R, B, Q, NN, ...)".into()));
        }
        if !fin && leg.c && leg.range != 1 {
            return Err(err(
                at,
                "capturing in the middle of a move (locust 'c') needs a leaper leg (K, W, F, N, ...), not a rider"
                    .into(),
            ));
        }
        if !fin && leg.g {
            return Err(err(at, "'g' in the middle of a move is not supported".into()));
        }
        if !fin && leg.p && leg.range != 1 {
            return Err(err(
                at,
                "'p' on a sliding leg in the middle of a move is not supported".into(),
            ));
        }
        if leg.n && leg.j > 0 {
            return Err(err(at, "'n' and 'j' together".into()));
        }
        if let Some(sum) = leg.zig {
            if !fin {
                return Err(err(at, "a crooked rider ('z', {zig}) can only be the last leg".into()));
            }
            if leg.range == 1 || leg.p || leg.g || leg.style != Style::Normal || leg.wrap || leg.j > 0 {
                return Err(err(
                    at,
                    "a crooked rider ('z', {zig}) must be a plain rider (R, B, NN, ...): no 'p', 'g', 'j', 'o' or other tag".into(),
                ));
            }
            if crate::betza::zig_partners(leg.atom, sum, (leg.atom.0 as i32, leg.atom.1 as i32)).is_empty() {
                return Err(err(
                    at,
                    format!("no two leaps of this atom add up to ({}, {})", sum.0, sum.1),
                ));
            }
        }
        if leg.wrap && (n > 1 || leg.style != Style::Normal) {
            return Err(err(
                at,
                "'o' (files wrap round) applies to a single-leg move without a tag".into(),
            ));
        }
        if leg.j > 0 && leg.range == 1 && !matches!(leg.atom, (0, 2) | (2, 2) | (1, 2)) {
            return Err(err(at, "'j' on a leaper needs D, A or N".into()));
        }
        if leg.e && !leg.c {
            return Err(err(at, "'e' (en passant) needs a capturing leg".into()));
        }
        // An `{abs}` leg reads its directions like a first leg: any atom.
        if k > 0 && !leg.absolute && leg.atom.0 != 0 && leg.atom.0 != leg.atom.1 {
            return Err(err(at, "an oblique atom can only be the first leg".into()));
        }
        if k > 0 && !leg.absolute && leg.ksystem && leg.range == 1 && leg.atom != (0, 1) {
            return Err(err(at, "bad atom in a later leg".into()));
        }
    }
    Ok(())
}
