//! The `[[promotion]]` tables of a definition: which pieces promote, on
//! which squares (whole ranks, squares, for one side or both), to what,
//! and under which limits: choices only while the side has fewer of a kind
//! than a count, and promotion zones that offer the choices on entering the
//! zone or on a capture that starts or ends in it.

use super::problems::{Errors, path};
use super::region::read_region;
use super::toml::{Table, Value};
use super::{PieceType, PromotionChoice};
use crate::core::echo::echo;
use crate::core::geometry::{Geometry, Square};
use crate::core::piece::Color;

pub(super) const PROMOTION_KEYS: &[&str] = &[
    "pieces",
    "ranks",
    "squares",
    "side",
    "choices",
    "optional",
    "only_lost",
    "limits",
    "zone",
];

/// The most `[[promotion]]` tables: squares name their table in 16 bits,
/// and with one table per piece and square at most, a few per kind is all
/// a variant needs.
const MAX_PROMOTIONS: usize = 1000;

/// The most (piece, colour, square) entries the tables may name in all:
/// without a clash there are at most as many as pieces x 2 x squares, so
/// only tables that name the same squares over and over reach it.
const MAX_WORK: usize = 16 << 20;

/// The promotion rules read from a definition: the per-square table of
/// [`super::Variant::promotion_at`] and the choices it points to. Limits
/// taken from the setup (`only_lost`) are filled in once the setup is read.
pub(super) struct Promotions {
    pub at: Vec<u16>,
    pub choices: Vec<PromotionChoice>,
    pub promotes: Vec<bool>,
    /// Per table: its choices are limited to the kinds the side has lost.
    pub only_lost: Vec<bool>,
}

/// Reads every `[[promotion]]` table. `geometry` is `None` when the board's
/// size is bad (reported elsewhere): then only the tables' own keys are
/// checked.
pub(super) fn read_promotions(
    e: &mut Errors,
    table: &Table,
    pieces: &[PieceType],
    geometry: Option<Geometry>,
    kind_of: &dyn Fn(&str) -> Option<usize>,
) -> Promotions {
    let kinds = pieces.len();
    let n = geometry.map_or(0, |g| g.len());
    let mut out = Promotions {
        at: vec![0; kinds * 2 * n],
        choices: Vec::new(),
        promotes: vec![false; kinds],
        only_lost: Vec::new(),
    };
    let mut tables = e.tables(table, "promotion");
    if tables.len() > MAX_PROMOTIONS {
        e.add(
            "promotion",
            format!("{} tables; at most {MAX_PROMOTIONS}", tables.len()),
        );
        tables.clear();
    }
    let mut work = 0;
    for (i, t) in tables.into_iter().enumerate() {
        let at = format!("promotion[{i}]");
        e.unknown_keys(&at, t, PROMOTION_KEYS);
        let kinds_of = |key: &str, e: &mut Errors| -> Vec<usize> {
            let names = e.strings(&at, t, key);
            if names.is_empty() {
                e.add(path(&at, key), "missing or empty");
            }
            let mut out = Vec::new();
            for n in names {
                match kind_of(&n) {
                    Some(k) => out.push(k),
                    None => e.add(path(&at, key), format!("unknown piece '{}'", echo(&n))),
                }
            }
            out
        };
        let from = kinds_of("pieces", e);
        let choices = kinds_of("choices", e);
        let optional = e.bool(&at, t, "optional").unwrap_or(false);
        let only_lost = e.bool(&at, t, "only_lost").unwrap_or(false);
        let zone = e.bool(&at, t, "zone").unwrap_or(false);
        let sides: Vec<Color> = match e.string(&at, t, "side", false).as_deref() {
            None | Some("both") => vec![0, 1],
            Some("white") => vec![0],
            Some("black") => vec![1],
            Some(other) => {
                e.add(
                    path(&at, "side"),
                    format!("'{}': one of \"white\", \"black\", \"both\"", echo(other)),
                );
                vec![0, 1]
            }
        };
        let ranks = read_ranks(e, &at, t, geometry);
        let square_texts = e.strings(&at, t, "squares");
        if t.get("ranks").is_none() && t.get("squares").is_none() {
            e.add(path(&at, "ranks"), "missing (give 'ranks', 'squares' or both)");
        }
        let limits = read_limits(e, &at, t, &choices, kind_of);
        if only_lost && t.get("limits").is_some() {
            e.add(at.clone(), "give 'only_lost' or 'limits', not both");
        }
        let Some(g) = geometry else {
            continue;
        };
        // White's squares of the table, then each side's.
        let mut white = vec![false; n];
        for &r in &ranks {
            for f in 0..g.width as i32 {
                white[g.square(f, r as i32 - 1).expect("rank checked") as usize] = true;
            }
        }
        match read_region(g, &square_texts) {
            Ok(region) => region.white_squares().for_each(|s| white[s as usize] = true),
            Err(problems) => {
                for (j, msg) in problems {
                    e.add(format!("{}[{j}]", path(&at, "squares")), msg);
                }
            }
        }
        out.choices.push(PromotionChoice {
            choices: choices.clone(),
            optional,
            limits: limits.iter().map(|&l| [l, l]).collect(),
            zone,
        });
        out.only_lost.push(only_lost);
        let id = out.choices.len() as u16;
        let white_squares: Vec<Square> = (0..n as Square).filter(|&s| white[s as usize]).collect();
        for (m, &k) in from.iter().enumerate() {
            if from[..m].contains(&k) {
                continue;
            }
            out.promotes[k] = true;
            // The squares where an earlier table already gives this piece
            // choices, by that table, as White sees them.
            let mut clashes: Vec<(usize, Vec<Square>)> = Vec::new();
            work += sides.len() * white_squares.len();
            if work > MAX_WORK {
                e.add(
                    "promotion",
                    "the tables give the same pieces choices on too many squares over again",
                );
                return out;
            }
            for &color in &sides {
                for &white_sq in &white_squares {
                    let sq = if color == 0 { white_sq } else { g.mirror(white_sq) };
                    let slot = &mut out.at[(k * 2 + color) * n + sq as usize];
                    match *slot {
                        0 => *slot = id,
                        j if j == id => {}
                        j => {
                            let j = j as usize - 1;
                            match clashes.iter_mut().find(|(t, _)| *t == j) {
                                Some((_, list)) => {
                                    if !list.contains(&white_sq) {
                                        list.push(white_sq)
                                    }
                                }
                                None => clashes.push((j, vec![white_sq])),
                            }
                        }
                    }
                }
            }
            for (j, mut squares) in clashes {
                squares.sort_unstable();
                e.add(
                    at.clone(),
                    format!(
                        "piece {} already has promotion choices on {} (promotion[{j}])",
                        pieces[k].code,
                        describe_squares(g, &squares)
                    ),
                );
            }
        }
    }
    out
}

