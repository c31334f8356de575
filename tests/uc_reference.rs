//! The UC-170-17 library against the independent movement reference.
//!
//! `tests/data/uc/destinations.txt` is written by
//! `tests/reference/uc_moves.py` from the rules text and the readings file,
//! not from the engine (see that script and `tests/reference/README.md`).
//! Each line is one case: a kind on an origin square, friends and enemies
//! around it (Rooks, or Pawns where listed), and every move EFFECT the
//! reference allows: (destination, enemy squares captured).
//!
//! For each case this test builds the position on 8 x 8 with the library's
//! kinds, generates the pseudo-legal moves of the piece on the origin and
//! computes each move's effect generically: it plays the move and compares
//! the board before and after (captured = squares that held an enemy before
//! and no longer hold that same enemy; destination = where the moving man
//! stands afterwards, which is the move's `to` for every move that leaves the
//! origin and the origin for a pass or a capture without moving). A friend
//! changed by the move is reported as `!friend` in the effect.
//!
//! Environment:
//! - `UC_LIBRARY=path`: the library to test (default
//!   `src/variants/uc-170-17.toml`);
//! - `UC_KIND=name`: only the kind of that name (as in the data file);
//! - `UC_SHOW=n`: show the first n mismatches (default 30).
//!
//! The variant under test is the library's `[[piece]]` tables on an empty
//! 8 x 8 board with no royal kind (`royal` lines dropped), no promotion and
//! no other rules: the cases have no kings and test movement only. Pawn
//! kinds make their first move from their `initial_rank`.
#![cfg(not(target_arch = "wasm32"))]

use bigboard::Move;
use bigboard::Position;
use bigboard::core::geometry::Square;
use bigboard::variant::Variant;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

const DATA: &str = include_str!("data/uc/destinations.txt");

fn library_path() -> String {
    std::env::var("UC_LIBRARY")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/src/variants/uc-170-17.toml").to_string())
}

/// The library's `[[piece]]` tables, without `royal` and `flee` keys (the
/// royal modes' keys: movement is tested alone), on an empty 8 x 8 board.
fn test_definition(library: &str) -> String {
    let mut out = String::from(
        "id = \"uc-reference\"\nname = \"UC reference test\"\nwidth = 8\nheight = 8\n\
         setup = \"8/8/8/8/8/8/8/8 w - - 0 1\"\n\n",
    );
    let mut in_piece = false;
    for line in library.lines() {
        let t = line.trim_start();
        if t.starts_with("[[piece]]") {
            in_piece = true;
        } else if t.starts_with('[') && !t.starts_with("[piece.") && !t.starts_with("[[piece.") && !in_array(t) {
            in_piece = false;
        }
        if !in_piece {
            continue;
        }
        let key = t.split('=').next().unwrap_or("").trim();
        if key == "royal" || key == "flee" {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A line such as `["R", "N"]` continuing an array value, not a table header.
fn in_array(t: &str) -> bool {
    t.starts_with("[\"") || t.starts_with("['") || t.starts_with("[ ")
}

struct Case<'a> {
    line: usize,
    kind: &'a str,
    white: bool,
    origin: &'a str,
    board: &'a str,
    friends: Vec<&'a str>,
    enemies: Vec<&'a str>,
    pawns: BTreeSet<&'a str>,
    moves: Vec<&'a str>,
}

fn list<'a>(field: &'a str, tag: &str) -> Vec<&'a str> {
    let rest = field
        .strip_prefix(tag)
        .unwrap_or_else(|| panic!("field '{field}' should start with '{tag}'"));
    rest.split(',').filter(|s| !s.is_empty()).collect()
}

