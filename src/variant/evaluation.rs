//! The weights of the AI's evaluation (`[evaluation]`): each term of the
//! evaluation is a weight times something the definition decides (a
//! piece's value from its movement, its mobility on a square, a pawn's
//! way to promotion ...). Without the table every weight has its default,
//! the evaluation every variant gets untuned; `bigboard tune` fits them to
//! a variant's games and writes the table.

use super::PieceType;
use super::problems::{Errors, path};
use super::toml::{Table, Value};
use crate::core::echo::echo;

/// The evaluation's terms besides the piece values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Centipawns per move of a piece's mobility on a square above its
    /// average over the board (empty-board mobility).
    Centralisation,
    /// The same for royals under check rules: negative by default, as a
    /// king is safer away from the centre.
    RoyalCentralisation,
    /// Factor on a royal's bonus for nearing the far rank where reaching
    /// it wins (`royal_far_rank`).
    RoyalAdvance,
    /// Share of its average promotion choice a pawn is worth on the square
    /// before promoting (growing with the cube of its progress).
    PromotionShare,
    /// Centipawns for a goal piece standing next to its goal (`[[goal]]`),
    /// falling with the square of its distance.
    Goal,
    /// Centipawns lost per enemy piece (not a pawn) near a royal.
    EnemyNearRoyal,
    /// Centipawns per friend next to a royal.
    FriendNextToRoyal,
    /// Centipawns for having the move.
    Tempo,
    /// Centipawns per check given where checks are counted (`checks`).
    CheckGiven,
    /// Centipawns per royal of a side that may lose royals one by one
    /// (royal modes).
    RoyalAtRisk,
}

/// A term's key in `[evaluation]`, its default (the untuned evaluation)
/// and whether the evaluation uses it in whole centipawns (a term counted
/// while searching, rather than built into the piece-square tables).
pub struct TermInfo {
    /// The term.
    pub term: Term,
    /// Its key in `[evaluation]`.
    pub key: &'static str,
    /// Its default weight.
    pub default: f64,
    /// The evaluation uses it in whole centipawns.
    pub whole: bool,
}

/// Every term, in the order of [`Term`].
pub const TERMS: [TermInfo; 10] = [
    info(Term::Centralisation, "centralisation", 3.0, false),
    info(Term::RoyalCentralisation, "royal_centralisation", -3.0, false),
    info(Term::RoyalAdvance, "royal_advance", 1.0, false),
    info(Term::PromotionShare, "promotion_share", 0.35, false),
    info(Term::Goal, "goal", 160.0, false),
    info(Term::EnemyNearRoyal, "enemy_near_royal", 12.0, true),
    info(Term::FriendNextToRoyal, "friend_next_to_royal", 6.0, true),
    info(Term::Tempo, "tempo", 12.0, true),
    info(Term::CheckGiven, "check_given", 250.0, true),
    info(Term::RoyalAtRisk, "royal_at_risk", 450.0, true),
];

const fn info(term: Term, key: &'static str, default: f64, whole: bool) -> TermInfo {
    TermInfo {
        term,
        key,
        default,
        whole,
    }
}

/// The largest size of a term's weight, and of a piece's value factor.
pub const MAX_TERM: f64 = 10_000.0;
/// The largest of a piece's value factor (`[evaluation.value_scale]`).
pub const MAX_VALUE_SCALE: f64 = 10.0;

/// The key of the per-piece factors.
pub const VALUE_SCALE: &str = "value_scale";

/// The evaluation's weights for one variant.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalWeights {
    /// By [`Term`] (its position in [`TERMS`]).
    pub terms: [f64; TERMS.len()],
    /// Per piece kind: a factor on the value derived from its movement (or
    /// given by its `value`); 1 keeps it.
    pub value_scale: Vec<f64>,
}

impl EvalWeights {
    /// The untuned weights for `kinds` piece kinds.
    pub fn defaults(kinds: usize) -> EvalWeights {
        EvalWeights {
            terms: TERMS.map(|t| t.default),
            value_scale: vec![1.0; kinds],
        }
    }

    /// The weight of `term`.
    pub fn get(&self, term: Term) -> f64 {
        self.terms[term as usize]
    }

    /// Sets the weight of `term`.
    pub fn set(&mut self, term: Term, value: f64) {
        self.terms[term as usize] = value;
    }

    /// A term used in whole centipawns, rounded.
    pub fn whole(&self, term: Term) -> i32 {
        self.get(term).round() as i32
    }

    /// All weights are the defaults.
    pub fn is_default(&self) -> bool {
        *self == EvalWeights::defaults(self.value_scale.len())
    }

    /// The `[evaluation]` table of these weights for a variant with
    /// `pieces`: every term, and the factor of every piece that has a
    /// value (royals have none). Reads back as the same weights.
    pub fn to_toml(&self, pieces: &[PieceType]) -> String {
        let mut out = String::from("[evaluation]\n");
        for (t, w) in TERMS.iter().zip(self.terms) {
            out.push_str(&format!("{} = {}\n", t.key, number(w)));
        }
        out.push_str(&format!("\n[evaluation.{VALUE_SCALE}]\n"));
        for (p, &s) in pieces.iter().zip(&self.value_scale) {
            if !p.any_royal() {
                out.push_str(&format!("{} = {}\n", key(&p.name), number(s)));
            }
        }
        out
    }
}

