//! The movement notation against the independent test vectors of
//! `docs/notation-reference.md` section 8, the project's Overboard extensions
//! (docs/notation-reference.md section 5, `docs/variants/overboard.md`) and hand-counted positions.
//!
//! Every test piece is `X`; `Y` is a plain wazir used as friend (`Y`) or
//! enemy (`y`); `K` is a royal king. Square lists in comments are worked out
//! by hand from the notation's definition.

use bigboard::Move;
use bigboard::Position;
use bigboard::betza::parse_movement;
use bigboard::variant::Variant;
use std::collections::BTreeSet;
use std::sync::Arc;

/// `(file, rank)`, 0-based, of a square name such as `d4` or `h16`.
fn coords(name: &str) -> (usize, usize) {
    let file = (name.as_bytes()[0] - b'a') as usize;
    let rank: usize = name[1..].parse().unwrap_or_else(|_| panic!("bad square '{name}'"));
    (file, rank - 1)
}

/// The board field of a position text: `pieces` on a `size` x `size` board.
fn board(size: usize, pieces: &[(&str, char)]) -> String {
    let mut cells = vec![None; size * size];
    for &(sq, c) in pieces {
        let (f, r) = coords(sq);
        cells[r * size + f] = Some(c);
    }
    let mut ranks = Vec::new();
    for r in (0..size).rev() {
        let mut s = String::new();
        let mut gap = 0;
        for cell in &cells[r * size..(r + 1) * size] {
            match cell {
                Some(c) => {
                    if gap > 0 {
                        s += &gap.to_string();
                        gap = 0;
                    }
                    s.push(*c);
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

fn definition(size: usize, moves: &str, setup: &[(&str, char)]) -> String {
    format!(
        "id = \"t\"\nname = \"Test\"\nwidth = {size}\nheight = {size}\nsetup = \"{} w - - 0 1\"\n\
         [[piece]]\nname = \"X\"\ncode = \"X\"\nmoves = '{moves}'\n\
         [[piece]]\nname = \"Y\"\ncode = \"Y\"\nmoves = 'W'\n\
         [[piece]]\nname = \"King\"\ncode = \"K\"\nmoves = 'K'\nroyal = true\n",
        board(size, setup)
    )
}

/// A variant whose piece `X` moves by `moves`; `setup` decides where `i`
/// moves are allowed.
fn variant_with_setup(size: usize, moves: &str, setup: &[(&str, char)]) -> Arc<Variant> {
    bigboard::load(&definition(size, moves, setup)).unwrap_or_else(|e| panic!("'{moves}': {e}"))
}

fn variant(size: usize, moves: &str) -> Arc<Variant> {
    variant_with_setup(size, moves, &[])
}

fn position(v: &Arc<Variant>, pieces: &[(&str, char)], side: char) -> Position {
    let size = v.geometry.width as usize;
    let text = format!("{} {side} - - 0 1", board(size, pieces));
    Position::from_fen(v.clone(), &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves of the piece on `from`.
fn moves_from(v: &Arc<Variant>, pieces: &[(&str, char)], side: char, from: &str) -> Vec<Move> {
    let mut pos = position(v, pieces, side);
    let from = v.geometry.parse_square(from).expect("square");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.retain(|m| m.from == from);
    moves
}

/// The distinct destinations (names, sorted) of the piece on `from`; a pass
/// shows as `from` itself.
fn dests(v: &Arc<Variant>, pieces: &[(&str, char)], side: char, from: &str) -> Vec<String> {
    let set: BTreeSet<String> = moves_from(v, pieces, side, from)
        .iter()
        .map(|m| v.geometry.name(m.to).to_string())
        .collect();
    set.into_iter().collect()
}

#[track_caller]
fn assert_dests(v: &Arc<Variant>, pieces: &[(&str, char)], side: char, from: &str, want: &[&str]) {
    let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(
        dests(v, pieces, side, from),
        want,
        "{pieces:?}, {side} to move, piece on {from}"
    );
}

/// (moves, attacks) of a White `X` alone on `origin`, the origin never
/// counted: moves = distinct destinations on the empty board; attacks =
/// squares `t` where a lone Black piece on `t` can be taken.
fn counts(v: &Arc<Variant>, origin: &str) -> (usize, usize) {
    let mut moves = dests(v, &[(origin, 'X')], 'w', origin);
    moves.retain(|s| s != origin);
    let g = v.geometry;
    let attacks = (0..g.len() as u16)
        .map(|t| g.name(t).to_string())
        .filter(|t| t != origin && dests(v, &[(origin, 'X'), (t, 'y')], 'w', origin).contains(t))
        .count();
    (moves.len(), attacks)
}

/// `[moves, attacks]` of an unmoved piece, then of a moved one.
type Cell = [usize; 4];

const fn same(moves: usize, attacks: usize) -> Cell {
    [moves, attacks, moves, attacks]
}

const fn init(moves: usize, attacks: usize, moved: usize, moved_attacks: usize) -> Cell {
    [moves, attacks, moved, moved_attacks]
}

/// docs/notation-reference.md section 8, ID column: (string, d4 on 8x8, h8 on 16x16).
/// Every row the engine supports except `fNsbK` (see
/// `charging_knight_reads_sb_as_three_directions`).
const TABLE: &[(&str, Cell, Cell)] = &[
    ("K", same(8, 8), same(8, 8)),
    ("Q", same(27, 27), same(59, 59)),
    ("R", same(14, 14), same(30, 30)),
    ("B", same(13, 13), same(29, 29)),
    ("N", same(8, 8), same(8, 8)),
    ("NN", same(12, 12), same(28, 28)),
    // The Chu lion: locust captures on the way (pass and igui not counted).
    ("KNADcaKmcabK", same(24, 24), same(24, 24)),
    ("R4", same(14, 14), same(16, 16)),
    ("B4R4AND", same(35, 35), same(40, 40)),
    ("BRAND", same(35, 35), same(67, 67)),
    ("KNAD", same(24, 24), same(24, 24)),
    ("FAWND", same(24, 24), same(24, 24)),
    ("WFA", same(12, 12), same(12, 12)),
    ("FD", same(8, 8), same(8, 8)),
    ("HFD", same(12, 12), same(12, 12)),
    ("NCZ", same(24, 24), same(24, 24)),
    ("AG", same(8, 8), same(8, 8)),
    ("DH", same(8, 8), same(8, 8)),
    ("KNCZAGDH", same(48, 48), same(48, 48)),
    ("BN", same(21, 21), same(37, 37)),
    ("RN", same(22, 22), same(38, 38)),
    ("(1,4)", same(4, 4), same(8, 8)),
    ("(5,5)(1,7)", same(0, 0), same(12, 12)),
    ("fN", same(2, 2), same(2, 2)),
    ("ffN", same(2, 2), same(2, 2)),
    ("fsN", same(2, 2), same(2, 2)),
    ("fhN", same(4, 4), same(4, 4)),
    ("hrN", same(4, 4), same(4, 4)),
    ("FvN", same(8, 8), same(8, 8)),
    ("ffNbsN", same(4, 4), same(4, 4)),
    ("fsNbbN", same(4, 4), same(4, 4)),
    ("fK", same(1, 1), same(1, 1)),
    ("ffsK", same(3, 3), same(3, 3)),
    ("fQ", same(4, 4), same(8, 8)),
    ("fNbQ", same(5, 5), same(9, 9)),
    ("fsRbK", same(12, 12), same(24, 24)),
    ("fmWfcF", same(1, 2), same(1, 2)),
    ("fmWfcFifmnD", init(2, 2, 1, 2), init(2, 2, 1, 2)),
    ("ifmR6fmWfcF", init(4, 2, 1, 2), init(6, 2, 1, 2)),
    ("mfFcfWifmnA", init(4, 1, 2, 1), init(4, 1, 2, 1)),
    ("fB4fsW", same(10, 10), same(11, 11)),
    ("fmWfcFmfnNmfsnN", same(5, 2), same(5, 2)),
    ("fafsmWlafrmWraflmWmfWcfF", same(5, 2), same(5, 2)),
    ("nN", same(8, 8), same(8, 8)),
    ("afsW", same(8, 8), same(8, 8)),
    ("WmafsW", same(12, 12), same(12, 12)),
    ("mRcpR", same(14, 0), same(30, 0)),
    ("gQ", same(0, 0), same(0, 0)),
    ("mKpafK", same(8, 0), same(8, 0)),
    ("jB", same(9, 9), same(25, 25)),
    ("jR", same(10, 10), same(26, 26)),
    ("jQ", same(19, 19), same(51, 51)),
    ("[W-R]", same(10, 10), same(26, 26)),
    ("FyafsF", same(24, 24), same(56, 56)),
    ("[F?R]", same(24, 24), same(56, 56)),
    ("[F-R]", same(20, 20), same(52, 52)),
    ("WyafsW", same(24, 24), same(56, 56)),
    ("FmafFmasF", same(12, 12), same(12, 12)),
    ("[F?fF][F?sF]", same(12, 12), same(12, 12)),
    ("WmafWmasW", same(12, 12), same(12, 12)),
    ("KmafsK", same(16, 16), same(16, 16)),
    ("masR", same(49, 49), same(225, 225)),
    ("WfafyafcW", same(4, 6), same(4, 10)),
    ("qN", same(14, 14), same(32, 32)),
    // The table says 12 on h8, a slip: by hand h10 h12 h14 h16, h6 h4 h2,
    // j8 l8 n8 p8, f8 d8 b8 = 14 (d4: d6 d8 d2 f4 h4 b4 = 6, as tabled).
    ("DD", same(6, 6), same(14, 14)),
];

/// Counts of `moves` on d4 (8x8) and h8 (16x16): unmoved = the setup has
/// `X` on the origin; moved = the setup had it on a1.
fn table_counts(moves: &str) -> (Cell, Cell) {
    let cell = |size: usize, origin: &str| {
        let (m0, a0) = counts(&variant_with_setup(size, moves, &[(origin, 'X')]), origin);
        let (m1, a1) = counts(&variant_with_setup(size, moves, &[("a1", 'X')]), origin);
        [m0, a0, m1, a1]
    };
    (cell(8, "d4"), cell(16, "h8"))
}

#[test]
fn section_8_table() {
    let mut failures = Vec::new();
    for &(moves, d4, h8) in TABLE {
        let got = table_counts(moves);
        if got != (d4, h8) {
            failures.push(format!("'{moves}': want {:?}, got {got:?}", (d4, h8)));
        }
    }
    assert!(
        failures.is_empty(),
        "[unmoved m/a, moved m/a] (d4, h8):\n{}",
        failures.join("\n")
    );
}

/// docs/notation-reference.md section 8 `fNsbK` = 5/5 on both boards; sections 6 and 7 read
/// `sbK` as l, r, b (XBoard's parser pairs a direction token only when it
/// starts with f, b, l or r), not as the two backward diagonals: c6 e6 c4
/// e4 d3 (5), not c6 e6 c3 e3 (4).
#[test]
fn charging_knight_reads_sb_as_three_directions() {
    assert_eq!(table_counts("fNsbK"), (same(5, 5), same(5, 5)));
    let v = variant(8, "fNsbK");
    assert_dests(&v, &[("d4", 'X')], 'w', "d4", &["c6", "e6", "c4", "e4", "d3"]);
}

/// Section 8 rows the engine does not support: crooked `z` on a leaper (`afafsKafsafzfK`) and `q` inside brackets (the
/// Hearts). Each is a clean error naming the letter.
#[test]
fn unsupported_rows_are_clean_errors() {
    let rows = [
        ("afafsKafsafzfK", 11, "crooked"),
        ("[F?fF?sF?qF]", 9, "'q'"),
        ("[F?sF?qF?fF]", 6, "'q'"),
    ];
    for (moves, position, word) in rows {
        let e = parse_movement(moves).expect_err(moves);
        assert_eq!(e.position, position, "'{moves}': {e}");
        assert!(e.message.contains(word), "'{moves}': {e}");
        assert!(
            e.to_string().starts_with(&format!("at character {}: ", position + 1)),
            "{e}"
        );
        let defn = bigboard::load(&definition(8, moves, &[])).expect_err(moves);
        assert!(defn.to_string().contains("piece[0].moves"), "'{moves}': {defn}");
    }
}

/// Strings the notation's documentation rejects, which once were read with
/// a meaning of their own (`nK` moved as `K`; `qR` as a circular wazir;
/// `{fly}{far}R` as `{far}R`; `yW` as `W`): each is an error at the letter
/// or tag at fault, with the reason.
#[test]
fn letters_without_a_documented_meaning_are_errors() {
    let rows = [
        ("nK", 0, "'n'"),
        ("nW", 0, "'n'"),
        ("fnF", 1, "'n'"),
        ("fmWnR", 3, "'n'"),
        ("nNN", 0, "rider"),
        ("qR", 0, "'q'"),
        ("qW", 0, "'q'"),
        ("qD", 0, "'q'"),
        ("mqK", 1, "'q'"),
        ("{fly}{far}R", 5, "second tag"),
        ("f{near}{near}R", 7, "second tag"),
        ("yW", 0, "'y'"),
        ("KyR", 1, "'y'"),
        ("FyafsFyK", 6, "'y'"),
        ("[W?yR]", 3, "'y'"),
    ];
    for (moves, position, word) in rows {
        let e = parse_movement(moves).expect_err(moves);
        assert_eq!(e.position, position, "'{moves}': {e}");
        assert!(e.message.contains(word), "'{moves}': {e}");
        let defn = bigboard::load(&definition(8, moves, &[])).expect_err(moves);
        assert!(
            defn.to_string()
                .contains(&format!("piece[0].moves: '{moves}' at character {}", position + 1)),
            "'{moves}': {defn}"
        );
    }
    // Their documented neighbours still read.
    for moves in [
        "nN", "nD", "nA", "mfnN", "qN", "qNN", "qN7", "q(1,4)", "{far}R", "FyafsF", "[yW?R]",
    ] {
        assert!(parse_movement(moves).is_ok(), "{moves}");
    }
}

/// Strings NOTATION.md lists as errors that were once read with a part
/// dropped (`{withdraw}aW` as `{withdraw}W`, `o[W-R]` as `[W-R]`) or
/// given a meaning of their own (`azR`, `a{bounce}B`): each is an error
/// at the character at fault.
#[test]
fn parts_the_notation_refuses_are_errors_at_their_character() {
    let rows = [
        ("{withdraw}aW", 10, "capture mechanism"),
        ("{coord}aQ", 7, "capture mechanism"),
        ("f{shoot}aWaR", 8, "capture mechanism"),
        ("o[W-R]", 0, "bracket"),
        ("io[W-R]", 1, "bracket"),
        ("d[W-R]", 0, "bracket"),
        ("z[W-R]", 0, "bracket"),
        ("a[W-R]", 0, "bracket"),
        ("azR", 1, "a-chain"),
        ("WazR", 2, "a-chain"),
        ("a{zig 1,1}R", 1, "a-chain"),
        ("a{bounce}B", 1, "a-chain"),
        ("Wa{bounce}B", 2, "a-chain"),
    ];
    for (moves, position, word) in rows {
        let e = parse_movement(moves).expect_err(moves);
        assert_eq!(e.position, position, "'{moves}': {e}");
        assert!(e.message.contains(word), "'{moves}': {e}");
        let defn = bigboard::load(&definition(8, moves, &[])).expect_err(moves);
        assert!(
            defn.to_string()
                .contains(&format!("piece[0].moves: '{moves}' at character {}", position + 1)),
            "'{moves}': {defn}"
        );
    }
    // Their documented neighbours still read.
    for moves in [
        "aW",
        "{withdraw}W",
        "{coord}Q",
        "f{shoot}W",
        "[W-R]",
        "i[W-R]",
        "{chain}[W-R]",
        "oQ",
        "zR",
        "{zig 1,1}R",
        "{bounce}B",
        "W[W-fs{bounce}B]",
        "W[W-fs{zig}B]",
    ] {
        assert!(parse_movement(moves).is_ok(), "{moves}");
    }
}

/// Overboard pieces on d4 of the empty 8x8 board: (string, moves, attacks).
/// Moves per docs/notation-reference.md section 5; attacks by hand: {near} attacks where it
/// moves, {far} like the plain slider, {fly} like the plain slider.
const OVERBOARD: &[(&str, usize, usize)] = &[
    ("f{near}R", 1, 1), // Guard Pawn: d5
    ("{near}B", 4, 4),  // Chipmunk: c3 e3 c5 e5
    ("{near}R", 4, 4),  // Guard: d3 c4 e4 d5
    ("{near}Q", 8, 8),  // Monkey
    ("f{far}B", 2, 7),  // Courier Pawn: a7 h8; attacks c5 b6 a7 e5 f6 g7 h8
    ("{far}B", 4, 13),  // Courier: a1 g1 a7 h8
    ("{far}R", 4, 14),  // Hare: d1 a4 h4 d8
    ("{far}Q", 8, 27),  // Elephant: the 8 edge squares
    ("{fly}B", 13, 13), // = B
    ("{fly}R", 14, 14), // = R
    ("{fly}Q", 27, 27), // = Q
    ("[D?B]", 16, 16),  // Osprey, listed in overboard_leap_then_slide
    ("[A?R]", 16, 16),  // Condor
    ("[N?B]", 20, 20),  // Unicorn
    ("[N?R]", 20, 20),  // Pegasus
];

#[test]
fn overboard_empty_board_counts() {
    for &(moves, m, a) in OVERBOARD {
        assert_eq!(counts(&variant(8, moves), "d4"), (m, a), "'{moves}'");
    }
}

#[test]
fn overboard_leap_then_slide() {
    let alone = [("d4", 'X')];
    // Osprey: D to d6 (slides e7 f8, c7 b8), d2 (e1, c1), f4 (g5 h6, g3 h2),
    // b4 (a5, a3).
    let osprey = [
        "d6", "e7", "f8", "c7", "b8", "d2", "e1", "c1", "f4", "g5", "h6", "g3", "h2", "b4", "a5", "a3",
    ];
    assert_dests(&variant(8, "[D?B]"), &alone, 'w', "d4", &osprey);
    // Condor: A to f6 (g6 h6, f7 f8), b6 (a6, b7 b8), f2 (g2 h2, f1), b2 (a2, b1).
    let condor = [
        "f6", "g6", "h6", "f7", "f8", "b6", "a6", "b7", "b8", "f2", "g2", "h2", "f1", "b2", "a2", "b1",
    ];
    assert_dests(&variant(8, "[A?R]"), &alone, 'w', "d4", &condor);
    // Unicorn: after (a,b) along (sign a, sign b): e6 f7 g8, c6 b7 a8,
    // f5 g6 h7, b5 a6, f3 g2 h1, b3 a2, e2 f1, c2 b1.
    let unicorn = [
        "e6", "f7", "g8", "c6", "b7", "a8", "f5", "g6", "h7", "b5", "a6", "f3", "g2", "h1", "b3", "a2", "e2", "f1",
        "c2", "b1",
    ];
    assert_dests(&variant(8, "[N?B]"), &alone, 'w', "d4", &unicorn);
    // Pegasus: along the long leg: e6 e7 e8, c6 c7 c8, f5 g5 h5, b5 a5,
    // f3 g3 h3, b3 a3, e2 e1, c2 c1.
    let pegasus = [
        "e6", "e7", "e8", "c6", "c7", "c8", "f5", "g5", "h5", "b5", "a5", "f3", "g3", "h3", "b3", "a3", "e2", "e1",
        "c2", "c1",
    ];
    assert_dests(&variant(8, "[N?R]"), &alone, 'w', "d4", &pegasus);
    // The leap jumps (d5 friend ignored); an enemy on the landing square
    // ends the move (f5 taken, g6 h7 gone); a friend there removes the
    // branch (c6 b7 a8 gone); an enemy on the slide is taken (f1 via e2).
    let pieces = [
        ("d4", 'X'),
        ("d5", 'Y'),
        ("e5", 'Y'),
        ("f5", 'y'),
        ("c6", 'Y'),
        ("f1", 'y'),
    ];
    let want = [
        "e6", "f7", "g8", "f5", "b5", "a6", "f3", "g2", "h1", "b3", "a2", "e2", "f1", "c2", "b1",
    ];
    assert_dests(&variant(8, "[N?B]"), &pieces, 'w', "d4", &want);
}

#[test]
fn nearest_non_friendly() {
    // Guard on d4. Up: friends d5 d6, enemy d7: takes d7. Right: friends to
    // the edge (e4-h4): nothing. Left: c4 empty. Down: d3 enemy.
    let v = variant(8, "{near}R");
    let pieces = [
        ("d4", 'X'),
        ("d5", 'Y'),
        ("d6", 'Y'),
        ("d7", 'y'),
        ("e4", 'Y'),
        ("f4", 'Y'),
        ("g4", 'Y'),
        ("h4", 'Y'),
        ("d3", 'y'),
    ];
    assert_dests(&v, &pieces, 'w', "d4", &["d7", "c4", "d3"]);
    // Chipmunk: e5 friend, f6 empty: f6 (not e5, not g7).
    let v = variant(8, "{near}B");
    assert_dests(&v, &[("d4", 'X'), ("e5", 'Y')], 'w', "d4", &["c3", "e3", "c5", "f6"]);
    // Guard Pawn (docs/variants/overboard.md examples, on 8x8): e5 empty: e5; e5 enemy:
    // e5 even with friends behind; e5 e6 friends, e7 enemy: e7; a run of
    // friends to the edge: no move.
    let v = variant(8, "f{near}R");
    assert_dests(&v, &[("e4", 'X')], 'w', "e4", &["e5"]);
    assert_dests(&v, &[("e4", 'X'), ("e5", 'y'), ("e6", 'Y')], 'w', "e4", &["e5"]);
    assert_dests(
        &v,
        &[("e4", 'X'), ("e5", 'Y'), ("e6", 'Y'), ("e7", 'y')],
        'w',
        "e4",
        &["e7"],
    );
    let wall = [("e4", 'X'), ("e5", 'Y'), ("e6", 'Y'), ("e7", 'Y'), ("e8", 'Y')];
    assert_dests(&v, &wall, 'w', "e4", &[]);
    // It attacks the square it would take: a king behind two friends.
    let pos = position(&v, &[("e4", 'X'), ("e5", 'Y'), ("e6", 'Y'), ("e7", 'k')], 'b');
    assert!(pos.is_attacked(v.geometry.parse_square("e7").unwrap(), 0));
    // Black's Guard Pawn goes down the board over its own men.
    assert_dests(&v, &[("e5", 'x'), ("e4", 'y'), ("e3", 'Y')], 'b', "e5", &["e3"]);
}

#[test]
fn as_far_as_possible() {
    // Courier on d4. Up-right: e5 f6 empty, g7 friend: f6. Up-left: c5
    // empty, b6 enemy: b6 (never c5). Down-right: e3 f2 g1 empty: g1 (the
    // edge). Down-left: c3 friend: nothing.
    let v = variant(8, "{far}B");
    let pieces = [("d4", 'X'), ("g7", 'Y'), ("b6", 'y'), ("c3", 'Y')];
    assert_dests(&v, &pieces, 'w', "d4", &["f6", "b6", "g1"]);
    // Courier Pawn: friend on f6 stops it on e5; the other way runs to a7.
    let v = variant(8, "f{far}B");
    assert_dests(&v, &[("d4", 'X'), ("f6", 'Y')], 'w', "d4", &["e5", "a7"]);
    // Hare: first square own (d5) or off board: no move that way.
    let v = variant(8, "{far}R");
    assert_dests(&v, &[("d1", 'X'), ("d2", 'Y'), ("c1", 'y')], 'w', "d1", &["c1", "h1"]);
    // It attacks like a rook along an open line.
    let pos = position(&v, &[("d1", 'X'), ("d6", 'k')], 'b');
    assert!(pos.is_attacked(v.geometry.parse_square("d6").unwrap(), 0));
}

#[test]
fn flying_slider() {
    // Flying Rook on d4. Up: d5 friend, d6 empty, d7 friend, d8 enemy: d6
    // and d8. Right: e4 enemy: e4 only. Left: c4 b4 a4. Down: friends to
    // the edge: nothing.
    let v = variant(8, "{fly}R");
    let pieces = [
        ("d4", 'X'),
        ("d5", 'Y'),
        ("d7", 'Y'),
        ("d8", 'y'),
        ("e4", 'y'),
        ("d3", 'Y'),
        ("d2", 'Y'),
        ("d1", 'Y'),
    ];
    assert_dests(&v, &pieces, 'w', "d4", &["d6", "d8", "e4", "c4", "b4", "a4"]);
    // It gives check through its own men, not through an enemy.
    let d8 = v.geometry.parse_square("d8").unwrap();
    let through_friends = position(&v, &[("d4", 'X'), ("d5", 'Y'), ("d6", 'Y'), ("d8", 'k')], 'b');
    assert!(through_friends.is_attacked(d8, 0));
    assert!(through_friends.in_check());
    let behind_enemy = position(&v, &[("d4", 'X'), ("d5", 'Y'), ("d6", 'y'), ("d8", 'k')], 'b');
    assert!(!behind_enemy.is_attacked(d8, 0));
    // A plain rook is blocked by the same friends.
    let r = variant(8, "R");
    assert!(!position(&r, &[("d4", 'X'), ("d5", 'Y'), ("d6", 'Y'), ("d8", 'k')], 'b').is_attacked(d8, 0));
}

#[test]
fn ski_slider() {
    // Ski-Bishop on d4 never stops on (or takes on) its first square and
    // jumps whatever is there: e5 friend: f6 g7 h8; c5 enemy: b6 a7; c3
    // empty: b2 a1; e3 empty, f2 enemy: f2 (g1 blocked).
    let v = variant(8, "jB");
    let pieces = [("d4", 'X'), ("e5", 'Y'), ("c5", 'y'), ("f2", 'y')];
    assert_dests(
        &v,
        &pieces,
        'w',
        "d4",
        &["f6", "g7", "h8", "b6", "a7", "b2", "a1", "f2"],
    );
}

/// Pieces on their squares, as written in a test.
type Pieces = [(&'static str, char)];

#[test]
fn black_turns_180_degrees() {
    // Shatranj pawn for Black on d5: moves d4, takes c4 (its forward
    // diagonal), not e6.
    let v = variant(8, "fmWfcF");
    assert_dests(&v, &[("d5", 'x'), ("c4", 'Y'), ("e6", 'Y')], 'b', "d5", &["d4", "c4"]);
    // Xhess Horseman for Black on e5 (White's d4 moves turned): e4, d3 f3
    // (through e4), g4 (through f5), c4 (through d5); takes on d4 f4.
    let strong = variant(8, "fafsmWlafrmWraflmWmfWcfF");
    let lame = variant(8, "fmWfcFmfnNmfsnN");
    let cases: [(&Pieces, &[&str]); 3] = [
        (&[("e5", 'x')], &["e4", "d3", "f3", "g4", "c4"]),
        (
            &[("e5", 'x'), ("d4", 'Y'), ("f4", 'Y')],
            &["e4", "d3", "f3", "g4", "c4", "d4", "f4"],
        ),
        // e4 occupied: no e4 (move-only), d3 f3 blocked; f5 friend: no g4.
        (&[("e5", 'x'), ("e4", 'Y'), ("f5", 'y')], &["c4"]),
    ];
    for (pieces, want) in cases {
        assert_dests(&strong, pieces, 'b', "e5", want);
        assert_dests(&lame, pieces, 'b', "e5", want);
    }
}

#[test]
fn lame_knight() {
    let v = variant(8, "nN");
    let all = ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"];
    assert_dests(&v, &[("d4", 'X')], 'w', "d4", &all);
    // A diagonal neighbour does not block.
    assert_dests(&v, &[("d4", 'X'), ("e5", 'Y')], 'w', "d4", &all);
    // d5 (either colour) blocks c6 and e6, also for a capture on e6.
    let rest = ["b3", "b5", "c2", "e2", "f3", "f5"];
    assert_dests(&v, &[("d4", 'X'), ("d5", 'Y'), ("e6", 'y')], 'w', "d4", &rest);
    assert_dests(&v, &[("d4", 'X'), ("d5", 'y')], 'w', "d4", &rest);
}

#[test]
fn cannon() {
    // Up: d5 move; d6 friend screen, d7 empty (no move), d8 enemy taken.
    // Right: e4 f4 g4 moves, h4 enemy without screen not taken. Left: c4
    // enemy adjacent not taken, b4 taken over it, a4 behind two screens
    // not. Down: d3 move, d2 screen, d1 friend not taken.
    let v = variant(8, "mRcpR");
    let pieces = [
        ("d4", 'X'),
        ("d6", 'Y'),
        ("d8", 'y'),
        ("h4", 'y'),
        ("c4", 'y'),
        ("b4", 'y'),
        ("a4", 'y'),
        ("d2", 'y'),
        ("d1", 'Y'),
    ];
    assert_dests(&v, &pieces, 'w', "d4", &["d5", "d8", "e4", "f4", "g4", "b4", "d3"]);
}

#[test]
fn grasshopper() {
    // Lands right behind the screen: d6 friend: d7 (not d8); e5 empty, f6
    // screen: takes g7; e4 screen: f4; e3, f2 screen: g1; b4 screen with a
    // friend on a4: nothing; open lines: nothing.
    let v = variant(8, "gQ");
    let pieces = [
        ("d4", 'X'),
        ("d6", 'Y'),
        ("f6", 'y'),
        ("g7", 'y'),
        ("e4", 'y'),
        ("f2", 'y'),
        ("b4", 'Y'),
        ("a4", 'Y'),
    ];
    assert_dests(&v, &pieces, 'w', "d4", &["d7", "g7", "f4", "g1"]);
}

/// Is there a full-circle pass (a move back to `from`)?
fn has_pass(v: &Arc<Variant>, pieces: &[(&str, char)], from: &str) -> bool {
    dests(v, pieces, 'w', from).iter().any(|s| s == from)
}

#[test]
fn rose_full_circle() {
    // Every Rose circle traces the same octagon; from d1 on 8x8 only the one
    // with d1 at its bottom fits: d1 f2 g4 f6 d7 b6 a4 b2 (both senses).
    let v = variant(8, "qN");
    assert!(has_pass(&v, &[("d1", 'X')], "d1"));
    assert!(!has_pass(&v, &[("d1", 'X'), ("g4", 'Y')], "d1"));
    assert!(!has_pass(&v, &[("d1", 'X'), ("d7", 'y')], "d1"));
    // Seven leaps at most: no pass.
    assert!(!has_pass(&variant(8, "qN7"), &[("d1", 'X')], "d1"));
    // On 16x16 all circles through h8 fit; 32 other squares (docs/notation-reference.md §8).
    let big = variant(16, "qN");
    assert!(has_pass(&big, &[("h8", 'X')], "h8"));
    assert!(!has_pass(&variant(16, "qN7"), &[("h8", 'X')], "h8"));
    assert_eq!(dests(&big, &[("h8", 'X')], 'w', "h8").len(), 32 + 1);
}

#[test]
fn two_paths_count_once() {
    // (string, size, origin, distinct destinations incl. a pass): Titan and
    // Prince from docs/notation-reference.md §8; the Rose on 16x16 = 32 + the pass.
    for (moves, size, origin, n) in [
        ("FmafFmasF", 8, "d4", 12),
        ("KmafsK", 8, "d4", 16),
        ("qN", 16, "h8", 33),
    ] {
        let v = variant(size, moves);
        let list = moves_from(&v, &[(origin, 'X')], 'w', origin);
        let distinct: BTreeSet<(u16, u16)> = list.iter().map(|m| (m.from, m.to)).collect();
        assert_eq!(distinct.len(), n, "'{moves}'");
        assert_eq!(list.len(), n, "'{moves}': a square listed twice");
    }
    // Titan with friends on c5 e5: d6 b6 f6 lose both paths, b4 f4 keep one
    // (via c3, e3): c3 e3 b2 f2 d2 b4 f4.
    let v = variant(8, "FmafFmasF");
    let pieces = [("d4", 'X'), ("c5", 'Y'), ("e5", 'Y')];
    assert_dests(&v, &pieces, 'w', "d4", &["c3", "e3", "b2", "f2", "d2", "b4", "f4"]);
    // Prince with friends on d5 e5: e6 needs d5 or e5 (gone); c6 via c5,
    // f5 via e4: the other six king squares and seven knight squares.
    let v = variant(8, "KmafsK");
    let pieces = [("d4", 'X'), ("d5", 'Y'), ("e5", 'Y')];
    let want = [
        "c3", "d3", "e3", "c4", "e4", "c5", "c6", "f5", "f3", "e2", "c2", "b3", "b5",
    ];
    assert_dests(&v, &pieces, 'w', "d4", &want);
}

/// `o`: files wrap round, ranks do not, and a ray stops before it would
/// re-enter its start. Counts from the UC-170-17 readings (Cylindrical
/// Queen, Rook, Bishop), destinations by hand.
#[test]
fn cylinder_files_wrap_round() {
    let b = variant(8, "oB");
    // a1: b2..h8, and h2 g3 f4 e5 d6 c7 b8 across the edge (e5 twice).
    assert_dests(
        &b,
        &[("a1", 'X')],
        'w',
        "a1",
        &[
            "b2", "c3", "d4", "e5", "f6", "g7", "h8", "h2", "g3", "f4", "d6", "c7", "b8",
        ],
    );
    assert_eq!(counts(&b, "b4"), (13, 13));
    // docs/notation-reference.md section 8: `oB` is a bishop's 13 on d4 of 8 x 8, 29 on h8
    // of 16 x 16 (no ray reaches the edge before the board's corner rank).
    assert_eq!(counts(&b, "d4"), (13, 13));
    assert_eq!(dests(&variant(16, "oB"), &[("h8", 'X')], 'w', "h8").len(), 29);
    // A friend on b1: the rook goes round the other way to c1.
    let r = variant(8, "oR");
    let mut want = vec!["a2", "a3", "a4", "a5", "a6", "a7", "a8"];
    want.extend(["h1", "g1", "f1", "e1", "d1", "c1"]);
    assert_dests(&r, &[("a1", 'X'), ("b1", 'Y')], 'w', "a1", &want);
    assert_eq!(counts(&variant(8, "oQ"), "a1"), (27, 27));
    assert_dests(&variant(8, "oN"), &[("a1", 'X')], 'w', "a1", &["b3", "c2", "h3", "g2"]);
    // An enemy king on h4 is in check from a rook on a4 across the edge.
    let v = variant(8, "oR");
    let pos = position(&v, &[("a4", 'X'), ("h4", 'k'), ("e1", 'K')], 'b');
    assert!(pos.in_check());
}

#[test]
fn cylinder_is_refused_where_it_has_no_meaning() {
    for bad in ["oafsW", "o{far}R", "oqN"] {
        assert!(parse_movement(bad).is_err(), "{bad}");
    }
}

/// `{half}`: at most ceil(n / 2) squares each way, n = squares to the edge
/// that way (the UC readings' Half Queen, Rook and Bishop).
#[test]
fn halflings_go_half_way_to_the_edge() {
    for (moves, origin, want) in [
        ("{half}Q", "d4", 16),
        ("{half}Q", "a1", 12),
        ("{half}R", "d4", 8),
        ("{half}R", "a1", 8),
        ("{half}B", "d4", 8),
        ("{half}B", "a1", 4),
    ] {
        assert_eq!(counts(&variant(8, moves), origin), (want, want), "{moves} on {origin}");
    }
    // The farthest squares of a Half Rook on a1 are a5 and e1; otherwise
    // a plain slide: blocked by its own man, capturing the first enemy.
    let r = variant(8, "{half}R");
    assert_dests(
        &r,
        &[("a1", 'X'), ("a3", 'Y'), ("c1", 'y')],
        'w',
        "a1",
        &["a2", "b1", "c1"],
    );
    assert!(parse_movement("{half}N").is_err());
    assert!(parse_movement("{half}{near}R").is_err());
}

/// `{bounce}`: a Reflecting Bishop (UC readings row 31: d4 19, a1 7,
/// b4 23). From d4 its north-west ray runs c5 b6 a7, turns on the a-file to
/// b8, turns on the eighth rank to c7 d6 e5 f4 g3 h2, turns to g1, then f2
/// e3 and stops before d4; south-west it ends in the corner a1.
#[test]
fn reflecting_sliders_bounce_off_the_sides() {
    let b = variant(8, "{bounce}B");
    for (origin, want) in [("d4", 19), ("a1", 7), ("b4", 23)] {
        assert_eq!(counts(&b, origin), (want, want), "{origin}");
    }
    assert_dests(
        &b,
        &[("d4", 'X')],
        'w',
        "d4",
        &[
            "e5", "f6", "g7", "h8", "c5", "b6", "a7", "b8", "c7", "d6", "f4", "g3", "h2", "g1", "f2", "e3", "c3", "b2",
            "a1",
        ],
    );
    // After a bounce it is blocked and captures like any slider: an own
    // man on b8 stops the north-west path at a7; the south-east path
    // (e3 f2 g1, bounce) takes an enemy on h2 and ends there; c7 d6 f4 g3,
    // which only those paths reached, are out of reach.
    let with_men = dests(&b, &[("d4", 'X'), ("b8", 'Y'), ("h2", 'y')], 'w', "d4");
    for sq in ["a7", "g1", "h2"] {
        assert!(with_men.contains(&sq.to_string()), "{sq}: {with_men:?}");
    }
    for sq in ["b8", "c7", "d6", "f4", "g3"] {
        assert!(!with_men.contains(&sq.to_string()), "{sq}: {with_men:?}");
    }
}

/// Crooked riders (`z`, `{zig X,Y}`): leaps alternating between two images
/// of the atom that add up to an image of (X, Y). Counts from the UC
/// readings (rows 26-30, 127-131) on d4 of 8 x 8.
#[test]
fn crooked_riders_zigzag() {
    for (moves, want) in [
        ("zB", 18),
        ("{zig 0,2}B", 18),
        ("zR", 37),
        ("{zig 1,1}R", 37),
        ("{zig 1,1}NN", 27),
        ("{zig 0,2}NN", 22),
        ("{zig 3,1}NN", 20),
        ("{zig 3,3}NN", 12),
        ("{zig 0,4}NN", 10),
        // A later bracket leg: a W step, then a crooked bishop or a
        // reflecting bishop starting 45 degrees outward.
        ("W[W-fs{zig}B]", 28),
        ("W[W-fs{bounce}B]", 28),
    ] {
        assert_eq!(counts(&variant(8, moves), "d4").0, want, "{moves}");
    }
    // From b1 the crooked bishop reaches a8 by a2 b3 a4 b5 a6 b7; an own
    // man on a4 cuts that path there.
    let b = variant(8, "zB");
    assert!(dests(&b, &[("b1", 'X')], 'w', "b1").contains(&"a8".to_string()));
    let cut = dests(&b, &[("b1", 'X'), ("a4", 'Y')], 'w', "b1");
    assert!(cut.contains(&"b3".to_string()) && !cut.contains(&"a8".to_string()));
    for bad in ["zN", "zW", "pzR", "{zig 5,5}B", "{zig x}B", "{zig 0,2}{far}B"] {
        assert!(parse_movement(bad).is_err(), "{bad}");
    }
}

/// Range `=` on a later leg: exactly as many steps as the leg before (UC
/// readings rows 20-21: the Sissa, n rook steps then n bishop steps turning
/// 45 or 135 degrees, or the other way round, 26 from d4; the Squeen, Queen
/// or Sissa, 39).
#[test]
fn a_later_leg_may_take_as_many_steps_as_the_one_before() {
    let sissa = "[R-fsbsB=][B-fsbsR=]";
    assert_eq!(counts(&variant(8, sissa), "d4").0, 26);
    assert_eq!(counts(&variant(8, &format!("Q{sissa}")), "d4").0, 39);
    // Two steps up to d6, then exactly two diagonal steps: b8 and f8 (the
    // squares one step away, c7 and e7, are passed, not reached); a man on
    // d5 blocks that branch, and one on c7 blocks b8 alone.
    let v = variant(8, "[fR-fsB=]");
    assert_dests(&v, &[("d4", 'X')], 'w', "d4", &["c6", "e6", "b8", "f8"]);
    assert_dests(&v, &[("d4", 'X'), ("d5", 'Y')], 'w', "d4", &[]);
    assert_dests(&v, &[("d4", 'X'), ("c7", 'Y')], 'w', "d4", &["c6", "e6", "f8"]);
    for bad in ["[B=]", "R=", "[R-N=]"] {
        assert!(parse_movement(bad).is_err(), "{bad}");
    }
}

/// The squares `(file, rank)` of `origin` plus one of `atoms`, all eight
/// images of each, on an 8 x 8 board.
fn leaps(origin: (i32, i32), atoms: &[(i32, i32)]) -> BTreeSet<(i32, i32)> {
    let mut out = BTreeSet::new();
    for &(x, y) in atoms {
        for (a, b) in [(x, y), (y, x)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (f, r) = (origin.0 + a * sa, origin.1 + b * sb);
                if (0..8).contains(&f) && (0..8).contains(&r) {
                    out.insert((f, r));
                }
            }
        }
    }
    out
}

/// The names of squares `(file, rank)`, sorted as [`dests`] gives them.
fn names(squares: &BTreeSet<(i32, i32)>) -> Vec<String> {
    let set: BTreeSet<String> = squares
        .iter()
        .map(|&(f, r)| format!("{}{}", (b'a' + f as u8) as char, r + 1))
        .collect();
    set.into_iter().collect()
}

/// `{abs}` on a later bracket leg: its directions are absolute, like a
/// first leg's (any atom, oblique too), and it never lands on the start
/// square. The expected squares come from plain geometry: one leap of the
/// first atoms, or one of them then one of the second atoms anywhere but
/// back on d4.
#[test]
fn an_absolute_leg_goes_every_way_whatever_came_before() {
    let (n, w, f) = ((1, 2), (0, 1), (1, 1));
    for (moves, first, second, want) in [
        ("NW[N-{abs}N][N-{abs}W][W-{abs}N][W-{abs}W]", [n, w], [n, w], 42),
        ("NF[N-{abs}N][N-{abs}F][F-{abs}N][F-{abs}F]", [n, f], [n, f], 54),
    ] {
        let d4 = (3, 3);
        let mut expected = leaps(d4, &first);
        for mid in leaps(d4, &first) {
            expected.extend(leaps(mid, &second));
        }
        expected.remove(&d4);
        assert_eq!(expected.len(), want, "{moves}: the geometry");
        let names = names(&expected);
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        assert_dests(&variant(8, moves), &[("d4", 'X')], 'w', "d4", &names);
    }
    // The middle square must be empty: with own men on c6 and e6 (two of
    // the knight squares), `[N-{abs}N]` reaches the knight squares of the
    // six other middle squares, but not d4 nor the two friends.
    let v = variant(8, "[N-{abs}N]");
    let mut expected = BTreeSet::new();
    for mid in leaps((3, 3), &[n]) {
        if mid != (2, 5) && mid != (4, 5) {
            expected.extend(leaps(mid, &[n]));
        }
    }
    for sq in [(3, 3), (2, 5), (4, 5)] {
        expected.remove(&sq);
    }
    let cut = dests(&v, &[("d4", 'X'), ("c6", 'Y'), ("e6", 'Y')], 'w', "d4");
    assert_eq!(cut, names(&expected));
    // d8 and b8 are reached only by way of c6 (or e6).
    assert!(!cut.contains(&"d8".to_string()) && !cut.contains(&"b8".to_string()));
    // Black reads its absolute directions turned 180°, as a first leg.
    let v = variant(8, "[fW-{abs}fW]");
    assert_dests(&v, &[("d4", 'X')], 'w', "d4", &["d6"]);
    assert_dests(&v, &[("d4", 'x'), ("h8", 'K')], 'b', "d4", &["d2"]);
    for bad in ["{abs}N", "[{abs}N-N]", "q{abs}N", "Wa{abs}W", "[W-{abs}{abs}]"] {
        assert!(parse_movement(bad).is_err(), "{bad}");
    }
    let e = parse_movement("[{abs}N-N]").unwrap_err();
    assert_eq!(e.position, 1);
    assert!(e.message.contains("first leg"), "{e}");
}

/// `{mill}K`, the windmill: round an adjacent occupied pivot (friend or
/// enemy), either way, through empty squares; it may stop on any of them
/// or capture the first enemy, a friend ends the way, and it never comes
/// back to its start.
#[test]
fn the_windmill_goes_round_an_adjacent_man() {
    let v = variant(8, "{mill}K");
    assert_dests(&v, &[("d4", 'X')], 'w', "d4", &[]);
    // The pivot d5's ring but d4 (either way round, one move each).
    let ring_d5 = ["c4", "c5", "c6", "d6", "e6", "e5", "e4"];
    assert_dests(&v, &[("d4", 'X'), ("d5", 'Y')], 'w', "d4", &ring_d5);
    assert_dests(&v, &[("d4", 'X'), ("d5", 'y')], 'w', "d4", &ring_d5);
    assert_eq!(moves_from(&v, &[("d4", 'X'), ("d5", 'Y')], 'w', "d4").len(), 7);
    // Friends on d5 and e4: round d5 from c4 to e5 (e4 is a friend);
    // round e4 from d3 to e5 (d5 is a friend): 6 + 6 - 1 (e5 twice).
    let want = ["c4", "c5", "c6", "d6", "e6", "e5", "d3", "e3", "f3", "f4", "f5"];
    assert_dests(&v, &[("d4", 'X'), ("d5", 'Y'), ("e4", 'Y')], 'w', "d4", &want);
    // Enemies on d5 and c5, a friend on e6. Round d5: c4 then c5 taken;
    // e4 e5, then the friend on e6. Round c5: c4 b4 b5 b6 c6 d6, then d5
    // taken; the other way d5 taken at once.
    let pieces = [("d4", 'X'), ("d5", 'y'), ("c5", 'y'), ("e6", 'Y')];
    let want = ["c4", "c5", "e4", "e5", "b4", "b5", "b6", "c6", "d6", "d5"];
    assert_dests(&v, &pieces, 'w', "d4", &want);
    // On the edge the way ends where the ring leaves the board: from a1
    // round b2, a2 a3 b3 c3 c2 c1 b1.
    assert_eq!(dests(&v, &[("a1", 'X'), ("b2", 'Y')], 'w', "a1").len(), 7);
    assert_dests(&v, &[("b1", 'X'), ("a1", 'Y')], 'w', "b1", &["a2", "b2"]);
    // `c` only captures, `m` only moves.
    let c = variant(8, "c{mill}K");
    assert_dests(&c, &pieces, 'w', "d4", &["c5", "d5"]);
    let m = variant(8, "m{mill}K");
    assert_dests(
        &m,
        &pieces,
        'w',
        "d4",
        &["c4", "e4", "e5", "b4", "b5", "b6", "c6", "d6"],
    );
    for bad in [
        "{mill}R",
        "{mill}W",
        "f{mill}K",
        "{mill}aK",
        "[W-{mill}K]",
        "{mill}{far}K",
    ] {
        assert!(parse_movement(bad).is_err(), "{bad}");
    }
    let e = parse_movement("f{mill}K").unwrap_err();
    assert_eq!(e.position, 1);
}
