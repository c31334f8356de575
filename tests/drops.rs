//! Turns with drops and promotion from the reserve (UC-170-17: docs/variants/rule-decisions.md,
//! rule decision 18; docs/variants/uc-170-17-game-rules.md sections 5, 6 and 12): scripted games with what each
//! turn leaves on the board and in the reserves, the move text of turns
//! (written, read back, refused), and undo.

mod common;

use bigboard::Position;
use bigboard::rules::outcome::Reason;
use bigboard::rules::reserve::reserves::{PAWNS, PIECES};
use common::position;

fn code_on(pos: &Position, sq: &str) -> Option<(String, usize)> {
    let v = pos.variant();
    pos.piece_at(v.geometry.parse_square(sq).unwrap())
        .map(|(k, c)| (v.pieces[k].code.clone(), c))
}

fn codes(pos: &Position, color: usize, class: usize) -> Vec<String> {
    pos.reserve(color, class)
        .iter()
        .map(|&k| pos.variant().pieces[k].code.clone())
        .collect()
}

/// Plays `text`, checking hash, undo and the text of the move played.
fn play(pos: &mut Position, text: &str) {
    let before = pos.clone();
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(pos.move_text(m), text, "the text written for the turn read");
    pos.play_unchecked(m);
    assert_eq!(pos.hash(), pos.compute_hash(), "{text}");
    let mut back = pos.clone();
    back.undo();
    assert!(back == before, "undo of {text}");
}

/// An exchange credits both sides, and the recapturer drops its next
/// piece in the same turn.
#[test]
fn a_recapture_pays_for_a_drop_in_the_same_turn() {
    let mut pos = position("4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1 reserve=R/-,q/-");
    play(&mut pos, "d1d5");
    play(&mut pos, "c6d5+@a8");
    assert_eq!(code_on(&pos, "a8"), Some(("Q".into(), 1)));
    assert_eq!(pos.credits(1), [0, 0], "the credit paid");
    assert_eq!(pos.credits(0), [1, 0]);
    assert!(codes(&pos, 1, PIECES).is_empty());
    // White's credit pays for its Rook on its first rank.
    play(&mut pos, "e1e2+@h1");
    assert_eq!(code_on(&pos, "h1"), Some(("R".into(), 0)));
    assert_eq!(pos.credits(0), [0, 0]);
}

/// A piece and a pawn drop in one turn, each the next of its reserve,
/// each on its own rank; the drop resets the move counter.
#[test]
fn a_piece_and_a_pawn_drop_in_one_turn() {
    let mut pos = position("4k3/8/8/8/8/8/8/4K3 w - - 7 9 reserve=RN/P{BP},-/- credits=1,1/0,0");
    play(&mut pos, "e1d2+@a1+@h2");
    assert_eq!(code_on(&pos, "a1"), Some(("R".into(), 0)));
    assert_eq!(code_on(&pos, "h2"), Some(("P".into(), 0)));
    assert_eq!(codes(&pos, 0, PIECES), ["N"]);
    assert_eq!(codes(&pos, 0, PAWNS), ["BP"]);
    assert_eq!(pos.credits(0), [0, 0]);
    assert!(pos.fen().contains(" 0 9 "), "{}", pos.fen());
    // The dropped pawn makes its double step from its second rank.
    play(&mut pos, "e8e7");
    play(&mut pos, "h2h4");
}

/// The Anti-King is dropped only where it stands attacked after the turn
/// (by a man other than a King), anywhere on the board.
#[test]
fn an_anti_king_is_dropped_where_it_is_attacked() {
    let mut pos = position("r3k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve={AK}/-,-/- credits=1,0/0,0");
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let squares: std::collections::BTreeSet<String> = legal
        .iter()
        .filter_map(|&m| pos.drops(m).piece)
        .map(|sq| pos.variant().geometry.name(sq).to_string())
        .collect();
    let expected: std::collections::BTreeSet<String> = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "b8", "c8", "d8"]
        .map(String::from)
        .into();
    assert_eq!(squares, expected);
    play(&mut pos, "e1f2+@a4");
    assert_eq!(code_on(&pos, "a4"), Some(("AK".into(), 0)));
}

/// Promotions take the reserve from the back: the Amazon, then the
/// Knight; with the reserve empty, no pawn may enter its last rank.
#[test]
fn promotions_take_the_reserve_from_the_back_until_it_is_empty() {
    let mut pos = position("8/2PPP3/8/7k/8/8/8/K7 w - - 0 1 reserve=N{AM}/-,-/-");
    // The code may be written `=AM` or `={AM}`.
    assert_eq!(pos.parse_move("c7c8={AM}"), pos.parse_move("c7c8=AM"));
    play(&mut pos, "c7c8=AM");
    assert_eq!(code_on(&pos, "c8"), Some(("AM".into(), 0)));
    assert_eq!(codes(&pos, 0, PIECES), ["N"]);
    play(&mut pos, "h5h4");
    // The code may be left out: the promotion is forced.
    let m = pos.parse_move("d7d8").unwrap();
    assert_eq!(pos.move_text(m), "d7d8=N");
    play(&mut pos, "d7d8=N");
    assert_eq!(code_on(&pos, "d8"), Some(("N".into(), 0)));
    assert!(codes(&pos, 0, PIECES).is_empty());
    play(&mut pos, "h4h5");
    let e = pos.parse_move("e7e8").unwrap_err();
    assert!(e.to_string().contains("not a legal move"), "{e}");
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.iter().all(|m| pos.move_text(*m) != "e7e8"));
}

