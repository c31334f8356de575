//! Capture mechanisms (`{withdraw}`, `{approach}`, `{overtake}`, `{coord}`,
//! `{custodial}`, `{shoot}`, `{swap}`, `{destroy}`) and the piece keys
//! `freeze`, `shield` and `captured_by`, on the UC-170-17 kinds that use
//! them. Each test names the position and the moves expected, worked out
//! by hand from the rules (rules file section 8, readings table B); the
//! men a move takes are read off the board after playing it.

mod common;

use bigboard::Position;
use bigboard::builtin;
use common::{captures, moves_of, position};

// Kings: White's on h1 and Blue's on a8 stand off every line the tests use
// unless a test says otherwise.

/// Withdrawer d4, Blue man d5: 23 moves (a passive queen's); going straight
/// away from d5 (d3, d2, d1) takes it.
#[test]
fn withdrawer_takes_by_moving_away() {
    let mut pos = position("k7/8/8/3p4/3{WD}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 23, "{moves:?}");
    assert_eq!(captures(&moves), ["d4d1: d5", "d4d2: d5", "d4d3: d5"]);
}

/// Advancer d4, Blue man d7: 25 moves; stopping on d6, next to d7 in the
/// line of travel, takes it; d5 does not (d6 is empty).
#[test]
fn advancer_takes_by_approach() {
    let mut pos = position("k7/3p4/8/8/3{AD}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 25, "{moves:?}");
    assert_eq!(captures(&moves), ["d4d6: d7"]);
}

/// Pushme-Pullyu d4, Blue men c3 and h8: 23 moves; e5 and f6 withdraw
/// from c3; g7 withdraws from c3 and approaches h8, taking both. (White's
/// King on h1, Blue's on a1 here: a8 would be on the d4-a7 line.)
#[test]
fn pushme_pullyu_withdraws_and_approaches_in_one_move() {
    let mut pos = position("7p/8/8/8/3{PU}4/2p5/8/k6K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 23, "{moves:?}");
    assert_eq!(captures(&moves), ["d4e5: c3", "d4f6: c3", "d4g7: c3 h8"]);
}

/// Long Leaper a1, Blue men c3 and e5: 19 moves on an empty board; the
/// Kings on h1 and a8 take away a8 and h1 here (17). d4 takes c3; f6, g7
/// and h8 take both.
#[test]
fn long_leaper_overtakes_several_men() {
    let mut pos = position("k7/8/8/4p3/8/2p5/8/{LL}6K w - - 0 1");
    let moves = moves_of(&mut pos, "a1");
    assert_eq!(moves.len(), 17, "{moves:?}");
    assert_eq!(
        captures(&moves),
        ["a1d4: c3", "a1f6: c3 e5", "a1g7: c3 e5", "a1h8: c3 e5"]
    );
}

/// A Long Leaper never jumps two men in a row, a friend, or a shielded man.
#[test]
fn long_leaper_stops_at_two_men_a_friend_or_an_immune_man() {
    // Two Blue men on c3 and d4 in a row: nothing beyond b2.
    let mut pos = position("k7/8/8/8/3p4/2p5/8/{LL}6K w - - 0 1");
    let diagonal: Vec<String> = moves_of(&mut pos, "a1")
        .into_keys()
        .filter(|m| m == "a1b2" || m.ends_with("e5"))
        .collect();
    assert_eq!(diagonal, ["a1b2"]);
    // A White man on c3: nothing beyond b2 either.
    let mut pos = position("k7/8/8/8/8/2N5/8/{LL}6K w - - 0 1");
    assert!(moves_of(&mut pos, "a1").keys().all(|m| m != "a1d4"));
    // A Blue man on c3 next to a Blue Shield on c2: cannot be jumped.
    let mut pos = position("k7/8/8/8/8/2p5/2{shd}5/{LL}6K w - - 0 1");
    assert!(moves_of(&mut pos, "a1").keys().all(|m| m != "a1d4"));
}

/// White King b2; the Coordinator's move d6-e6 takes the Blue men on b6
/// (its rank, the King's file) and e2 (its file, the King's rank).
#[test]
fn coordinator_takes_where_its_lines_cross_its_kings() {
    let mut pos = position("7k/8/1p1{CD}4/8/8/8/1K2p3/8 w - - 0 1");
    let moves = moves_of(&mut pos, "d6");
    assert_eq!(moves["d6e6"], ["e2", "b6"]);
    // d6-d5: rank 5 x file b (b5) and file d x rank 2 (d2) are empty.
    assert!(moves["d6d5"].is_empty());
}

/// Pincer Pawn d1-d4 takes e4 (White man on f4) and c4 (White man on b4);
/// a Blue man on d5 with nothing of White's on d6 stays.
#[test]
fn pincer_pawn_takes_custodially() {
    let mut pos = position("k7/8/8/3p4/1Np1pN2/8/8/3{PNP}3K w - - 0 1");
    let moves = moves_of(&mut pos, "d1");
    assert_eq!(moves["d1d4"], ["c4", "e4"]);
    assert!(moves["d1d3"].is_empty());
}

/// Archer a1: a Blue man on a3 is shot (distance 2); one on a6 only with
/// a White spotter on b6; one on h8 alone is out of reach.
#[test]
fn archer_shoots_within_two_or_with_a_spotter() {
    let mut pos = position("k7/8/8/8/8/p7/8/{ARC}6K w - - 0 1");
    assert_eq!(captures(&moves_of(&mut pos, "a1")), ["a1*a3: a3"]);
    let mut pos = position("k7/8/p7/8/8/8/8/{ARC}6K w - - 0 1");
    assert!(captures(&moves_of(&mut pos, "a1")).is_empty());
    let mut pos = position("4k3/8/pN6/8/8/8/8/{ARC}6K w - - 0 1");
    assert_eq!(captures(&moves_of(&mut pos, "a1")), ["a1*a6: a6"]);
    // A spotter two squares away on an open line counts too (c4-b5-a6).
    let mut pos = position("k7/8/p7/8/2N5/8/8/{ARC}6K w - - 0 1");
    assert_eq!(captures(&moves_of(&mut pos, "a1")), ["a1*a6: a6"]);
    let mut pos = position("1k5p/8/8/8/8/8/8/{ARC}6K w - - 0 1");
    assert!(captures(&moves_of(&mut pos, "a1")).is_empty());
}

/// Swapper d4, Blue Rook d7: 26 moves (25 to empty squares and the swap
/// with d7); mutual destruction of an adjacent enemy; no swap straight
/// back between enemy Swappers.
#[test]
fn swapper_swaps_destroys_and_may_not_swap_back() {
    let mut pos = position("k7/3r4/8/8/3{SWP}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 26, "{moves:?}");
    assert!(moves.contains_key("d4<>d7"));
    pos.play_text("d4<>d7").unwrap();
    assert_eq!(
        pos.piece_at(pos.variant().geometry.parse_square("d4").unwrap())
            .map(|(k, _)| pos.variant().pieces[k].code.clone()),
        Some("R".into())
    );

    let mut pos = position("k7/8/8/4p3/3{SWP}4/8/8/7K w - - 0 1");
    assert_eq!(moves_of(&mut pos, "d4")["d4*e5"], ["e5"]);
    pos.play_text("d4*e5").unwrap();
    assert_eq!(pos.piece_count(0), 1, "the Swapper went too");

    // Enemy Swappers on d4 and d7: after White's swap, Blue's Swapper (now
    // on d4) may not swap back with d7, but may swap with another man.
    let mut pos = position("k7/3{swp}4/8/8/3{SWP}4/8/8/N6K w - - 0 1");
    pos.play_text("d4<>d7").unwrap();
    assert!(pos.fen().ends_with("swap=d4,d7"), "{}", pos.fen());
    let back = moves_of(&mut pos, "d4");
    assert!(!back.contains_key("d4<>d7"), "{back:?}");
    assert!(back.contains_key("d4<>a1"), "{back:?}");
    // The ban lasts one move and is part of the position: text round-trip,
    // hash.
    let fen = pos.fen();
    let again = position(&fen);
    assert_eq!(again.hash(), pos.hash());
    assert!(again == pos);
}

/// Blue Knight on e5 beside a White Immobilizer on d4: it has no move but
/// its removal, and gives no check to a White King on f3.
#[test]
fn immobilizer_freezes_adjacent_enemies() {
    let mut pos = position("k7/8/8/4n3/3{IM}4/5K2/8/8 b - - 0 1");
    let moves = moves_of(&mut pos, "e5");
    assert_eq!(moves.keys().collect::<Vec<_>>(), ["e5-"]);
    let pos = position("k7/8/8/4n3/3{IM}4/5K2/8/8 w - - 0 1");
    assert!(!pos.in_check());
    // Without the Immobilizer, the same Knight checks.
    let pos = position("k7/8/8/4n3/8/5K2/8/3{IM}4 w - - 0 1");
    assert!(pos.in_check());
    // Enemy Immobilizers side by side freeze each other; a frozen royal
    // cannot remove itself.
    let mut pos = position("k7/8/8/4{im}3/3{IM}4/8/8/7K w - - 0 1");
    assert_eq!(moves_of(&mut pos, "d4").keys().collect::<Vec<_>>(), ["d4-"]);
    let mut pos = position("8/8/8/4k3/3{IM}4/8/8/7K b - - 0 1");
    assert!(moves_of(&mut pos, "e5").is_empty());
}

/// White King e1 and Shield d2, Blue Rook e8 on the open e-file: no check
/// (the King cannot be taken); a White Knight on d2 instead: check.
#[test]
fn shield_makes_adjacent_friends_immune() {
    assert!(!position("k3r3/8/8/8/8/8/3{SHD}4/4K3 w - - 0 1").in_check());
    assert!(position("k3r3/8/8/8/8/8/3N4/4K3 w - - 0 1").in_check());
    // The Shield itself can be taken; a frozen Shield still protects.
    let mut pos = position("k7/8/8/8/8/8/3{shd}4/3R3K w - - 0 1");
    assert!(moves_of(&mut pos, "d1").contains_key("d1d2"));
    let mut pos = position("k7/8/8/8/8/2{IM}5/3{shd}n3/4R2K w - - 0 1");
    assert!(pos.frozen(pos.variant().geometry.parse_square("d2").unwrap()));
    assert!(!moves_of(&mut pos, "e1").contains_key("e1e2"));
    let mut pos = position("k7/8/8/8/8/2{IM}5/3nn3/4R2K w - - 0 1");
    assert_eq!(
        moves_of(&mut pos, "e1")["e1e2"],
        ["e2"],
        "a Knight in the Shield's place protects nothing"
    );
}

/// Mamra: a Blue Queen next to it cannot take it; a Blue Pawn can.
#[test]
fn mamra_is_taken_by_pawns_only() {
    let mut pos = position("k7/8/8/8/3q4/4{MAM}3/8/7K b - - 0 1");
    assert!(!moves_of(&mut pos, "d4").contains_key("d4e3"));
    let mut pos = position("k7/8/8/8/3p4/4{MAM}3/8/7K b - - 0 1");
    assert_eq!(moves_of(&mut pos, "d4")["d4e3"], ["e3"]);
}

/// Move text: every kind of move reads back to itself.
#[test]
fn mechanism_moves_round_trip_as_text() {
    for fen in [
        "k7/3r4/8/4p3/3{SWP}4/8/8/7K w - - 0 1",
        "4k3/8/pN6/8/8/8/8/{ARC}6K w - - 0 1",
        "k7/8/8/4n3/3{IM}4/5K2/8/8 b - - 0 1",
        "7p/8/8/8/3{PU}4/2p5/8/k6K w - - 0 1",
    ] {
        let mut pos = position(fen);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        for m in legal {
            let text = pos.move_text(m);
            assert_eq!(pos.parse_move(&text), Ok(m), "{fen}: {text}");
            let san = pos.san(m);
            assert_eq!(pos.parse_san(&san), Ok(m), "{fen}: {san}");
        }
    }
}

/// The search plays these kinds too: on each mech position of the perft
/// suite, a search of 20,000 nodes returns a legal move and leaves the
/// position as it was.
#[test]
fn search_plays_a_legal_move_among_mechanism_kinds() {
    use bigboard::search::{Control, Limits, Searcher};
    let epd = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft/uc-170-17.epd")).unwrap();
    let fens: Vec<&str> = epd
        .lines()
        .filter(|l| l.starts_with("mech-"))
        .map(|l| l.split(';').nth(1).unwrap().trim())
        .collect();
    assert_eq!(fens.len(), 15);
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let control = Control {
        clock: &clock,
        stop: &|| false,
    };
    for fen in fens {
        let mut pos = position(fen);
        let before = pos.fen();
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        let r = Searcher::new(4).search(&mut pos, limits, &control, &mut |_| {});
        assert_eq!(pos.fen(), before);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let best = r.best.expect("a move");
        assert!(legal.contains(&best), "{fen}: {best:?}");
    }
}

/// `d` (XBetza): capture a man of one's own side, never a royal one. A
/// piece `mdK` on d4 with a White Knight on e5: 8 moves, e5 taken; with the
/// White King on e5 instead, 7.
#[test]
fn d_takes_own_men_but_no_royal() {
    let text = r#"
id = "d-test"
name = "d test"
width = 8
height = 8
setup = "k7/8/8/8/8/8/8/7K w - - 0 1"
[[piece]]
name = "King"
code = "K"
moves = "K"
royal = true
[[piece]]
name = "Eater"
code = "E"
moves = "mdK"
[[piece]]
name = "Knight"
code = "N"
moves = "N"
"#;
    let v = bigboard::load(text).unwrap_or_else(|e| panic!("{e}"));
    let mut pos = Position::from_fen(v.clone(), "k7/8/8/4N3/3E4/8/8/7K w - - 0 1").unwrap();
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 8, "{moves:?}");
    pos.play_text("d4e5").unwrap();
    assert_eq!(pos.piece_count(0), 2, "the Knight is gone");
    let mut pos = Position::from_fen(v, "k7/8/8/4K3/3E4/8/8/8 w - - 0 1").unwrap();
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 7, "{moves:?}");
    assert!(!moves.contains_key("d4e5"));
    // `d` on a middle leg, or with p, is an error at the letter.
    let e = bigboard::betza::parse_movement("dafW").unwrap_err();
    assert_eq!(e.position, 0, "{e}");
    let e = bigboard::betza::parse_movement("pdR").unwrap_err();
    assert_eq!(e.position, 1, "{e}");
}

/// Ubi-Ubi (`{chain}{recapture}N`): any chain of knight leaps over empty
/// landing squares (d4: every other square of the board but the two
/// Kings', 61), taking only the man that took on the opponent's last move.
#[test]
fn ubi_ubi_takes_only_the_last_capturer() {
    let mut pos = position("7k/8/8/8/3{UB}4/8/8/7K w - - 0 1");
    assert_eq!(moves_of(&mut pos, "d4").len(), 61);
    // a1 with a Blue Rook on c2 that took last turn and a Blue Bishop on
    // b3: one move, a1c2; without the capture, none.
    let mut pos = position("k7/8/8/8/8/1b6/2r5/{UB}6K w - - 0 1 capturer=c2");
    assert_eq!(moves_of(&mut pos, "a1").into_keys().collect::<Vec<_>>(), ["a1c2"]);
    assert_eq!(pos.fen(), "k7/8/8/8/8/1b6/2r5/{UB}6K w - - 0 1 capturer=c2");
    let mut pos = position("k7/8/8/8/8/1b6/2r5/{UB}6K w - - 0 1");
    assert!(moves_of(&mut pos, "a1").is_empty());
    // A King may not take where the Ubi-Ubi could then reach it (c3, by a
    // chain); c2, a knight's leap from a1, is safe, as the Ubi-Ubi takes no
    // man that did not take.
    let mut pos = position("8/8/8/8/8/2Fk4/8/{UB}6K b - - 0 1");
    let king: Vec<String> = moves_of(&mut pos, "d3").into_keys().collect();
    assert_eq!(king, ["d3c2", "d3c4", "d3e2", "d3e3", "d3e4"]);
    // After a capture, the position text names the capturer, and the
    // record goes back with undo.
    let mut pos = position("k7/8/8/8/8/8/1Nr5/{UB}6K b - - 0 1");
    let before = pos.fen();
    pos.play_text("c2b2").unwrap();
    assert!(pos.fen().contains(" capturer=b2"), "{}", pos.fen());
    assert_eq!(captures(&moves_of(&mut pos, "a1")), ["a1b2: b2"]);
    pos.undo();
    assert_eq!(pos.fen(), before);
    // The capturer must be a man of the side that just moved.
    assert!(
        Position::from_fen(
            builtin("uc-170-17").unwrap(),
            "k7/8/8/8/8/8/2r5/{UB}6K w - - 0 1 capturer=a1"
        )
        .is_err()
    );
}

/// The colour of the man on `sq` and its kind's code.
fn man_on(pos: &Position, sq: &str) -> Option<(String, usize)> {
    let v = pos.variant();
    pos.piece_at(v.geometry.parse_square(sq).unwrap())
        .map(|(k, c)| (v.pieces[k].code.clone(), c))
}

/// Andernach Grasshopper (`{andernach}gQ`): the man it leaps changes side,
/// unless royal; play and undo restore the board.
#[test]
fn andernach_grasshopper_turns_the_leapt_man() {
    let mut pos = position("k7/8/8/3n4/8/3{AGH}4/8/7K w - - 0 1");
    let before = pos.fen();
    pos.play_text("d3d6").unwrap();
    assert_eq!(man_on(&pos, "d5"), Some(("N".into(), 0)), "the Knight is White's now");
    assert_eq!(pos.hash(), pos.compute_hash());
    pos.undo();
    assert_eq!(pos.fen(), before);
    // Over a White man: it becomes Blue's; the move takes nothing.
    let mut pos = position("k7/8/8/3N4/8/3{AGH}4/8/7K w - - 0 1");
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let m = pos.parse_move("d3d6").unwrap();
    assert!(!pos.is_capture(m));
    pos.play_unchecked(m);
    assert_eq!(man_on(&pos, "d5"), Some(("N".into(), 1)));
    // Over the Blue King: it stays Blue's.
    let mut pos = position("8/8/8/3k4/8/3{AGH}4/8/7K w - - 0 1");
    pos.play_text("d3d6").unwrap();
    assert_eq!(man_on(&pos, "d5"), Some(("K".into(), 1)));
}

/// Einstein Grasshopper (`{einstein}gQ`): the leapt man becomes the next
/// kind down the value ladder of the kinds on the board after a leap that
/// takes nothing, the next up after a capture; no change at either end, on
/// a royal, or on a man of an `{einstein}` kind. Values from the library:
/// Einstein Grasshopper 120, Knight 320, Bishop 330, Rook 500.
#[test]
fn einstein_grasshopper_moves_the_leapt_man_on_the_ladder() {
    // Down: Knight (320) -> Einstein Grasshopper (120), the next lower kind
    // on the board (the King is royal, off the ladder).
    let mut pos = position("k6r/8/8/3n4/8/3{EGH}4/7B/7K w - - 0 1");
    pos.play_text("d3d6").unwrap();
    assert_eq!(man_on(&pos, "d5"), Some(("EGH".into(), 1)));
    // Up, after a capture on d6: Knight -> Bishop (330). (With the White
    // King on h1 the move would be illegal: the new Bishop on d5 checks.)
    let mut pos = position("k6r/8/3q4/3n4/8/3{EGH}4/7B/K7 w - - 0 1");
    let m = pos.parse_move("d3d6").unwrap();
    assert!(pos.is_capture(m));
    pos.play_unchecked(m);
    assert_eq!(man_on(&pos, "d5"), Some(("B".into(), 1)));
    // The highest kind on the board (the Rook) leapt after a capture: no
    // change; the lowest (a Pawn, 100) after a quiet leap: none either.
    let mut pos = position("k7/8/3q4/3r4/8/3{EGH}4/8/7K w - - 0 1");
    let fen = pos.fen();
    let m = pos.parse_move("d3d6").unwrap();
    pos.play_unchecked(m);
    assert_eq!(
        man_on(&pos, "d5"),
        Some(("R".into(), 1)),
        "the Queen was taken: the Rook is the top"
    );
    pos.undo();
    assert_eq!(pos.fen(), fen);
    let mut pos = position("k7/8/8/3p4/8/3{EGH}4/8/7K w - - 0 1");
    pos.play_text("d3d6").unwrap();
    assert_eq!(man_on(&pos, "d5"), Some(("P".into(), 1)));
    // A screen of an Einstein kind keeps its kind.
    let mut pos = position("k7/8/8/3{egh}4/8/3{EGH}4/8/7K w - - 0 1");
    pos.play_text("d3d6").unwrap();
    assert_eq!(man_on(&pos, "d5"), Some(("EGH".into(), 1)));
}

/// Hurdle effects stand only on a single-leg hopper; `{circe}`, the
/// rebirth, comes last.
#[test]
fn hurdle_effects_need_a_hopper() {
    use bigboard::betza::parse_movement;
    assert!(parse_movement("{andernach}{einstein}gQ").is_ok());
    assert!(parse_movement("{andernach}pR").is_ok());
    assert!(parse_movement("{andernach}{einstein}{circe}gQ").is_ok());
    assert_eq!(parse_movement("{andernach}Q").unwrap_err().position, 0);
    assert_eq!(parse_movement("{circe}Q").unwrap_err().position, 0);
    let e = parse_movement("{circe}{andernach}gQ").unwrap_err();
    assert_eq!(e.position, 7);
    assert!(e.message.contains("{circe} comes after"), "{}", e.message);
}

/// Jester (`{jester}`): moves as the kind the opponent moved last (the
/// position text's `mover=`), taking only if that move took; copying a
/// pawn kind, only its one-square moves; no move before any move.
#[test]
fn jester_moves_as_the_kind_moved_last() {
    let texts = |fen: &str| -> Vec<String> {
        let mut pos = position(fen);
        moves_of(&mut pos, "d4").into_keys().collect()
    };
    // After a Blue Knight's move: the eight knight leaps from d4.
    assert_eq!(
        texts("k7/8/8/8/3{JE}4/8/8/7K w - - 0 1 mover=N"),
        ["d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"]
    );
    // No move before any move.
    assert!(texts("k7/8/8/8/3{JE}4/8/8/7K w - - 0 1").is_empty());
    // A Blue Rook on c5: a Bishop's move that took lets the Jester take it
    // (and stop there); one that did not, not.
    let took = texts("k7/8/8/2r5/3{JE}4/8/8/7K w - - 0 1 mover=B:x");
    assert!(
        took.contains(&"d4c5".to_string()) && !took.contains(&"d4b6".to_string()),
        "{took:?}"
    );
    let quiet = texts("k7/8/8/2r5/3{JE}4/8/8/7K w - - 0 1 mover=B");
    assert!(
        !quiet.contains(&"d4c5".to_string()) && quiet.contains(&"d4e5".to_string()),
        "{quiet:?}"
    );
    // After a pawn's capture: a White Pawn's one-square moves only, no
    // double step (d4 is not its second rank anyway): d5 and the capture c5.
    assert_eq!(texts("k7/8/8/2r5/3{JE}4/8/8/7K w - - 0 1 mover=P:x"), ["d4c5", "d4d5"]);
    // Copying a Jester: nothing.
    assert!(texts("k7/8/8/8/3{JE}4/8/8/7K w - - 0 1 mover=JE").is_empty());
    // In a game: Blue's Knight moves, then White's Jester has knight
    // leaps; the record goes back with undo.
    let mut pos = position("k7/8/8/8/3{JE}4/8/1n6/7K b - - 0 1");
    let before = pos.fen();
    pos.play_text("b2c4").unwrap();
    assert!(pos.fen().ends_with("mover=N"), "{}", pos.fen());
    assert_eq!(moves_of(&mut pos, "d4").len(), 8);
    pos.undo();
    assert_eq!(pos.fen(), before);
    // A Blue King on f5, a knight's leap from the White Jester on d4: a
    // quiet Blue Knight move leaves it there safely (the Jester could not
    // take); a Knight move that takes is illegal (the Jester could).
    let mut pos = position("8/8/8/5k2/3{JE}4/8/8/1n5K b - - 0 1");
    assert!(pos.parse_move("b1c3").is_ok());
    let mut pos = position("8/8/8/5k2/3{JE}4/2P5/8/1n5K b - - 0 1");
    assert!(
        pos.parse_move("b1c3").is_err(),
        "Nxc3 took: the Jester would then leap to f5 and take the King"
    );
}

/// Bad named fields of the position text are errors naming the field; the
/// position is not built.
#[test]
fn bad_named_fields_are_errors_naming_them() {
    let v = builtin("uc-170-17").unwrap();
    for (text, field) in [
        ("k7/8/8/8/8/8/8/7K w - - 0 1 mover=ZZZ", "mover"),
        ("k7/8/8/8/8/8/8/7K w - - 0 1 capturer=e4", "capturer"),
        ("k7/8/8/8/8/8/8/7K w - - 0 1 swap=d4", "swap"),
        ("k7/8/8/8/8/8/8/7K w - - 0 1 swap=d4,d4", "swap"),
        ("k7/8/8/8/8/8/8/7K w - - 0 1 colour=blue", "text"),
        ("k7/8/8/8/8/8/8/7K w - - 0 1 swap=d4,d7 swap=d4,d7", "swap"),
        ("k7/8/8/8/8/8/8/7K w - - 0 1 mover=N mover=B", "mover"),
    ] {
        let e = Position::from_fen(v.clone(), text).unwrap_err();
        assert!(e.to_string().contains(field), "{text}: {e}");
    }
    // position-fields-lenient.sh: a variant without a {swap} kind has no
    // swap to bar; the field was kept and written back.
    let xhess = builtin("xhess").unwrap();
    let text = format!("{} swap=j10,a1", xhess.setup);
    let e = Position::from_fen(xhess, &text).unwrap_err();
    assert_eq!(e.field, "swap", "{e}");
    assert!(e.message.contains("Xhess has no man that swaps"), "{e}");
}

/// A swap that moves the mover's own Immobilizer away unfreezes the enemy
/// men it held: the Swapper on d5 may swap with the Immobilizer on b3 (the
/// first man on its diagonal), but then the Blue Rook on a2, no longer
/// frozen, gives check along the second rank, so the swap is no legal
/// move. Every move is listed exactly when the King is safe after it.
#[test]
fn a_swap_that_moves_the_own_immobilizer_away_is_tested() {
    let mut pos = common::position("k7/8/8/3{SWP}4/8/1{IM}6/r6K/8 w - - 0 1");
    assert!(!pos.in_check());
    let legal = common::legal_texts_checked_by_play(&mut pos, "own Immobilizer swapped away");
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    // Generated, and refused: the Rook, no longer frozen, checks after it.
    assert!(pseudo.iter().any(|&m| pos.move_text(m) == "d5<>b3"));
    assert!(!legal.iter().any(|t| t == "d5<>b3"), "{legal:?}");
}

/// A frozen enemy man takes nothing, so what its moves would look at does
/// not matter while it stays frozen; the moves that could unfreeze it are
/// played and tested. The Blue Reflecting Bishop on a1, frozen by the
/// Immobilizer on a2, would check the King on e5 along the long diagonal:
/// the Knight may go to c3 on its path, and the Immobilizer to b2 (still
/// next to a1), but not to a3, nor may the Swapper swap with it (a5<>a2
/// puts the Swapper next to a1, yet the Immobilizer has left). The Blue
/// Rook on h5, frozen by the Immobilizer on g4, would check along the
/// fifth rank: the Immobilizer may go to g5 or g6 (next to h5) but not to
/// f3.
#[test]
fn moves_that_unfreeze_an_enemy_are_tested() {
    let mut pos = position("k7/8/8/{SWP}3K3/8/8/{IM}7/{reb}{N}6 w - - 0 1");
    assert!(!pos.in_check());
    let legal = common::legal_texts_checked_by_play(&mut pos, "");
    for wanted in ["b1c3", "a2b2"] {
        assert!(legal.iter().any(|t| t == wanted), "{wanted}: {legal:?}");
    }
    for unwanted in ["a2a3", "a5<>a2"] {
        assert!(!legal.iter().any(|t| t == unwanted), "{unwanted}: {legal:?}");
    }
    let mut pos = position("k7/8/8/4K2r/6{IM}1/8/8/8 w - - 0 1");
    assert!(!pos.in_check());
    let legal = common::legal_texts_checked_by_play(&mut pos, "");
    for wanted in ["g4g5", "g4g6"] {
        assert!(legal.iter().any(|t| t == wanted), "{wanted}: {legal:?}");
    }
    assert!(!legal.iter().any(|t| t == "g4f3"), "{legal:?}");
}

/// A swap with the enemy King moves the King a `{coord}` man coordinates
/// with: Blue's Swapper f6 may swap with White's King on d8, but then the
/// Coordinator b3, stepping to a4, takes on a6 (its file, the King's new
/// rank), so the swap is no legal move.
#[test]
fn a_swap_that_moves_the_enemy_king_is_tested() {
    let mut pos = position("3K4/8/k4{swp}2/8/8/1{CD}6/8/8 b - - 0 1");
    assert!(!pos.in_check());
    let legal = common::legal_texts_checked_by_play(&mut pos, "");
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    assert!(pseudo.iter().any(|&m| pos.move_text(m) == "f6<>d8"));
    assert!(!legal.iter().any(|t| t == "f6<>d8"), "{legal:?}");
}

/// A Coordinator takes a royal only on a rank or file of its King, so its
/// lines matter only when that King shares one with the royal. Blue's
/// King on e8 shares the e-file with White's on e1: the Blue Coordinator
/// c3, free to reach c1 or a1 (the first rank), would take e1, so the
/// Knights c2 and b2 that block it may not move. With Blue's King on d8
/// they are free.
#[test]
fn a_coordinator_lines_matter_when_its_king_shares_a_line_with_the_royal() {
    let mut pos = position("4k3/8/8/8/8/2{cd}5/1NN5/4K3 w - - 0 1");
    assert!(!pos.in_check());
    let legal = common::legal_texts_checked_by_play(&mut pos, "");
    assert!(
        !legal.iter().any(|t| t.starts_with("c2") || t.starts_with("b2")),
        "{legal:?}"
    );
    let mut pos = position("3k4/8/8/8/8/2{cd}5/1NN5/4K3 w - - 0 1");
    assert!(!pos.in_check());
    let legal = common::legal_texts_checked_by_play(&mut pos, "");
    assert!(legal.iter().any(|t| t.starts_with("c2")), "{legal:?}");
    assert!(legal.iter().any(|t| t.starts_with("b2")), "{legal:?}");
}
