//! Moves that take men on the way (locust `c` in a middle leg), chains
//! (`{chain}`) and hops over pawns (`{leapfrog}`): their moves, text,
//! play and undo, and the checks they give. Expected lists are worked out
//! by hand from the notation's definition (NOTATION.md) beside each test.

use bigboard::Position;
use bigboard::rules::perft::perft;
use bigboard::variant::Variant;
use std::sync::Arc;

/// Lion `LN`, Frog `FR`, Jumping Pawn `JP`, Pawn `P`, Rook `R`, King `K`.
fn variant() -> Arc<Variant> {
    let text = r#"
id = "special"
name = "Special moves"
width = 8
height = 8
setup = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
[rules]
en_passant = true
[[piece]]
name = "King"
code = "K"
moves = "K"
royal = true
[[piece]]
name = "Lion"
code = "LN"
moves = "KNADcaKmcabK"
[[piece]]
name = "Frog"
code = "FR"
moves = "{chain}ffsscpafmK"
pawn = true
[[piece]]
name = "Jumping Pawn"
code = "JP"
moves = "fsmWfceFifmR3{leapfrog}"
initial_rank = 2
pawn = true
[[piece]]
name = "Pawn"
code = "P"
moves = "fmWfceFifmnD"
initial_rank = 2
pawn = true
[[piece]]
name = "Rook"
code = "R"
moves = "R"
"#;
    bigboard::load(text).unwrap_or_else(|e| panic!("{e}"))
}

