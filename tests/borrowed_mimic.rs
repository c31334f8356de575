//! `{mimic}` (the Chameleon) and borrowed moves (`{orphan}`, `{friend}`) on
//! the UC-170-17 kinds that use them: the Chameleon (45), the Orphan (168),
//! the Friend (170) and the Orphan Pawn (P15). Each test names the position
//! and the moves expected, worked out by hand from the rules (rules file
//! section 8, readings table B, docs/variants/uc-170-17-game-rules.md section 9); the men a move takes
//! are read off the board after playing it.

mod common;

use common::{captures, moves_of, position};

// Kings: Blue's on a8 and White's on h1 stand off every line the tests use
// unless a test says otherwise.

/// Chameleon d4 on an empty board: a queen's 27 moves, none a capture
/// (readings table B).
#[test]
fn chameleon_alone_moves_as_a_queen() {
    let mut pos = position("k7/8/8/8/3{CHA}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 27, "{moves:?}");
    assert!(captures(&moves).is_empty());
}

/// It takes a man only the way the man's kind takes: a Knight on f5 by a
/// knight's leap (28 moves); a Rook on d7 by a rook's move; a Bishop on d7
/// not at all (25 moves: d7 and d8 are cut off).
#[test]
fn chameleon_takes_each_man_the_way_its_kind_takes() {
    let mut pos = position("k7/8/8/5n2/3{CHA}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 28, "{moves:?}");
    assert_eq!(captures(&moves), ["d4f5: f5"]);

    let mut pos = position("k7/3r4/8/8/3{CHA}4/8/8/7K w - - 0 1");
    assert_eq!(captures(&moves_of(&mut pos, "d4")), ["d4d7: d7"]);

    let mut pos = position("k7/3b4/8/8/3{CHA}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 25, "{moves:?}");
    assert!(captures(&moves).is_empty(), "{moves:?}");
}

/// Withdrawal from a Withdrawer on d5 (d3, d2, d1 take it: 23 moves);
/// approach to an Advancer on d7 (d6 takes it: 25 moves).
#[test]
fn chameleon_withdraws_and_approaches() {
    let mut pos = position("k7/8/8/3{wd}4/3{CHA}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 23, "{moves:?}");
    assert_eq!(captures(&moves), ["d4d1: d5", "d4d2: d5", "d4d3: d5"]);

    let mut pos = position("k7/3{ad}4/8/8/3{CHA}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 25, "{moves:?}");
    assert_eq!(captures(&moves), ["d4d6: d7"]);
}

/// Several at once: moving away from a Withdrawer on c3 toward an Advancer
/// on g7, e5 takes c3 and f6 takes both (22 moves: the diagonal is cut at
/// g7 and c3).
#[test]
fn chameleon_takes_several_ways_in_one_move() {
    let mut pos = position("k7/6{ad}1/8/8/3{CHA}4/2{wd}5/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 22, "{moves:?}");
    assert_eq!(captures(&moves), ["d4e5: c3", "d4f6: c3 g7"]);
}

/// A landing capture takes only the man it lands on: taking a Rook on d7
/// by a rook's move leaves a Pushme-Pullyu on d3 behind it standing, while
/// the moves to the empty d5 and d6 withdraw from it (23 moves).
#[test]
fn chameleon_landing_capture_takes_only_its_victim() {
    let mut pos = position("k7/3r4/8/8/3{CHA}4/3{pu}4/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 23, "{moves:?}");
    assert_eq!(captures(&moves), ["d4d5: d3", "d4d6: d3", "d4d7: d7"]);
}

/// Long Leapers are leapt, singly or several on a line, onto empty squares
/// (25 moves); any other man on the line stops the leap.
#[test]
fn chameleon_overtakes_long_leapers_only() {
    let mut pos = position("k7/3{ll}4/8/3{ll}4/3{CHA}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 25, "{moves:?}");
    assert_eq!(captures(&moves), ["d4d6: d5", "d4d8: d5 d7"]);

    let mut pos = position("k7/3{ll}4/8/3b4/3{CHA}4/8/8/7K w - - 0 1");
    assert!(captures(&moves_of(&mut pos, "d4")).is_empty());
}

/// Coordination with its own King (h1): a move onto the e-file takes the
/// Coordinator on e1 (the King's rank).
#[test]
fn chameleon_coordinates() {
    let mut pos = position("k7/8/3{CHA}4/8/8/8/8/4{cd}2K w - - 0 1");
    let moves = moves_of(&mut pos, "d6");
    assert_eq!(captures(&moves), ["d6e5: e1", "d6e6: e1", "d6e7: e1"]);
}

/// Custodial capture of a Pincer Pawn on e5 (White Knight beyond on e6),
/// only after a rook's move, as the Pincer Pawn's own: from c4 to e4 it
/// takes; from d3 the diagonal step to e4 takes nothing.
#[test]
fn chameleon_pinches_pincer_pawns_orthogonally() {
    let mut pos = position("k7/8/4N3/4{pnp}3/2{CHA}5/8/8/7K w - - 0 1");
    assert_eq!(captures(&moves_of(&mut pos, "c4")), ["c4e4: e5"]);

    let mut pos = position("k7/8/4N3/4{pnp}3/8/3{CHA}4/8/7K w - - 0 1");
    assert!(captures(&moves_of(&mut pos, "d3")).is_empty());
}

/// An Archer is shot as an Archer shoots: within two squares always
/// (`d4*d6`), farther only with a spotter (a White Knight next to d8).
#[test]
fn chameleon_shoots_archers() {
    let mut pos = position("k7/8/3{arc}4/8/3{CHA}4/8/8/7K w - - 0 1");
    assert_eq!(captures(&moves_of(&mut pos, "d4")), ["d4*d6: d6"]);

    let mut pos = position("k2{arc}4/8/8/8/3{CHA}4/8/8/7K w - - 0 1");
    assert!(captures(&moves_of(&mut pos, "d4")).is_empty());

    let mut pos = position("k1N{arc}4/8/8/8/3{CHA}4/8/8/7K w - - 0 1");
    assert_eq!(captures(&moves_of(&mut pos, "d4")), ["d4*d8: d8"]);
}

/// A Swapper is swapped with (`d4<>d6`), and next to the Chameleon also
/// destroyed together with it (`d4**d5`: the mark of a mover whose moves
/// may both shoot and destroy).
#[test]
fn chameleon_swaps_with_and_destroys_swappers() {
    let mut pos = position("k7/8/3{swp}4/8/3{CHA}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert!(moves.contains_key("d4<>d6"), "{moves:?}");
    assert!(captures(&moves).is_empty());

    let mut pos = position("k7/8/8/3{swp}4/3{CHA}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert!(moves.contains_key("d4<>d5"), "{moves:?}");
    assert_eq!(captures(&moves), ["d4**d5: d5"]);
}

/// It never takes a Chameleon (24 moves: the file is cut at d6), nor a man
/// next to its own Shield (a Knight on f5 beside a Blue Shield on g5).
#[test]
fn chameleon_spares_chameleons_and_shielded_men() {
    let mut pos = position("k7/8/3{cha}4/8/3{CHA}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 24, "{moves:?}");
    assert!(captures(&moves).is_empty());

    let mut pos = position("k7/8/8/5n{shd}1/3{CHA}4/8/8/7K w - - 0 1");
    assert!(captures(&moves_of(&mut pos, "d4")).is_empty());
}

/// A Chameleon and an enemy Immobilizer side by side freeze each other:
/// each may only remove itself.
#[test]
fn chameleon_and_immobilizer_freeze_each_other() {
    let mut pos = position("k7/8/8/3{im}4/3{CHA}4/8/8/7K w - - 0 1");
    assert_eq!(moves_of(&mut pos, "d4").into_keys().collect::<Vec<_>>(), ["d4-"]);
    let mut pos = position("k7/8/8/3{im}4/3{CHA}4/8/8/7K b - - 0 1");
    assert_eq!(moves_of(&mut pos, "d5").into_keys().collect::<Vec<_>>(), ["d5-"]);
}

/// Orphan d4 attacked by a Blue Rook on d8: the rook's 14 moves, d8 taken
/// (readings table B).
#[test]
fn orphan_moves_as_the_enemies_attacking_it() {
    let mut pos = position("3r3k/8/8/8/3{ORP}4/8/8/K7 w - - 0 1");
    let moves = moves_of(&mut pos, "d4");
    assert_eq!(moves.len(), 14, "{moves:?}");
    assert_eq!(captures(&moves), ["d4d8: d8"]);
}

/// Powers pass from Orphan to Orphan, to a fixpoint: the White Rook on a8
/// attacks the Blue Orphan on a5, which so attacks the White Orphan on e5
/// along the rank, which so attacks the Blue Orphan on h5. The White
/// Orphan has a rook's 14 moves and takes on a5 and h5.
#[test]
fn orphans_lend_to_orphans_to_a_fixpoint() {
    let mut pos = position("R7/6k1/8/{orp}3{ORP}2{orp}/8/8/2K5/8 w - - 0 1");
    let moves = moves_of(&mut pos, "e5");
    assert_eq!(moves.len(), 14, "{moves:?}");
    assert_eq!(captures(&moves), ["e5a5: a5", "e5h5: h5"]);
}

/// An Orphan next to the enemy King checks it (the King attacks it, so it
/// moves as a king). The King may take it, or step where it no longer
/// touches the Orphan (e7, d7, f7); d5, f5, d6 and f6 stay next to it and
/// are attacked.
#[test]
fn orphan_next_to_a_king_checks_it() {
    let mut pos = position("8/8/4k3/4{ORP}3/8/8/8/K7 b - - 0 1");
    assert!(pos.in_check());
    let moves = moves_of(&mut pos, "e6");
    assert_eq!(
        moves.keys().map(String::as_str).collect::<Vec<_>>(),
        ["e6d7", "e6e5", "e6e7", "e6f7"]
    );
}

/// Friend d4 guarded by a White Bishop on b2: the bishop's 11 moves
/// (readings table B); alone it has none.
#[test]
fn friend_moves_as_the_friends_guarding_it() {
    let mut pos = position("k7/8/8/8/3{FRI}4/8/1B6/7K w - - 0 1");
    assert_eq!(moves_of(&mut pos, "d4").len(), 11);
    let mut pos = position("k7/8/8/8/3{FRI}4/8/8/7K w - - 0 1");
    assert!(moves_of(&mut pos, "d4").is_empty());
}

/// A Friend guarded by an Orphan borrows what the Orphan borrowed: the
/// Orphan on d4, attacked by a Blue Knight on c6, guards the Friend on f5
/// with a knight's leap; the Friend so leaps to the 7 empty knight
/// squares round f5 (d4 is its own man).
#[test]
fn friend_borrows_what_a_guarding_orphan_borrowed() {
    let mut pos = position("k7/8/2n5/5{FRI}2/3{ORP}4/8/8/7K w - - 0 1");
    let moves = moves_of(&mut pos, "f5");
    assert_eq!(
        moves.keys().map(String::as_str).collect::<Vec<_>>(),
        ["f5d6", "f5e3", "f5e7", "f5g3", "f5g7", "f5h4", "f5h6"]
    );
}

/// Orphan Pawn e2 attacked by a Blue Bishop on d3: its pawn moves (e3, e4,
/// takes d3) and the bishop's (f3, g4, h5, d1, f1; d3 once): 8 moves.
#[test]
fn orphan_pawn_adds_borrowed_moves_to_its_own() {
    let mut pos = position("7k/8/8/8/8/3b4/4{OPN}3/7K w - - 0 1");
    let moves = moves_of(&mut pos, "e2");
    assert_eq!(moves.len(), 8, "{moves:?}");
    assert_eq!(captures(&moves), ["e2d3: d3"]);
}

/// Immunity is judged against the mover's own kind: the Orphan Pawn (a
/// pawn kind) takes a Mamra on g4 with a borrowed bishop's move. An Orphan
/// on e4 (no pawn kind), attacked by a Blue pawn on d5 and by a Mamra (a
/// king's step) on f5, takes the pawn but not the Mamra, by either power:
/// its moves are the king's steps to the empty squares, e5 and d5.
#[test]
fn mamra_against_borrowed_powers() {
    let mut pos = position("7k/8/8/8/6{mam}1/3b4/4{OPN}3/7K w - - 0 1");
    assert_eq!(captures(&moves_of(&mut pos, "e2")), ["e2d3: d3", "e2g4: g4"]);

    let mut pos = position("7k/8/8/3p1{mam}2/4{ORP}3/8/8/K7 w - - 0 1");
    let moves = moves_of(&mut pos, "e4");
    assert_eq!(
        moves.keys().map(String::as_str).collect::<Vec<_>>(),
        ["e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4"]
    );
    assert_eq!(captures(&moves), ["e4d5: d5"]);
}

/// A check given by a borrowed power is parried by taking the power away.
/// The Blue Archer on h7 attacks the White Orphan Pawn on c7 (spotted by
/// the Blue King next to it), which borrows the shot and shoots the King
/// on d8 (Blue's piece reserve is empty, so the pawn's own capture onto d8
/// is no move). The Archer stepping off the rank (h7h6) parries the check;
/// a Long Leaper move (b6b5) does not: the King still spots for the shot.
#[test]
fn a_borrowed_check_is_parried_by_moving_the_lender_away() {
    let mut pos = position("3k4/2{OPN}4{arc}/1{ll}6/8/8/8/8/3K4 b - - 0 1");
    assert!(pos.in_check());
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let texts: Vec<String> = legal.iter().map(|&m| pos.move_text(m)).collect();
    assert!(texts.iter().any(|t| t == "h7h6"), "{texts:?}");
    assert!(!texts.iter().any(|t| t.starts_with("b6")), "{texts:?}");
    // Every legal move leaves the King unattacked, and every other move
    // of the list the generator makes leaves it attacked.
    common::legal_texts_checked_by_play(&mut pos, "borrowed check");
}
