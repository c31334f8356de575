//! Counted checks (`checks = N`, the gallery's Three-check chess): the
//! checks each side gives are counted, the Nth wins at once, checkmate
//! still wins; the counts are undone, hashed and kept in the position text
//! (`checks=W,B`, or Fairy-Stockfish's checks remaining `3+3`); the search
//! scores the last check as a win. Counts against Fairy-Stockfish:
//! `tests/fairy_stockfish.rs`.

use bigboard::Position;
use bigboard::rules::outcome::{Outcome, Reason};
use bigboard::rules::perft::perft;
use bigboard::search::{Control, Limits, Score, Searcher};
use bigboard::variant::Variant;
use std::sync::Arc;

fn text() -> String {
    let path = format!("{}/examples/variants/3check.toml", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn three_check() -> Arc<Variant> {
    bigboard::load(&text()).unwrap_or_else(|e| panic!("{e}"))
}

fn at(v: &Arc<Variant>, fen: &str, moves: &str) -> Position {
    let mut pos = Position::from_fen(v.clone(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    pos.replay(moves, |_, _| {}).unwrap_or_else(|e| panic!("{e}"));
    pos
}

fn start(v: &Arc<Variant>, moves: &str) -> Position {
    at(v, &v.setup, moves)
}

fn given(pos: &Position) -> [u32; 2] {
    [pos.checks_given(0), pos.checks_given(1)]
}

fn outcome(pos: &mut Position) -> Option<(Reason, Option<usize>)> {
    pos.outcome().map(|Outcome { reason, winner }| (reason, winner))
}

/// White has given two checks (Qh5+, Qxg6+); Black to move.
const TWO_GIVEN: &str = "rnbqkbnr/ppp5/4Bpp1/8/4P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 6 checks=2,0";

#[test]
fn each_move_that_leaves_a_king_attacked_counts_once() {
    let v = three_check();
    let mut pos = start(&v, "e2e4 f7f6");
    assert_eq!(given(&pos), [0, 0]);
    pos.play_text("d1h5").unwrap();
    assert_eq!(given(&pos), [1, 0], "Qh5+");
    pos.play_text("g7g6").unwrap();
    pos.play_text("h5g6").unwrap();
    assert_eq!(given(&pos), [2, 0], "Qxg6+");
    pos.play_text("h7g6").unwrap();
    assert_eq!(given(&pos), [2, 0], "taking the checking queen is no check");
    assert_eq!(outcome(&mut pos), None);
    // A double check (the knight and, discovered, the rook) is one check.
    let v = three_check();
    let pos = at(&v, "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1", "e4f6");
    assert_eq!(given(&pos), [1, 0]);
    // Black's checks count for Black.
    let pos = start(&v, "e2e4 e7e5 f2f3 d8h4");
    assert_eq!(given(&pos), [0, 1]);
}

#[test]
fn the_last_check_wins_at_once_and_checkmate_still_wins() {
    let v = three_check();
    // Bxf7+ is White's third check: not mate (the king may take or go
    // away), but the game is over, with no moves left.
    let mut pos = at(&v, TWO_GIVEN, "g8h6 e6f7");
    assert_eq!(given(&pos), [3, 0]);
    assert_eq!(outcome(&mut pos), Some((Reason::Checks, Some(0))));
    let o = pos.outcome().unwrap();
    assert_eq!(o.describe(&v), "gave check 3 times, White wins");
    assert_eq!(o.reason.to_string(), "checks given");
    assert_eq!(perft(&mut pos, 1), 0);
    assert!(pos.play_text("e8f7").is_err());
    // One move earlier the game goes on, and the count from there to
    // depth 2 leaves out the replies after each third check.
    let mut before = at(&v, TWO_GIVEN, "g8h6");
    assert_eq!(outcome(&mut before), None);
    let mut moves = Vec::new();
    before.legal_moves(&mut moves);
    let mut total = 0;
    let mut checks = 0;
    for m in moves {
        before.play_unchecked(m);
        let n = perft(&mut before, 1);
        if before.checks_given(0) == 3 {
            checks += 1;
            assert_eq!(n, 0, "{}", before.fen());
        }
        total += n;
        before.undo();
    }
    assert_eq!(checks, 2, "Bf7+ and Bd7+");
    assert_eq!(perft(&mut before, 2), total);
    // Checkmate before the count is reached wins as checkmate.
    let mut pos = start(&v, "f2f3 e7e5 g2g4 d8h4");
    assert_eq!(outcome(&mut pos), Some((Reason::Checkmate, Some(1))));
    // A mate that is also the last check ends the game by the count.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2 checks=0,2";
    let mut pos = at(&v, fen, "g2g4 d8h4");
    assert_eq!(outcome(&mut pos), Some((Reason::Checks, Some(1))));
}

#[test]
fn undo_restores_the_counts_and_the_hash() {
    let v = three_check();
    let mut pos = at(&v, TWO_GIVEN, "g8h6");
    let (fen, hash) = (pos.fen(), pos.hash());
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for m in moves {
        pos.play_unchecked(m);
        assert_eq!(pos.hash(), pos.compute_hash(), "{}", pos.fen());
        pos.undo();
        assert_eq!((pos.fen(), pos.hash()), (fen.clone(), hash));
        assert_eq!(given(&pos), [2, 0]);
    }
    // The same board with other counts is another position.
    let other = Position::from_fen(v.clone(), &fen.replace("checks=2,0", "checks=1,0")).unwrap();
    assert_ne!(other.hash(), pos.hash());
    assert_ne!(other, pos);
}

#[test]
fn the_counts_are_kept_in_the_position_text() {
    let v = three_check();
    // None given: no field, as in the setup.
    assert_eq!(Position::new(v.clone()).fen(), v.setup);
    let pos = start(&v, "e2e4 f7f6 d1h5 g7g6 h5g6 h7g6 f1c4 d7d5 c4d5 e7e6 d5e6");
    let fen = pos.fen();
    assert!(fen.ends_with(" 0 6 checks=2,0"), "{fen}");
    let back = Position::from_fen(v.clone(), &fen).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.fen(), fen);
    // Fairy-Stockfish's field gives the checks left: 1+3 is White's two
    // given.
    let fsf = "rnbqkbnr/ppp5/4Bpp1/8/4P3/8/PPPP1PPP/RNB1K1NR b KQkq - 1+3 0 6";
    assert_eq!(Position::from_fen(v.clone(), fsf).unwrap(), pos);
    // Bad values name the field.
    for bad in ["checks=2", "checks=4,0", "checks=a,b", "checks=-1,0", "checks=+1,0"] {
        let e = Position::from_fen(v.clone(), &format!("{} {bad}", v.setup)).unwrap_err();
        assert_eq!(e.field, "checks", "{bad}: {e}");
        assert!(e.message.contains("each 0..3"), "{bad}: {e}");
    }
    let e = Position::from_fen(v.clone(), &v.setup.replace(" - 0 1", " - 4+3 0 1")).unwrap_err();
    assert_eq!(e.field, "checks", "{e}");
    // A variant without the rule has no such field.
    let chess_like = bigboard::load(&text().replace("checks = 3\n", "")).unwrap();
    let e = Position::from_fen(chess_like.clone(), &format!("{} checks=1,0", v.setup)).unwrap_err();
    assert_eq!(e.field, "checks", "{e}");
    assert!(Position::from_fen(chess_like, &v.setup.replace(" - 0 1", " - 3+3 0 1")).is_err());
}

#[test]
fn the_search_takes_the_last_check() {
    let v = three_check();
    let mut pos = at(&v, TWO_GIVEN, "g8h6");
    let mut s = Searcher::new(4);
    let clock = || 0.0;
    let stop = || false;
    let control = Control {
        clock: &clock,
        stop: &stop,
    };
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let r = s.search(&mut pos, limits, &control, &mut |_| {});
    let best = r.best.map(|m| pos.move_text(m)).unwrap_or_default();
    assert_eq!(r.score, Score::Mate(1), "{best}");
    assert!(["e6f7", "e6d7"].contains(&best.as_str()), "{best}");
}

#[test]
fn the_key_wants_a_whole_number_from_1() {
    for (value, message) in [
        ("0", "rules.checks: 0 is out of range 1..100"),
        ("101", "rules.checks: 101 is out of range 1..100"),
        ("\"three\"", "rules.checks: expected a whole number"),
        ("2.5", "rules.checks: expected a whole number"),
    ] {
        let e = bigboard::load(&text().replace("checks = 3", &format!("checks = {value}"))).expect_err("a bad count");
        let problems: Vec<String> = e.0.iter().map(|p| p.to_string()).collect();
        assert_eq!(problems, [message], "{value}");
    }
    let one = bigboard::load(&text().replace("checks = 3", "checks = 1")).unwrap();
    let mut pos = start(&one, "e2e4 f7f6 d1h5");
    assert_eq!(outcome(&mut pos), Some((Reason::Checks, Some(0))));
    assert_eq!(pos.outcome().unwrap().describe(&one), "gave check, White wins");
}