/// A float as TOML: the shortest text that reads back as the same number
/// (Rust's `Display` writes no exponent); a whole number reads as an
/// integer, which the reader takes too.
fn number(x: f64) -> String {
    format!("{x}")
}

/// A TOML key: bare when it can be, else a basic string, where only `"`,
/// `\` and control characters need escapes (any other character, accents
/// included, stands as itself).
fn key(name: &str) -> String {
    if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        return name.to_string();
    }
    let mut out = String::from("\"");
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `x` as an error message shows it, without the float formatter (its
/// code and tables would be about 30 KB of the browser's module, which
/// needs it for nothing else): whole numbers exactly, others to six
/// decimals (whole from 10^12), numbers of 10^15 and more by their power
/// of 10.
fn plain(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    let a = x.abs();
    if a.is_infinite() {
        return format!("{sign}inf");
    }
    if a >= 1e15 {
        let mut power = 0;
        let mut v = a;
        while v >= 10.0 {
            v /= 10.0;
            power += 1;
        }
        return format!("{sign}about 10^{power}");
    }
    if a == a.trunc() || a >= 1e12 {
        return format!("{sign}{}", a.round() as u64);
    }
    let millionths = (a * 1e6).round() as u64;
    let (whole, fraction) = (millionths / 1_000_000, millionths % 1_000_000);
    if fraction == 0 {
        return format!("{sign}{whole}");
    }
    let digits = format!("{fraction:06}");
    format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
}

/// A number (integer or float) at `place`, finite and within `lo..=hi`.
fn read_number(e: &mut Errors, place: &str, value: &Value, lo: f64, hi: f64) -> Option<f64> {
    let x = match value {
        Value::Integer(n) => *n as f64,
        Value::Float(x) => *x,
        other => {
            e.add(place, format!("expected a number, not a {}", other.type_str()));
            return None;
        }
    };
    if !x.is_finite() || x < lo || x > hi {
        let (x, lo, hi) = (plain(x), plain(lo), plain(hi));
        e.add(place, format!("{x} is out of range {lo}..{hi}"));
        return None;
    }
    Some(x)
}

/// Reads `[evaluation]` (the defaults when it is absent); problems are
/// added to `e`. `kind_of` finds a piece by code or name.
pub(super) fn read_evaluation(
    e: &mut Errors,
    table: &Table,
    pieces: &[PieceType],
    kind_of: &dyn Fn(&str) -> Option<usize>,
) -> EvalWeights {
    let mut w = EvalWeights::defaults(pieces.len());
    let at = "evaluation";
    let t = match table.get(at) {
        None => return w,
        Some(Value::Table(t)) => t,
        Some(_) => {
            e.add(at, "expected a table ([evaluation])");
            return w;
        }
    };
    let known: Vec<&str> = TERMS.iter().map(|t| t.key).chain([VALUE_SCALE]).collect();
    e.unknown_keys(at, t, &known);
    for (i, info) in TERMS.iter().enumerate() {
        if let Some(v) = t.get(info.key)
            && let Some(x) = read_number(e, &path(at, info.key), v, -MAX_TERM, MAX_TERM)
        {
            w.terms[i] = x;
        }
    }
    match t.get(VALUE_SCALE) {
        None => {}
        Some(Value::Table(scales)) => {
            let mut seen = vec![false; pieces.len()];
            for (name, v) in scales {
                let place = path(&path(at, VALUE_SCALE), &echo(name));
                match kind_of(name) {
                    None => e.add(place, format!("'{}' is not a piece of this variant", echo(name))),
                    Some(k) if std::mem::replace(&mut seen[k], true) => {
                        e.add(place, format!("'{}' names a piece given a factor already", echo(name)))
                    }
                    Some(k) if pieces[k].any_royal() => e.add(
                        place,
                        format!("'{}' is royal: a royal has no value to scale", echo(name)),
                    ),
                    Some(k) => {
                        if let Some(x) = read_number(e, &place, v, 0.0, MAX_VALUE_SCALE) {
                            w.value_scale[k] = x;
                        }
                    }
                }
            }
        }
        Some(_) => e.add(
            path(at, VALUE_SCALE),
            "expected a table of piece names and factors ([evaluation.value_scale])",
        ),
    }
    w
}

#[cfg(test)]
mod tests {
    use super::plain;

    /// The error messages' numbers read as the float formatter writes
    /// them, wherever six decimals hold the number.
    #[test]
    fn plain_numbers_read_as_the_float_formatter_writes_them() {
        for x in [
            0.0,
            1.0,
            -3.0,
            12.5,
            -0.25,
            0.000001,
            123.456,
            10_000.0,
            -10_000.0,
            1e9,
            99_999.999_999,
            1e14,
            123_456_789.5,
        ] {
            assert_eq!(plain(x), format!("{x}"), "{x:?}");
        }
        assert_eq!(plain(1e20), "about 10^20");
        assert_eq!(plain(-2.5e300), "-about 10^300");
        assert_eq!(plain(f64::INFINITY), "inf");
        assert_eq!(plain(f64::NEG_INFINITY), "-inf");
        assert_eq!(plain(f64::NAN), "nan");
    }
}
