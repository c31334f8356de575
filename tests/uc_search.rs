//! The search plays UC-170-17's turns with drops (decision 18): a drop
//! paid by a credit held, by the exchange the move completes, and by a
//! mutual destruction; the turn it returns is legal and written as the
//! game writes it.

use bigboard::position::Position;
use bigboard::search::{Control, Limits, Score, Searcher};
use bigboard::variant::builtin;

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