fn position(fen: &str) -> Position {
    Position::from_fen(variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of the man on `from`, as sorted move texts.
fn texts_from(pos: &mut Position, from: &str) -> Vec<String> {
    let from = pos.variant().geometry.parse_square(from).expect("square");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| m.from == from)
        .map(|&m| pos.move_text(m))
        .collect();
    out.sort();
    out
}

/// Every legal move: its text reads back as itself, and play then undo
/// restores the position and its hash, which equals a fresh computation.
#[track_caller]
fn check_round_trips(pos: &mut Position) {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let before = pos.clone();
    for m in moves {
        let text = pos.move_text(m);
        assert_eq!(pos.parse_move(&text), Ok(m), "{text}");
        let san = pos.san(m);
        assert_eq!(pos.parse_san(&san), Ok(m), "{san}");
        pos.play_unchecked(m);
        assert_eq!(pos.hash(), pos.compute_hash(), "after {text}");
        pos.undo();
        assert!(*pos == before, "undo of {text}");
        assert_eq!(pos.hash(), before.hash());
    }
}

#[test]
fn lion_alone_has_24_leaps_and_a_pass() {
    // KNAD: the 24 squares of the 5x5 box round d4; mcabK: a step out and
    // back, a pass (eight ways, one move).
    let mut pos = position("4k3/8/8/8/3{LN}4/8/8/4K3 w - - 0 1");
    let moves = texts_from(&mut pos, "d4");
    assert_eq!(moves.len(), 25, "{moves:?}");
    assert!(moves.contains(&"d4d4".to_string()));
    assert!(moves.iter().all(|m| !m.contains('^')));
    check_round_trips(&mut pos);
}

#[test]
fn lion_takes_on_the_way_with_igui_and_double_capture() {
    // Blue men on e5 and f6: the 24 leaps (two of them captures) and the
    // pass, then caK through e5: d5 d6 e6 f5 f4 e4 (empty), f6 (a second
    // capture); cabK: e5 taken and back to d4 (igui). 33 moves.
    let mut pos = position("7k/8/5r2/4r3/3{LN}4/8/8/K7 w - - 0 1");
    let moves = texts_from(&mut pos, "d4");
    assert_eq!(moves.len(), 33, "{moves:?}");
    let mut on_way: Vec<&str> = moves.iter().filter(|m| m.contains('^')).map(String::as_str).collect();
    on_way.sort();
    assert_eq!(
        on_way,
        [
            "d4d4^e5", "d4d5^e5", "d4d6^e5", "d4e4^e5", "d4e6^e5", "d4f4^e5", "d4f5^e5", "d4f6^e5"
        ]
    );
    check_round_trips(&mut pos);
    // The double capture removes both rooks; undo puts them back.
    let before = pos.clone();
    pos.play_text("d4f6^e5").unwrap();
    assert_eq!(pos.piece_at(pos.variant().geometry.parse_square("e5").unwrap()), None);
    let (lion, _) = pos
        .piece_at(pos.variant().geometry.parse_square("f6").unwrap())
        .unwrap();
    assert_eq!(pos.variant().pieces[lion].name, "Lion");
    assert_eq!(pos.piece_count(1), 1);
    pos.undo();
    assert!(pos == before);
    // The igui leaves the Lion where it stood.
    pos.play_text("d4d4^e5").unwrap();
    assert!(
        pos.piece_at(pos.variant().geometry.parse_square("d4").unwrap())
            .is_some()
    );
    assert_eq!(pos.piece_count(1), 2);
}

#[test]
fn frog_chains_hops_and_takes_the_enemies_it_hops() {
    // Frog e4; Blue e5, f6; White f5. Hop e5 (taken) to e6, then f6 (taken)
    // to g6; or hop f5 (a friend, passed) to g6, then f6 (taken) to e6.
    let mut pos = position("7k/8/5r2/4r{R}2/4{FR}3/8/8/K7 w - - 0 1");
    assert_eq!(texts_from(&mut pos, "e4"), ["e4e6^e5", "e4e6^f6", "e4g6", "e4g6^e5^f6"]);
    check_round_trips(&mut pos);
    pos.play_text("e4g6^e5^f6").unwrap();
    assert_eq!(pos.piece_count(1), 1, "both rooks taken");
    pos.undo();
    pos.play_text("e4e6^f6").unwrap();
    let g = pos.variant().geometry;
    assert!(pos.piece_at(g.parse_square("e5").unwrap()).is_some(), "e5 only passed");
    assert_eq!(pos.piece_at(g.parse_square("f6").unwrap()), None);
}

#[test]
fn a_chain_of_knight_leaps_reaches_every_square() {
    let def = r#"
id = "c"
name = "C"
width = 8
height = 8
setup = "r7/8/8/8/3X4/8/8/7K w - - 0 1"
[[piece]]
name = "King"
code = "K"
moves = "K"
royal = true
[[piece]]
name = "Chain"
code = "X"
moves = "{chain}N"
[[piece]]
name = "Rook"
code = "R"
moves = "R"
"#;
    let v = bigboard::load(def).unwrap_or_else(|e| panic!("{e}"));
    let mut pos = Position::new(v);
    // Knight leaps over empty squares reach every square: all 64 but its
    // own and its King's, the Blue rook on a8 taken by the last leap.
    let moves = texts_from(&mut pos, "d4");
    assert_eq!(moves.len(), 62, "{moves:?}");
    assert!(moves.contains(&"d4a8".to_string()));
    check_round_trips(&mut pos);
}

#[test]
fn jumping_pawn_steps_double_and_triple_steps_and_hops() {
    // e2, empty board: e3 d2 f2 (steps), e4 e5 (first move).
    let mut pos = position("4k3/8/8/8/8/8/4{JP}3/K7 w - - 0 1");
    assert_eq!(texts_from(&mut pos, "e2"), ["e2d2", "e2e3", "e2e4", "e2e5", "e2f2"]);
    // e3 behind a White pawn on e4: d3 f3 and the hop to e5.
    let mut pos = position("4k3/8/8/8/4P3/4{JP}3/8/K7 w - - 0 1");
    assert_eq!(texts_from(&mut pos, "e3"), ["e3d3", "e3e5", "e3f3"]);
    // Over a Rook (not a pawn): no hop.
    let mut pos = position("k7/8/8/8/4{R}3/4{JP}3/8/K7 w - - 0 1");
    assert_eq!(texts_from(&mut pos, "e3"), ["e3d3", "e3f3"]);
    // Never onto the last rank.
    let mut pos = position("k7/4P3/4{JP}3/8/8/8/8/K7 w - - 0 1");
    assert_eq!(texts_from(&mut pos, "e6"), ["e6d6", "e6f6"]);
}

#[test]
fn a_hop_is_open_to_en_passant_that_takes_both_pawns() {
    let mut pos = position("4k3/8/8/3p4/4P3/4{JP}3/8/K7 w - - 0 1");
    pos.play_text("e3e5").unwrap();
    // The hopped pawn's square is recorded; the position text keeps it.
    let fen = pos.fen();
    assert!(fen.contains(" e4 "), "{fen}");
    let back = Position::from_fen(pos.variant().clone(), &fen).unwrap();
    assert!(back == pos, "{fen}");
    assert_eq!(back.hash(), pos.hash());
    // Blue's pawn d5 takes on e4: both White pawns go.
    let moves = texts_from(&mut pos, "d5");
    assert!(moves.contains(&"d5e4".to_string()), "{moves:?}");
    check_round_trips(&mut pos);
    pos.play_text("d5e4").unwrap();
    assert_eq!(pos.piece_count(0), 1, "only the White king is left");
    assert_eq!(pos.hash(), pos.compute_hash());
}

#[test]
fn a_frog_gives_check_by_hopping_the_king() {
    // Blue Frog e5 (moving down) hops the White King on e4 to e3: check.
    // The Rook on a1 cannot fill e3 or take the Frog: no move. The King
    // may go where the Frog hops it no more: d3, e3, f3, or take it on
    // e5; d4, f4 (its diagonal hops) and d5, f5 (sideways) stay attacked.
    let mut pos = position("7k/8/8/4{fr}3/4K3/8/8/{R}7 w - - 0 1");
    assert!(pos.in_check());
    assert!(texts_from(&mut pos, "a1").is_empty());
    assert_eq!(texts_from(&mut pos, "e4"), ["e4d3", "e4e3", "e4e5", "e4f3"]);
    assert_eq!(perft(&mut pos, 1), 4);
    // From a3 the Rook blocks by standing on the landing square.
    let mut pos = position("7k/8/8/4{fr}3/4K3/{R}7/8/8 w - - 0 1");
    assert_eq!(texts_from(&mut pos, "a3"), ["a3e3"]);
    assert_eq!(perft(&mut pos, 1), 5);
}

#[test]
fn misuse_is_an_error_with_its_place() {
    for (moves, want) in [
        ("caR", "needs a leaper leg"),
        ("{leapfrog}K", "{leapfrog} is a move of its own"),
        ("K{chain}", "modifiers without an atom"),
        ("ca{chain}K", "in front of the whole move"),
        ("{chain}iN", "cannot be combined"),
    ] {
        let err = bigboard::betza::parse_movement(moves).unwrap_err();
        assert!(err.to_string().contains(want), "{moves}: {err}");
    }
}