/// Drops that the rules do not allow are refused with a reason, and the
/// game is unchanged.
#[test]
fn bad_drops_are_refused_and_change_nothing() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=RN/P,-/- credits=1,0/0,0";
    let cases = [
        ("e1d1+@a2", "no such turn"),     // a piece on the second rank
        ("e1d1+@a3", "no such turn"),     // nowhere near a drop rank
        ("e1d1+@e1", ""),                 // see below
        ("e1d1+@h1+@a2", "no such turn"), // no pawn credit
        ("e1d1+N@a1", "no such turn"),    // the Knight is not next
        ("e1d1+@a1+@b1", "no such turn"),
        ("e1d1+@z9", "expected drops"),
        ("e1d1+a1", "expected drops"),
        ("e1d1+{XX}@a1", "unknown piece code"),
        ("e1d1+@a1+@a2+@b2", "at most two drops"),
    ];
    for (text, says) in cases {
        let mut pos = position(fen);
        let before = pos.clone();
        if text == "e1d1+@e1" {
            // e1 is emptied by the move: the drop there is legal.
            assert!(pos.parse_move(text).is_ok());
            continue;
        }
        let e = pos.play_text(text).unwrap_err();
        assert!(e.to_string().contains(says), "{text}: {e}");
        assert!(pos == before, "{text}: the game changed");
    }
    // The piece drop is written first.
    let mut pos = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=R/P,-/- credits=1,1/0,0");
    assert!(pos.parse_move("e1d1+@a1+@h2").is_ok());
    assert!(pos.parse_move("e1d1+@h2+@a1").is_err());
    // Where one square could take either drop, the code is needed.
    let mut pos = position("r3k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve={AK}/P,-/- credits=1,1/0,0");
    let e = pos.parse_move("e1d1+@a2").unwrap_err();
    assert!(e.to_string().contains("give the dropped kind's code"), "{e}");
    let ak = pos.parse_move("e1d1+{AK}@a2").unwrap();
    assert_eq!(pos.move_text(ak), "e1d1+{AK}@a2");
    let pawn = pos.parse_move("e1d1+P@a2").unwrap();
    assert_eq!(pos.move_text(pawn), "e1d1+P@a2");
    assert_ne!(ak, pawn);
}

/// Every legal turn's text reads back to that turn, in positions with
/// credits, an open exchange, an Anti-King due and promotions.
#[test]
fn every_turn_text_reads_back() {
    let fens = [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=R/P,-/- credits=1,1/0,0",
        "r3k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve={AK}/P,-/- credits=1,1/0,0",
        "4k3/8/2p5/3R4/8/8/8/4K3 b - - 0 1 reserve=R/-,q/p pending=d5:1,0",
        "8/2PPP3/8/7k/8/8/8/K7 w - - 0 1 reserve=N{AM}/P,-/- credits=0,1/0,0",
    ];
    for fen in fens {
        let mut pos = position(fen);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        assert!(
            legal.iter().any(|&m| !pos.drops(m).is_empty()),
            "{fen}: some turn drops"
        );
        for m in legal {
            let text = pos.move_text(m);
            assert_eq!(pos.parse_move(&text), Ok(m), "{fen}: {text}");
        }
    }
}

/// Under extinction rules (King and Wuss), the side that loses both has
/// lost; an attacked Wuss must move while it can.
#[test]
fn capturing_king_and_wuss_wins() {
    // The attacked Wuss on d4 must move.
    let mut pos = position("3rk3/8/8/8/3{WUS}4/8/8/4K3 w - - 0 1");
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.iter().all(|m| pos.move_text(*m).starts_with("d4")));
    // Blue takes the Wuss, then the King.
    let mut pos = position("4k3/8/8/8/8/8/3rr3/{WUS}3K3 b - - 0 1");
    play(&mut pos, "e2e1");
    assert!(pos.outcome().is_none(), "the Wuss is left");
    play(&mut pos, "a1a2");
    play(&mut pos, "d2a2");
    let o = pos.outcome().expect("over");
    assert_eq!((o.winner, o.reason), (Some(1), Reason::RoyalsCaptured));
}

/// The AI's evaluation counts each credit at the value of the reserve man
/// it pays for.
#[test]
fn credits_count_in_the_evaluation() {
    let v = bigboard::builtin("uc-170-17").unwrap();
    let e = bigboard::search::eval::Evaluator::new(&v);
    let q = v.kind_by_name("Q").unwrap();
    let r = v.kind_by_name("R").unwrap();
    let without = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=QR/-,-/-");
    let one = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=QR/-,-/- credits=1,0/0,0");
    let two = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=QR/-,-/- credits=2,0/0,0");
    assert_eq!(e.evaluate(&one) - e.evaluate(&without), e.value(q));
    assert_eq!(e.evaluate(&two) - e.evaluate(&without), e.value(q) + e.value(r));
    // Blue's credit counts against White.
    let blue = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=-/-,q/- credits=0,0/1,0");
    let none = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 reserve=-/-,q/-");
    assert_eq!(e.evaluate(&none) - e.evaluate(&blue), e.value(q));
}