fn cases() -> Vec<Case<'static>> {
    let mut out = Vec::new();
    for (i, line) in DATA.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('|').collect();
        assert_eq!(f.len(), 8, "line {}: {line}", i + 1);
        out.push(Case {
            line: i + 1,
            kind: f[0],
            white: match f[1] {
                "w" => true,
                "b" => false,
                c => panic!("line {}: colour '{c}'", i + 1),
            },
            origin: f[2],
            board: f[3],
            friends: list(f[4], "FRIENDS:"),
            enemies: list(f[5], "ENEMIES:"),
            pawns: list(f[6], "PAWNFILLERS:").into_iter().collect(),
            moves: list(f[7], "MOVES:"),
        });
    }
    out
}

/// An effect: destination, then the enemy squares captured; `!friend` marks
/// a move that changed a friendly man.
type Effect = (Square, BTreeSet<Square>, bool);

fn show(v: &Variant, e: &Effect) -> String {
    let g = v.geometry;
    let mut s = g.name(e.0).to_string();
    for c in &e.1 {
        s += &format!("/x{}", g.name(*c));
    }
    if e.2 {
        s += "/!friend";
    }
    s
}

fn parse_effect(v: &Variant, text: &str) -> Effect {
    let g = v.geometry;
    let mut parts = text.split('/');
    let dest = g.parse_square(parts.next().unwrap()).expect("square");
    let caps = parts
        .map(|p| g.parse_square(p.strip_prefix('x').expect("x")).expect("square"))
        .collect();
    (dest, caps, false)
}

fn kind_named(v: &Variant, name: &str) -> Option<usize> {
    v.pieces.iter().position(|p| p.name == name).or_else(|| {
        v.kind_by_name(name)
            .filter(|&k| bigboard::variant::normalize(&v.pieces[k].name) == bigboard::variant::normalize(name))
    })
}

/// The board field of a position text.
fn board_text(v: &Variant, men: &BTreeMap<Square, String>) -> String {
    let g = v.geometry;
    let mut ranks = Vec::new();
    for r in (0..8).rev() {
        let mut s = String::new();
        let mut gap = 0;
        for f in 0..8 {
            let sq = g.square(f, r).expect("8 x 8");
            match men.get(&sq) {
                Some(code) => {
                    if gap > 0 {
                        s += &gap.to_string();
                        gap = 0;
                    }
                    s += &format!("{{{code}}}");
                }
                None => gap += 1,
            }
        }
        if gap > 0 {
            s += &gap.to_string();
        }
        ranks.push(s);
    }
    ranks.join("/")
}

