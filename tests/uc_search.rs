//! The search plays UC-170-17's turns with drops (docs/variants/rule-decisions.md, rule decision 18): a drop
//! paid by a credit held, by the exchange the move completes, and by a
//! mutual destruction; the turn it returns is legal and written as the
//! game writes it.

use bigboard::Position;
use bigboard::builtin;
use bigboard::search::{Control, Limits, Score, Searcher};

fn position(fen: &str) -> Position {
    Position::from_fen(builtin("uc-170-17").unwrap(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The best turn to `depth` and its score.
fn best(fen: &str, depth: u32) -> (String, Score) {
    let mut pos = position(fen);
    let control = Control {
        clock: &|| 0.0,
        stop: &|| false,
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = Searcher::new(4).search(&mut pos, limits, &control, &mut |_| {});
    let m = r.best.expect("a legal turn");
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.contains(&m), "the search's turn is legal");
    (pos.move_text(m), r.score)
}

/// Blue's King is walled in by its own men; a Rook dropped on e1 mates.
const WALLED: &str = "3rkr2/3p1p2/8/8/8/8/8/K7";

#[test]
fn a_credit_held_pays_for_a_mating_drop() {
    let (turn, score) = best(&format!("{WALLED} w - - 0 1 reserve=R/-,-/- credits=1,0/0,0"), 2);
    assert!(turn.ends_with("+@e1"), "{turn}");
    assert_eq!(score, Score::Mate(1));
    // Without the credit there is no mate: the King's moves alone.
    let (_, score) = best(&format!("{WALLED} w - - 0 1 reserve=R/-,-/-"), 2);
    assert!(matches!(score, Score::Cp(_)), "{score:?}");
}

/// Blue's Knight took on c3 last turn; the Bishop that takes it back
/// earns the credit that pays for the mating Rook in the same turn.
#[test]
fn a_recapture_pays_for_a_mating_drop_in_the_same_turn() {
    let fen = "3rkr2/3p1p2/8/B7/8/2n5/8/K7 w - - 0 1 reserve=R/-,-/-";
    let (turn, score) = best(&format!("{fen} pending=c3:1,0"), 2);
    assert_eq!(turn, "a5c3+@e1");
    assert_eq!(score, Score::Mate(1));
    // Taken long ago, the Knight earns nothing when taken now.
    let (_, score) = best(&format!("{fen} pending=-"), 2);
    assert!(matches!(score, Score::Cp(_)), "{score:?}");
}

/// The Swapper on e2 destroys itself with the Knight on e3: both sides
/// earn a credit at once, the e-file opens, and the Rook dropped on e1
/// mates. No other turn mates.
#[test]
fn a_mutual_destruction_pays_for_a_mating_drop() {
    let (turn, score) = best("3rkr2/3p1p2/8/8/8/4n3/4{SWP}3/K7 w - - 0 1 reserve=R/-,-/-", 2);
    assert_eq!(turn, "e2*e3+@e1");
    assert_eq!(score, Score::Mate(1));
}

fn evaluate(fen: &str) -> i32 {
    let pos = position(fen);
    bigboard::search::eval::Evaluator::new(pos.variant()).evaluate(&pos)
}

/// An advanced pawn is worth part of what its promotion would bring: the
/// reserve's last piece, so more with a Queen there than a Knight, and
/// more on the seventh rank than on the fifth.
#[test]
fn an_advanced_pawn_is_worth_part_of_the_reserve_piece_it_would_become() {
    let queen = |pawn: &str| evaluate(&format!("4k3/{pawn}/8/8/8/K7 w - - 0 1 reserve=NQ/-,-/-"));
    let knight = |pawn: &str| evaluate(&format!("4k3/{pawn}/8/8/8/K7 w - - 0 1 reserve=QN/-,-/-"));
    let seventh = "P7/8/8";
    let fifth = "8/8/P7";
    assert!(
        queen(seventh) > knight(seventh) + 100,
        "{} {}",
        queen(seventh),
        knight(seventh)
    );
    assert!(
        queen(seventh) > queen(fifth) + 100,
        "{} {}",
        queen(seventh),
        queen(fifth)
    );
    // With an empty reserve the pawn may not promote: nothing ahead.
    let empty = |pawn: &str| evaluate(&format!("4k3/{pawn}/8/8/8/K7 w - - 0 1 reserve=-/-,-/-"));
    assert!((empty(seventh) - empty(fifth)).abs() < 50);
}

/// A side that may lose its royals one by one (King and Wuss) counts
/// each; a lone King, under check rules, is not material.
#[test]
fn royals_count_where_they_may_be_captured() {
    let both = evaluate("4k3/8/8/8/8/8/8/{WUS}3K3 w - - 0 1");
    let king = evaluate("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(both > king + 300, "{both} {king}");
}