/// The `ranks` of a table, each checked against the board.
fn read_ranks(e: &mut Errors, at: &str, t: &Table, geometry: Option<Geometry>) -> Vec<i64> {
    let mut ranks = Vec::new();
    match t.get("ranks") {
        Some(Value::Array(items)) => {
            for v in items {
                match v.as_integer() {
                    Some(r) if geometry.is_none_or(|g| (1..=g.height as i64).contains(&r)) => ranks.push(r),
                    _ => e.add(
                        path(at, "ranks"),
                        format!(
                            "bad rank {} (ranks count from each player's own side, 1..height)",
                            v.as_integer()
                                .map(|n| n.to_string())
                                .unwrap_or_else(|| "(not a number)".into())
                        ),
                    ),
                }
            }
        }
        Some(_) => e.add(path(at, "ranks"), "expected a list of rank numbers"),
        None => {}
    }
    ranks
}

/// The `limits` table of a promotion table (piece -> the count the side
/// must have fewer of for the choice to be offered), as one limit per
/// choice (`u16::MAX`: none); empty when there are no limits.
fn read_limits(
    e: &mut Errors,
    at: &str,
    t: &Table,
    choices: &[usize],
    kind_of: &dyn Fn(&str) -> Option<usize>,
) -> Vec<u16> {
    let Some(v) = t.get("limits") else {
        return Vec::new();
    };
    let Value::Table(limits) = v else {
        e.add(
            path(at, "limits"),
            "expected a table of piece = count ({ Q = 1, R = 2 })",
        );
        return Vec::new();
    };
    let mut out = vec![u16::MAX; choices.len()];
    for (name, count) in limits {
        let place = path(&path(at, "limits"), &echo(name));
        let Some(k) = kind_of(name) else {
            e.add(place, format!("unknown piece '{}'", echo(name)));
            continue;
        };
        let Some(i) = choices.iter().position(|&c| c == k) else {
            e.add(place, "not one of the table's choices");
            continue;
        };
        match count.as_integer() {
            Some(c) if (0..=4096).contains(&c) => out[i] = c as u16,
            _ => e.add(place, "expected a count from 0 to 4096"),
        }
    }
    out
}

/// Squares as a player reads them: whole ranks as `rank 8` or `ranks 8, 9`,
/// the rest by name.
fn describe_squares(g: Geometry, squares: &[Square]) -> String {
    let mut ranks = Vec::new();
    let mut rest = Vec::new();
    for r in 0..g.height as i32 {
        let row: Vec<Square> = squares.iter().copied().filter(|&s| g.rank(s) == r).collect();
        if row.len() == g.width as usize {
            ranks.push((r + 1).to_string());
        } else {
            rest.extend(row.iter().map(|&s| g.name(s).to_string()));
        }
    }
    let mut parts = Vec::new();
    if !ranks.is_empty() {
        let s = if ranks.len() > 1 { "s" } else { "" };
        parts.push(format!("rank{s} {}", ranks.join(", ")));
    }
    if !rest.is_empty() {
        let s = if rest.len() > 1 { "s" } else { "" };
        parts.push(format!("square{s} {}", rest.join(", ")));
    }
    parts.join(" and ")
}

/// Fills in the limits of the `only_lost` tables from the setup: a side may
/// promote to a kind only while it has fewer of it than the setup gives it.
pub(super) fn limit_to_setup(p: &mut Promotions, setup_counts: &[[u16; 2]]) {
    for (choice, &lost) in p.choices.iter_mut().zip(&p.only_lost) {
        if lost {
            choice.limits = choice.choices.iter().map(|&k| setup_counts[k]).collect();
        }
    }
}