fn code(v: &Variant, kind: usize, white: bool) -> String {
    let c = &v.pieces[kind].code;
    if white {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

/// The engine's effects for one case, or an error text.
fn engine_effects(
    v: &Arc<Variant>,
    case: &Case,
    kind: usize,
    rook: usize,
    pawn: usize,
) -> Result<BTreeSet<Effect>, String> {
    let g = v.geometry;
    let sq = |n: &str| g.parse_square(n).unwrap_or_else(|| panic!("square {n}"));
    let mut men = BTreeMap::new();
    let origin = sq(case.origin);
    men.insert(origin, code(v, kind, case.white));
    for (list, white) in [(&case.friends, case.white), (&case.enemies, !case.white)] {
        for &n in list.iter() {
            let k = if case.pawns.contains(n) { pawn } else { rook };
            men.insert(sq(n), code(v, k, white));
        }
    }
    let text = format!("{} {} - - 0 1", board_text(v, &men), if case.white { 'w' } else { 'b' });
    let mut pos = Position::from_fen(v.clone(), &text).map_err(|e| format!("position '{text}': {e}"))?;
    let mover = if case.white { 0 } else { 1 };
    let mut moves: Vec<Move> = Vec::new();
    pos.pseudo_legal_moves(&mut moves);
    moves.retain(|m| m.from == origin);
    let squares: Vec<Square> = (0..g.len() as u16).collect();
    let before: Vec<_> = squares.iter().map(|&s| pos.piece_at(s)).collect();
    let me = pos.piece_at(origin);
    let mut out = BTreeSet::new();
    for m in moves {
        pos.play_unchecked(m);
        let after: Vec<_> = squares.iter().map(|&s| pos.piece_at(s)).collect();
        pos.undo();
        let mut caps = BTreeSet::new();
        let mut friend_changed = false;
        for &s in &squares {
            let (b, a) = (before[s as usize], after[s as usize]);
            if let Some((_, c)) = b
                && b != a
                && s != origin
            {
                if c == mover {
                    friend_changed = true;
                } else {
                    caps.insert(s);
                }
            }
        }
        // Where the mover stands afterwards: the move's `to` unless the
        // origin still holds it and `to` does not (a pass, or a capture
        // without moving).
        let dest = if after[m.to as usize] != me && after[origin as usize] == me {
            origin
        } else {
            m.to
        };
        out.insert((dest, caps, friend_changed));
    }
    Ok(out)
}

#[test]
fn uc_kinds_move_as_the_reference() {
    let path = library_path();
    let library = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => panic!("cannot read the library {path}: {e} (set UC_LIBRARY to test another file)"),
    };
    let def = test_definition(&library);
    let v = bigboard::load(&def).unwrap_or_else(|e| panic!("{path} as a test variant: {e}"));
    let rook = kind_named(&v, "Rook").expect("a kind named Rook");
    let pawn = kind_named(&v, "Pawn").expect("a kind named Pawn");
    let only = std::env::var("UC_KIND").ok();
    let show_n: usize = std::env::var("UC_SHOW").ok().and_then(|s| s.parse().ok()).unwrap_or(30);

    let mut checked = 0;
    let mut missing: BTreeMap<&str, usize> = BTreeMap::new();
    let mut bad_kinds: BTreeMap<&str, usize> = BTreeMap::new();
    let mut reports = Vec::new();
    for case in cases() {
        if only.as_deref().is_some_and(|k| k != case.kind) {
            continue;
        }
        let Some(kind) = kind_named(&v, case.kind) else {
            *missing.entry(case.kind).or_default() += 1;
            continue;
        };
        checked += 1;
        let want: BTreeSet<Effect> = case.moves.iter().map(|t| parse_effect(&v, t)).collect();
        let report = match engine_effects(&v, &case, kind, rook, pawn) {
            Err(e) => Some(e),
            Ok(got) if got == want => None,
            Ok(got) => {
                let extra: Vec<String> = got.difference(&want).map(|e| show(&v, e)).collect();
                let lacking: Vec<String> = want.difference(&got).map(|e| show(&v, e)).collect();
                Some(format!(
                    "engine only: [{}]; reference only: [{}]",
                    extra.join(","),
                    lacking.join(",")
                ))
            }
        };
        if let Some(r) = report {
            *bad_kinds.entry(case.kind).or_default() += 1;
            reports.push(format!(
                "line {}: {} ({}) on {}, board {}: friends [{}] enemies [{}] pawns [{}]\n    {r}",
                case.line,
                case.kind,
                if case.white { "White" } else { "Black" },
                case.origin,
                case.board,
                case.friends.join(","),
                case.enemies.join(","),
                case.pawns.iter().copied().collect::<Vec<_>>().join(","),
            ));
        }
    }
    if let Some(k) = &only
        && checked == 0
        && missing.is_empty()
    {
        panic!("UC_KIND={k}: no such kind in the data");
    }
    let mut msg = String::new();
    if !missing.is_empty() {
        msg += &format!(
            "{} kinds of the data are not in the library: {}\n",
            missing.len(),
            missing.keys().copied().collect::<Vec<_>>().join("; ")
        );
    }
    if !reports.is_empty() {
        msg += &format!(
            "{} of {checked} cases differ, in {} kinds: {}\n",
            reports.len(),
            bad_kinds.len(),
            bad_kinds
                .iter()
                .map(|(k, n)| format!("{k} ({n})"))
                .collect::<Vec<_>>()
                .join("; ")
        );
        for r in reports.iter().take(show_n) {
            msg += r;
            msg.push('\n');
        }
    }
    assert!(msg.is_empty(), "{msg}");
    eprintln!("{checked} cases agree");
}
